import type { DownloadLink, DownloadList } from '@hls/contract';
import * as endpoints from '@hls/contract/endpoints';
import { api } from '@/lib/api-client';

/** The customer's downloads (GET /api/downloads), their short-lived links, and the links again by e-mail. */
export const downloadsApi = api.enhanceEndpoints({ addTagTypes: ['Downloads'] }).injectEndpoints({
  endpoints: (build) => ({
    getDownloads: build.query<DownloadList, string | null>({
      query: (orderId) => ({ url: endpoints.downloads.url(), params: orderId ? { order: orderId } : {} }),
      extraOptions: { auth: true },
      providesTags: ['Downloads'],
    }),
    createDownloadLink: build.mutation<DownloadLink, string>({
      query: (entitlementId) => ({
        url: endpoints.downloadLink.url({ entitlementId }),
        method: 'POST',
        body: {},
      }),
      extraOptions: { auth: true },
    }),
    resendLinks: build.mutation<unknown, { orderId?: string }>({
      query: (body) => ({ url: endpoints.downloadsResend.url(), method: 'POST', body }),
      extraOptions: { auth: true },
    }),
    /** A free academic file: the entitlement and its link in one call (SPEC §1: free for logged-in users). */
    downloadFreeFile: build.mutation<DownloadLink, number>({
      query: (productId) => ({
        url: endpoints.freeFileDownload.url({ id: productId }),
        method: 'POST',
        body: {},
      }),
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
