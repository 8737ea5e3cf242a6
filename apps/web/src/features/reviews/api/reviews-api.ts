import type {
  ModerationPage,
  ModerationQuery,
  ModerationReview,
  MyReview,
  OwnReview,
  ProductReviews,
  ReviewBody,
} from '@hls/contract';
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
        query: ({ productId, page }) => ({ url: `/products/${productId}/reviews`, params: { page } }),
        providesTags: (_result, _error, { productId }) => [{ type: 'ProductReviews', id: productId }],
      }),
      getMyReview: build.query<MyReview, number>({
        query: (productId) => `/products/${productId}/review`,
        extraOptions: { auth: true },
        providesTags: (_result, _error, productId) => [{ type: 'MyReview', id: productId }],
      }),
      saveReview: build.mutation<OwnReview, { productId: number; body: ReviewBody }>({
        query: ({ productId, body }) => ({ url: `/products/${productId}/review`, method: 'PUT', body }),
        extraOptions: { auth: true },
        invalidatesTags: (_result, error, { productId }) => (error ? [] : productChanged(productId)),
      }),
      deleteReview: build.mutation<null, number>({
        query: (productId) => ({ url: `/products/${productId}/review`, method: 'DELETE' }),
        extraOptions: { auth: true },
        invalidatesTags: (_result, error, productId) => (error ? [] : productChanged(productId)),
      }),
      getModerationQueue: build.query<ModerationPage, ModerationArgs>({
        query: (params) => ({ url: '/editorial/reviews', params }),
        extraOptions: { auth: true },
        providesTags: ['ReviewQueue'],
      }),
      approveReview: build.mutation<ModerationReview, string>({
        query: (id) => ({
          url: `/editorial/reviews/${encodeURIComponent(id)}/approve`,
          method: 'POST',
          body: {},
        }),
        extraOptions: { auth: true },
        invalidatesTags: (result, error) =>
          error ? [] : ['ReviewQueue', ...(result ? productChanged(result.productId) : [])],
      }),
      rejectReview: build.mutation<ModerationReview, { id: string; reason: string }>({
        query: ({ id, reason }) => ({
          url: `/editorial/reviews/${encodeURIComponent(id)}/reject`,
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
