import type { PageViewRequest } from '@hls/contract';
import { api } from '@/lib/api-client';

export const analyticsApi = api.injectEndpoints({
  endpoints: (build) => ({
    reportPageView: build.mutation<void, PageViewRequest>({
      query: (body) => ({ url: '/analytics/pageview', method: 'POST', body }),
    }),
  }),
});
