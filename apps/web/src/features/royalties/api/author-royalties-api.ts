import type {
  AuthorPayments,
  BankDetails,
  BankDetailsBody,
  Language,
  RoyaltyReportQuery,
  TreatyForm,
} from '@hls/contract';
import * as endpoints from '@hls/contract/endpoints';
import { api } from '@/lib/api-client';

/** The report's query as the URL holds it (page 1 left out). */
export type ReportArgs = Omit<RoyaltyReportQuery, 'page'> & { page?: number };

/**
 * The CSV export of the same filters (the whole report, no page), headed in the page's language (`lng`: the
 * account's language is only the server's fallback).
 */
export function reportCsvPath({ from, to, productId }: ReportArgs, language: Language): string {
  const params = new URLSearchParams();
  if (from) params.set('from', from);
  if (to) params.set('to', to);
  if (productId !== undefined) params.set('productId', String(productId));
  params.set('lng', language);
  return `${endpoints.authorPaymentsCsv.url()}?${params.toString()}`;
}

/** A treaty form's PDF (its author's, or any for an admin). */
export const treatyFormPath = (id: string) => endpoints.treatyFormFile.url({ id });

/** The monthly PDF statement of a month (YYYY-MM), in the page's language. */
export const statementPath = (month: string, language: Language) =>
  `${endpoints.royaltyStatement.url({ month })}?${new URLSearchParams({ lng: language }).toString()}`;

/**
 * The author's Paid Products screen (SPEC §2 /author-payment, §7): the sales, royalties, payouts and the detailed
 * report in one answer, and the bank details ('data saved' / 'data edited' / 'operation failed', SPEC §8).
 */
export const authorRoyaltiesApi = api
  .enhanceEndpoints({ addTagTypes: ['AuthorPayments', 'BankDetails'] })
  .injectEndpoints({
    endpoints: (build) => ({
      getAuthorPayments: build.query<AuthorPayments, ReportArgs>({
        query: (params) => ({ url: endpoints.authorPayments.url(), params }),
        extraOptions: { auth: true },
        providesTags: ['AuthorPayments'],
      }),
      getBankDetails: build.query<BankDetails | null, void>({
        query: () => endpoints.bankDetails.url(),
        extraOptions: { auth: true },
        providesTags: ['BankDetails'],
      }),
      createBankDetails: build.mutation<BankDetails, BankDetailsBody>({
        query: (body) => ({ url: endpoints.bankDetailsCreate.url(), method: 'POST', body }),
        extraOptions: { auth: true },
        // The screen's "bank details missing" notice reads the payments answer too.
        invalidatesTags: (_result, error) => (error ? [] : ['BankDetails', 'AuthorPayments']),
      }),
      updateBankDetails: build.mutation<BankDetails, BankDetailsBody>({
        query: (body) => ({ url: endpoints.bankDetailsUpdate.url(), method: 'PUT', body }),
        extraOptions: { auth: true },
        invalidatesTags: (_result, error) => (error ? [] : ['BankDetails', 'AuthorPayments']),
      }),
      /** PUT /api/checkout/bank/treaty-form: the PDF as the multipart part `file`. */
      uploadTreatyForm: build.mutation<TreatyForm, FormData>({
        query: (form) => ({ url: endpoints.treatyFormUpload.url(), method: 'PUT', body: form }),
        extraOptions: { auth: true },
        invalidatesTags: (_result, error) => (error ? [] : ['BankDetails']),
      }),
    }),
  });

export const {
  useGetAuthorPaymentsQuery,
  useGetBankDetailsQuery,
  useCreateBankDetailsMutation,
  useUpdateBankDetailsMutation,
  useUploadTreatyFormMutation,
} = authorRoyaltiesApi;
