import type { DownloadLink } from '@hls/contract';
import type {
  VersionedDownloadList,
  VersionEmailsOffBody,
  VersionEmailsOffResponse,
} from '@hls/contract/file-versions';
import * as endpoints from '@hls/contract/endpoints';
import { api } from '@/lib/api-client';

/**
 * The customer's downloads (GET /api/downloads) with their files' versions, their short-lived links (of the current
 * version or an earlier one), the links again by e-mail, and the opt-out link of the new-version e-mails.
 */
export const downloadsApi = api.enhanceEndpoints({ addTagTypes: ['Downloads'] }).injectEndpoints({
  endpoints: (build) => ({
    getDownloads: build.query<VersionedDownloadList, string | null>({
      query: (orderId) => ({ url: endpoints.downloads.url(), params: orderId ? { order: orderId } : {} }),
      extraOptions: { auth: true },
      providesTags: ['Downloads'],
    }),
    createDownloadLink: build.mutation<DownloadLink, { entitlementId: string; version?: number }>({
      query: ({ entitlementId, version }) => ({
        url: endpoints.downloadLink.url({ entitlementId }),
        method: 'POST',
        body: version === undefined ? {} : { version },
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
    /** The opt-out link of a new-version e-mail: no login, the token names the user. */
    versionEmailsOff: build.mutation<VersionEmailsOffResponse, VersionEmailsOffBody>({
      query: (body) => ({ url: endpoints.versionEmailsOff.url(), method: 'POST', body }),
    }),
  }),
});

export const {
  useGetDownloadsQuery,
  useCreateDownloadLinkMutation,
  useResendLinksMutation,
  useDownloadFreeFileMutation,
  useVersionEmailsOffMutation,
} = downloadsApi;
