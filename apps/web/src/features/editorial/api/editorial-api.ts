import type {
  Category,
  DecisionBody,
  QueuePage,
  QueueQuery,
  ReportDecisionBody,
  ReportPage,
  ReviewSubmission,
  Section,
} from '@hls/contract';
import * as endpoints from '@hls/contract/endpoints';
import { api } from '@/lib/api-client';

type SubmissionAction<Body> = { id: string; body: Body };
export type ReportListArgs = { status?: 'open' | 'upheld' | 'dismissed'; page: number };

/** After a change to one submission: it, the queue and (for an unpublication) the reports. */
const changed = (id: string) => [
  { type: 'Submission' as const, id },
  { type: 'EditorialQueue' as const, id: 'LIST' },
  { type: 'Report' as const, id: 'LIST' },
];

/** The editorial back office (editors and admins; the server refuses everyone else with a 403). */
export const editorialApi = api
  .enhanceEndpoints({ addTagTypes: ['EditorialQueue', 'Submission', 'Report'] })
  .injectEndpoints({
    endpoints: (build) => ({
      getQueue: build.query<QueuePage, QueueQuery>({
        query: (params) => ({ url: endpoints.editorialQueue.url(), params }),
        extraOptions: { auth: true },
        providesTags: [{ type: 'EditorialQueue', id: 'LIST' }],
      }),
      getReviewSubmission: build.query<ReviewSubmission, string>({
        query: (id) => endpoints.editorialSubmission.url({ id }),
        extraOptions: { auth: true },
        providesTags: (_result, _error, id) => [{ type: 'Submission', id }],
      }),
      claimSubmission: build.mutation<ReviewSubmission, string>({
        query: (id) => ({ url: endpoints.editorialClaim.url({ id }), method: 'POST', body: {} }),
        extraOptions: { auth: true },
        invalidatesTags: (_result, error, id) => (error ? [] : changed(id)),
      }),
      releaseSubmission: build.mutation<ReviewSubmission, string>({
        query: (id) => ({ url: endpoints.editorialRelease.url({ id }), method: 'POST', body: {} }),
        extraOptions: { auth: true },
        invalidatesTags: (_result, error, id) => (error ? [] : changed(id)),
      }),
      decideSubmission: build.mutation<ReviewSubmission, SubmissionAction<DecisionBody>>({
        query: ({ id, body }) => ({ url: endpoints.editorialDecision.url({ id }), method: 'POST', body }),
        extraOptions: { auth: true },
        invalidatesTags: (_result, error, { id }) => (error ? [] : changed(id)),
      }),
      unpublishSubmission: build.mutation<ReviewSubmission, SubmissionAction<{ comment: string }>>({
        query: ({ id, body }) => ({ url: endpoints.editorialUnpublish.url({ id }), method: 'POST', body }),
        extraOptions: { auth: true },
        invalidatesTags: (_result, error, { id }) => (error ? [] : changed(id)),
      }),
      getReports: build.query<ReportPage, ReportListArgs>({
        query: (params) => ({ url: endpoints.editorialReports.url(), params }),
        extraOptions: { auth: true },
        providesTags: [{ type: 'Report', id: 'LIST' }],
      }),
      decideReport: build.mutation<unknown, { id: number; body: ReportDecisionBody }>({
        query: ({ id, body }) => ({
          url: endpoints.editorialReportDecision.url({ id }),
          method: 'POST',
          body,
        }),
        extraOptions: { auth: true },
        invalidatesTags: (_result, error) =>
          error
            ? []
            : [
                { type: 'Report', id: 'LIST' },
                { type: 'EditorialQueue', id: 'LIST' },
                { type: 'Submission' },
              ],
      }),
      /** The categories an editor may move a submission to (the public list of the section). */
      getEditorialCategories: build.query<Category[], { section: Section }>({
        query: ({ section }) => ({ url: endpoints.categories.url(), params: { section } }),
      }),
      getEditorialSubcategories: build.query<Category[], { section: Section; category: number }>({
        query: ({ section, category }) => ({
          url: endpoints.subcategories.url(),
          params: { section, category },
        }),
      }),
    }),
  });

export const {
  useGetQueueQuery,
  useGetReviewSubmissionQuery,
  useClaimSubmissionMutation,
  useReleaseSubmissionMutation,
  useDecideSubmissionMutation,
  useUnpublishSubmissionMutation,
  useGetReportsQuery,
  useDecideReportMutation,
  useGetEditorialCategoriesQuery,
  useGetEditorialSubcategoriesQuery,
} = editorialApi;
