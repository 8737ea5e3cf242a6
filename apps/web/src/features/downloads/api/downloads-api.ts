import type { DownloadLink, DownloadList } from '@hls/contract';
import { api } from '@/lib/api-client';

/** The customer's downloads (GET /api/downloads), their short-lived links, and the links again by e-mail. */
export const downloadsApi = api.enhanceEndpoints({ addTagTypes: ['Downloads'] }).injectEndpoints({
  endpoints: (build) => ({
    getDownloads: build.query<DownloadList, string | null>({
      query: (orderId) => ({ url: '/downloads', params: orderId ? { order: orderId } : {} }),
      extraOptions: { auth: true },
      providesTags: ['Downloads'],
    }),
    createDownloadLink: build.mutation<DownloadLink, string>({
      query: (entitlementId) => ({
        url: `/downloads/${encodeURIComponent(entitlementId)}/link`,
        method: 'POST',
        body: {},
      }),
      extraOptions: { auth: true },
    }),
    resendLinks: build.mutation<unknown, { orderId?: string }>({
      query: (body) => ({ url: '/downloads/resend', method: 'POST', body }),
      extraOptions: { auth: true },
    }),
    /** A free academic file: the entitlement and its link in one call (SPEC §1: free for logged-in users). */
    downloadFreeFile: build.mutation<DownloadLink, number>({
      query: (productId) => ({ url: `/category/file/${productId}/download`, method: 'POST', body: {} }),
      extraOptions: { auth: true },
      invalidatesTags: ['Downloads'],
    }),
  }),
});

export const {
  useGetDownloadsQuery,
  useCreateDownloadLinkMutation,
  useResendLinksMutation,
  useDownloadFreeFileMutation,
} = downloadsApi;
