import type { ProductReviews } from '@hls/contract';
import { RATING_MAX } from '@hls/contract/values';

const rating = (value: number) => ({ bestRating: RATING_MAX, worstRating: 1, ratingValue: value });

/**
 * The schema.org `aggregateRating` and `review` properties of a product's structured data, from its approved
 * reviews (the first page of them); nothing at all before the first one, as search engines ask.
 */
export function reviewsJsonLd(reviews: ProductReviews | undefined): Record<string, unknown> {
  if (!reviews?.summary) return {};
  return {
    aggregateRating: {
      '@type': 'AggregateRating',
      ...rating(reviews.summary.average),
      ratingCount: reviews.summary.count,
      reviewCount: reviews.summary.count,
    },
    review: reviews.results.map((review) => ({
      '@type': 'Review',
      reviewRating: { '@type': 'Rating', ...rating(review.rating) },
      author: { '@type': 'Person', name: review.reviewer },
      datePublished: review.date.slice(0, 10),
      reviewBody: review.text,
    })),
  };
}
