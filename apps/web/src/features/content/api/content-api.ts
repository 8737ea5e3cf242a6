import type { ContactReceipt, ContactRequest, SiteInfo } from '@hls/contract';
import * as endpoints from '@hls/contract/endpoints';
import { api } from '@/lib/api-client';

type DocumentLink = { file: string };

export const contentApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Owner company, host, contact e-mails and phone, social links (GET /api/site). */
    getSiteInfo: build.query<SiteInfo, void>({
      query: () => endpoints.site.url(),
      keepUnusedDataFor: 3600,
    }),
    /** Where to download a document (SPEC §7: GET /api/books/type/file/{type}); the author contract is `contrat`. */
    getDocumentLink: build.query<DocumentLink, 'contrat'>({
      query: (type) => endpoints.documentLink.url({ type }),
    }),
    /** Sent with the session when there is one: the API acknowledges to a signed-in sender's confirmed address. */
    sendContactMessage: build.mutation<ContactReceipt, ContactRequest>({
      query: (body) => ({ url: endpoints.contact.url(), method: 'POST', body }),
      extraOptions: { auth: true },
    }),
  }),
});

export const { useGetSiteInfoQuery, useLazyGetDocumentLinkQuery, useSendContactMessageMutation } = contentApi;
