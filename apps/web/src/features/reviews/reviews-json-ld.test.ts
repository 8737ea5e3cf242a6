import { describe, expect, it } from 'vitest';
import type { ProductReviews } from '@hls/contract';
import { reviewsJsonLd } from './reviews-json-ld';

const none: ProductReviews = {
  summary: null,
  distribution: [0, 0, 0, 0, 0],
  results: [],
  count: 0,
  page: 1,
  pageSize: 5,
  pages: 0,
};

describe('reviews in structured data', () => {
  it('adds nothing before the first approved review', () => {
    expect(reviewsJsonLd(undefined)).toEqual({});
    expect(reviewsJsonLd(none)).toEqual({});
  });

  it('gives the AggregateRating of the approved reviews and each one as a Review', () => {
    const reviews: ProductReviews = {
      ...none,
      summary: { count: 2, average: 4.5 },
      distribution: [0, 0, 0, 1, 1],
      results: [
        { id: 'a', rating: 5, text: 'Très clair.', reviewer: 'Camille M.', date: '2026-11-20T10:00:00.000Z' },
        { id: 'b', rating: 4, text: 'Utile.', reviewer: 'Zoë Ł.', date: '2026-11-02T08:00:00.000Z' },
      ],
      count: 2,
      pages: 1,
    };
    expect(reviewsJsonLd(reviews)).toEqual({
      aggregateRating: {
        '@type': 'AggregateRating',
        ratingValue: 4.5,
        bestRating: 5,
        worstRating: 1,
        ratingCount: 2,
        reviewCount: 2,
      },
      review: [
        {
          '@type': 'Review',
          reviewRating: { '@type': 'Rating', ratingValue: 5, bestRating: 5, worstRating: 1 },
          author: { '@type': 'Person', name: 'Camille M.' },
          datePublished: '2026-11-20',
          reviewBody: 'Très clair.',
        },
        {
          '@type': 'Review',
          reviewRating: { '@type': 'Rating', ratingValue: 4, bestRating: 5, worstRating: 1 },
          author: { '@type': 'Person', name: 'Zoë Ł.' },
          datePublished: '2026-11-02',
          reviewBody: 'Utile.',
        },
      ],
    });
  });
});
