import type {
  AuthorProductList,
  BecomeAuthorRequest,
  BecomeAuthorResponse,
  Category,
  CreateDraftBody,
  EditionFormat,
  PriceQuote,
  Section,
  Submission,
  SubmissionDraftBody,
  UploadSlot,
} from '@hls/contract';
import * as endpoints from '@hls/contract/endpoints';
import { api } from '@/lib/api-client';

export type ProposalKind = 'book' | 'file';
export type FileSection = 'academic' | 'professional';
type IdArgs<Body> = { id: string; body: Body };
export type PriceQuoteArgs =
  | { kind: 'book'; format: EditionFormat; priceCents: number }
  | { kind: 'file'; section: FileSection; priceCents: number };

/** A submission and the lists it appears in: what to refetch after the author changed it. */
const changed = (id: string) => [
  { type: 'AuthorSubmission' as const, id },
  { type: 'AuthorSubmission' as const, id: 'LIST' },
];

/**
 * The author space (SPEC §7 Files and Books): "My products", the proposals with their drafts and uploads (the
 * uploads themselves go through `upload-request.ts`, for their progress), the price calculator, and becoming an
 * author.
 */
export const authoringApi = api.enhanceEndpoints({ addTagTypes: ['AuthorSubmission'] }).injectEndpoints({
  endpoints: (build) => ({
    getAuthorProducts: build.query<AuthorProductList, ProposalKind>({
      query: (kind) => (kind === 'book' ? endpoints.authorBooks.url() : endpoints.authorFiles.url()),
      extraOptions: { auth: true },
      providesTags: [{ type: 'AuthorSubmission', id: 'LIST' }],
    }),
    getAuthorSubmission: build.query<Submission, string>({
      query: (id) => endpoints.submission.url({ id }),
      extraOptions: { auth: true },
      providesTags: (_result, _error, id) => [{ type: 'AuthorSubmission', id }],
    }),
    createSubmissionDraft: build.mutation<Submission, CreateDraftBody>({
      query: (body) => ({ url: endpoints.submissionCreate.url(), method: 'POST', body }),
      extraOptions: { auth: true },
      invalidatesTags: (_result, error) => (error ? [] : [{ type: 'AuthorSubmission', id: 'LIST' }]),
    }),
    saveSubmissionDraft: build.mutation<Submission, IdArgs<SubmissionDraftBody>>({
      query: ({ id, body }) => ({ url: endpoints.submissionSave.url({ id }), method: 'PATCH', body }),
      extraOptions: { auth: true },
      // The form holds the values being typed: only the lists are refetched, not the submission being edited.
      invalidatesTags: (_result, error) => (error ? [] : [{ type: 'AuthorSubmission', id: 'LIST' }]),
    }),
    removeSubmissionUpload: build.mutation<unknown, { id: string; slot: UploadSlot }>({
      query: ({ id, slot }) => ({
        url: endpoints.submissionUploadRemove.url({ id, slot }),
        method: 'DELETE',
      }),
      extraOptions: { auth: true },
    }),
    deleteSubmissionDraft: build.mutation<unknown, string>({
      query: (id) => ({ url: endpoints.submissionDelete.url({ id }), method: 'DELETE' }),
      extraOptions: { auth: true },
      invalidatesTags: (_result, error) => (error ? [] : [{ type: 'AuthorSubmission', id: 'LIST' }]),
    }),
    /** POST /api/books/add or /api/category/file/create: multipart text parts (the uploads are the draft's). */
    proposeSubmission: build.mutation<Submission, { kind: ProposalKind; form: FormData }>({
      query: ({ kind, form }) => ({
        url: kind === 'book' ? endpoints.bookPropose.url() : endpoints.filePropose.url(),
        method: 'POST',
        body: form,
      }),
      extraOptions: { auth: true },
      invalidatesTags: (result, error) => (error || !result ? [] : changed(result.id)),
    }),
    resubmitSubmission: build.mutation<Submission, IdArgs<{ note?: string }>>({
      query: ({ id, body }) => ({ url: endpoints.submissionResubmit.url({ id }), method: 'POST', body }),
      extraOptions: { auth: true },
      invalidatesTags: (_result, error, { id }) => (error ? [] : changed(id)),
    }),
    withdrawSubmission: build.mutation<Submission, IdArgs<{ reason?: string }>>({
      query: ({ id, body }) => ({ url: endpoints.submissionWithdraw.url({ id }), method: 'POST', body }),
      extraOptions: { auth: true },
      invalidatesTags: (_result, error, { id }) => (error ? [] : changed(id)),
    }),
    requestUnpublish: build.mutation<Submission, IdArgs<{ reason?: string }>>({
      query: ({ id, body }) => ({
        url: endpoints.submissionUnpublishRequest.url({ id }),
        method: 'POST',
        body,
      }),
      extraOptions: { auth: true },
      invalidatesTags: (_result, error, { id }) => (error ? [] : changed(id)),
    }),
    quoteRoyalty: build.query<PriceQuote, PriceQuoteArgs>({
      query: (args) =>
        args.kind === 'book'
          ? {
              url: endpoints.bookPriceQuote.url(),
              method: 'POST',
              body: { format: args.format, priceCents: args.priceCents },
            }
          : {
              url: endpoints.filePriceQuote.url(),
              method: 'POST',
              body: { section: args.section, priceCents: args.priceCents },
            },
    }),
    getProposalCategories: build.query<Category[], Section>({
      query: (section) => ({ url: endpoints.categories.url(), params: { section } }),
    }),
    getProposalSubcategories: build.query<Category[], { section: Section; category: number }>({
      query: ({ section, category }) => ({
        url: endpoints.subcategories.url(),
        params: { section, category },
      }),
    }),
    upgradeToAuthor: build.mutation<BecomeAuthorResponse, BecomeAuthorRequest>({
      query: (body) => ({ url: endpoints.becomeAuthor.url(), method: 'POST', body }),
      extraOptions: { auth: true },
    }),
  }),
});

export const {
  useGetAuthorProductsQuery,
  useGetAuthorSubmissionQuery,
  useCreateSubmissionDraftMutation,
  useSaveSubmissionDraftMutation,
  useRemoveSubmissionUploadMutation,
  useDeleteSubmissionDraftMutation,
  useProposeSubmissionMutation,
  useResubmitSubmissionMutation,
  useWithdrawSubmissionMutation,
  useRequestUnpublishMutation,
  useQuoteRoyaltyQuery,
  useGetProposalCategoriesQuery,
  useGetProposalSubcategoriesQuery,
  useUpgradeToAuthorMutation,
} = authoringApi;
