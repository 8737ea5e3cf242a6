import type { AuthorStats } from '@hls/contract';
import * as endpoints from '@hls/contract/endpoints';
import { api } from '@/lib/api-client';

/** The signed-in author's products month by month: views, sales, refunds, conversion (GET /api/author/stats). */
export const authorStatsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAuthorStats: build.query<AuthorStats, void>({
      query: () => endpoints.authorStats.url(),
      extraOptions: { auth: true },
    }),
  }),
});

export const { useGetAuthorStatsQuery } = authorStatsApi;
