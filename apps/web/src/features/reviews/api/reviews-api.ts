import type {
  ModerationPage,
  ModerationQuery,
  ModerationReview,
  MyReview,
  OwnReview,
  ProductReviews,
  ReviewBody,
} from '@hls/contract';
import * as endpoints from '@hls/contract/endpoints';
import { api } from '@/lib/api-client';

export type ProductReviewsArgs = { productId: number; page: number };
export type ModerationArgs = Required<Pick<ModerationQuery, 'status' | 'page'>>;

/** A product's reviews (public and the user's own) after the user changed theirs. */
const productChanged = (productId: number) => [
  { type: 'ProductReviews' as const, id: productId },
  { type: 'MyReview' as const, id: productId },
];

/**
 * Customer reviews: a product's approved reviews (public), the user's own review of it, and the editors' queue
 * with their decisions.
 */
export const reviewsApi = api
  .enhanceEndpoints({ addTagTypes: ['ProductReviews', 'MyReview', 'ReviewQueue'] })
  .injectEndpoints({
    endpoints: (build) => ({
      getProductReviews: build.query<ProductReviews, ProductReviewsArgs>({
        query: ({ productId, page }) => ({
          url: endpoints.productReviews.url({ id: productId }),
          params: { page },
        }),
        providesTags: (_result, _error, { productId }) => [{ type: 'ProductReviews', id: productId }],
      }),
      getMyReview: build.query<MyReview, number>({
        query: (productId) => endpoints.myReview.url({ id: productId }),
        extraOptions: { auth: true },
        providesTags: (_result, _error, productId) => [{ type: 'MyReview', id: productId }],
      }),
      saveReview: build.mutation<OwnReview, { productId: number; body: ReviewBody }>({
        query: ({ productId, body }) => ({
          url: endpoints.reviewSave.url({ id: productId }),
          method: 'PUT',
          body,
        }),
        extraOptions: { auth: true },
        invalidatesTags: (_result, error, { productId }) => (error ? [] : productChanged(productId)),
      }),
      deleteReview: build.mutation<null, number>({
        query: (productId) => ({ url: endpoints.reviewDelete.url({ id: productId }), method: 'DELETE' }),
        extraOptions: { auth: true },
        invalidatesTags: (_result, error, productId) => (error ? [] : productChanged(productId)),
      }),
      getModerationQueue: build.query<ModerationPage, ModerationArgs>({
        query: (params) => ({ url: endpoints.reviewQueue.url(), params }),
        extraOptions: { auth: true },
        providesTags: ['ReviewQueue'],
      }),
      approveReview: build.mutation<ModerationReview, string>({
        query: (id) => ({
          url: endpoints.reviewApprove.url({ id }),
          method: 'POST',
          body: {},
        }),
        extraOptions: { auth: true },
        invalidatesTags: (result, error) =>
          error ? [] : ['ReviewQueue', ...(result ? productChanged(result.productId) : [])],
      }),
      rejectReview: build.mutation<ModerationReview, { id: string; reason: string }>({
        query: ({ id, reason }) => ({
          url: endpoints.reviewReject.url({ id }),
          method: 'POST',
          body: { reason },
        }),
        extraOptions: { auth: true },
        invalidatesTags: (result, error) =>
          error ? [] : ['ReviewQueue', ...(result ? productChanged(result.productId) : [])],
      }),
    }),
  });

export const {
  useGetProductReviewsQuery,
  useGetMyReviewQuery,
  useSaveReviewMutation,
  useDeleteReviewMutation,
  useGetModerationQueueQuery,
  useApproveReviewMutation,
  useRejectReviewMutation,
} = reviewsApi;
