import { z } from 'zod';
import { Id, ProductKind, RatingSummary, Section } from './catalog.ts';
import {
  MAX_PAGE,
  productReviewStatuses,
  RATING_MAX,
  REVIEW_REASON_MAX,
  REVIEW_TEXT_MAX,
  REVIEW_TEXT_MIN,
} from './values.ts';

/**
 * Customer reviews. A verified buyer (a paid order line of the product that was not refunded or withdrawn) or, for
 * a free academic document, a user who downloaded it, writes one review per product: 1 to 5 stars and a text. It
 * is public once an editor approves it; an edit waits for an editor again.
 */

export const ProductReviewStatus = z.enum(productReviewStatuses);
export type ProductReviewStatus = z.infer<typeof ProductReviewStatus>;

/** PUT /api/products/{id}/review: the user's review of a product (created, or replaced). */
export const ReviewBody = z.object({
  rating: z.coerce
    .number({ error: 'rating.invalid' })
    .int('rating.invalid')
    .min(1, 'rating.invalid')
    .max(RATING_MAX, 'rating.invalid'),
  text: z
    .string({ error: 'review.required' })
    .trim()
    .min(1, 'review.required')
    .min(REVIEW_TEXT_MIN, 'review.tooShort')
    .max(REVIEW_TEXT_MAX, 'review.tooLong'),
});
export type ReviewBody = z.input<typeof ReviewBody>;

/** A review as the public reads it: the reviewer's first name and initial only. */
export const PublicReview = z.object({
  id: z.string(),
  rating: z.number().int(),
  text: z.string(),
  reviewer: z.string(),
  /** When it was written or last edited. */
  date: z.string(),
});
export type PublicReview = z.infer<typeof PublicReview>;

export const ReviewsQuery = z.object({
  page: z.coerce
    .number({ error: 'page.invalid' })
    .int('page.invalid')
    .min(1, 'page.invalid')
    .max(MAX_PAGE, 'page.invalid')
    .default(1),
});

/** GET /api/products/{id}/reviews: the approved reviews, newest first, with their summary. */
export const ProductReviews = z.object({
  summary: RatingSummary.nullable(),
  /** Approved reviews by stars, index 0 = 1 star. */
  distribution: z.array(z.number().int()),
  results: z.array(PublicReview),
  count: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  pages: z.number().int(),
});
export type ProductReviews = z.infer<typeof ProductReviews>;

/** The user's own review, whatever its state. */
export const OwnReview = z.object({
  id: z.string(),
  productId: z.number().int(),
  rating: z.number().int(),
  text: z.string(),
  status: ProductReviewStatus,
  /** Why an editor refused it (rejected reviews only). */
  rejectionReason: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type OwnReview = z.infer<typeof OwnReview>;

/** GET /api/products/{id}/review: may the user review this product, and their review if they wrote one. */
export const MyReview = z.object({
  /** A verified buyer of the product (or, for a free document, someone who downloaded it). */
  eligible: z.boolean(),
  review: OwnReview.nullable(),
});
export type MyReview = z.infer<typeof MyReview>;

/* ---------------------------------------------------------------- moderation (editors and admins) */

export const ModerationQuery = z.object({
  status: ProductReviewStatus.default('pending'),
  page: ReviewsQuery.shape.page,
});
export type ModerationQuery = z.input<typeof ModerationQuery>;

export const ModerationReview = OwnReview.extend({
  /** The name shown with the review once public. */
  reviewer: z.string(),
  /** The product reviewed (null once it left the catalogue). */
  product: z.object({ kind: ProductKind, section: Section, title: z.string() }).nullable(),
  moderatedAt: z.string().nullable(),
});
export type ModerationReview = z.infer<typeof ModerationReview>;

export const ModerationPage = z.object({
  results: z.array(ModerationReview),
  count: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  pages: z.number().int(),
  /** Reviews waiting for an editor, whatever the status shown. */
  pending: z.number().int(),
});
export type ModerationPage = z.infer<typeof ModerationPage>;

export const ReviewParams = z.object({ id: z.uuid({ error: 'id.invalid' }) });
export const ProductReviewParams = z.object({ id: Id });

/** POST /api/editorial/reviews/{id}/reject: the reason the author reads. */
export const RejectReviewBody = z.object({
  reason: z
    .string({ error: 'reason.required' })
    .trim()
    .min(1, 'reason.required')
    .max(REVIEW_REASON_MAX, 'reason.tooLong'),
});
export type RejectReviewBody = z.input<typeof RejectReviewBody>;
