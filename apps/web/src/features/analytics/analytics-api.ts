import type { PageViewRequest } from '@hls/contract';
import * as endpoints from '@hls/contract/endpoints';
import { api } from '@/lib/api-client';

export const analyticsApi = api.injectEndpoints({
  endpoints: (build) => ({
    reportPageView: build.mutation<void, PageViewRequest>({
      query: (body) => ({ url: endpoints.pageView.url(), method: 'POST', body }),
    }),
  }),
});
