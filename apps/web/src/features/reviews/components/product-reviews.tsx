import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ProductReviews as ProductReviewsPage, PublicReview } from '@hls/contract';
import { RATING_MAX } from '@hls/contract/values';
import { Button } from '@/components/ui/button';
import { RatingStars } from '@/components/ui/rating-stars';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { intlLocale } from '@/lib/money';
import { formatRating } from '@/lib/format-rating';
import { useGetProductReviewsQuery } from '../api/reviews-api';
import { MyReviewPanel } from './my-review-panel';

/** The id the product page's stars link to (`#reviews`). */
const REVIEWS_ANCHOR = 'reviews';

function useLocale() {
  const { i18n } = useTranslation();
  return intlLocale(i18n.language);
}

function Summary({ reviews }: { reviews: ProductReviewsPage }) {
  const { t } = useTranslation(['reviews', 'common']);
  const locale = useLocale();
  const { summary, distribution } = reviews;
  if (!summary) return <p className="reviews__empty">{t('reviews:none')}</p>;
  const average = formatRating(summary.average, locale);
  return (
    <div className="reviews__summary">
      <p className="reviews__average">
        <span className="reviews__average-value" aria-hidden="true">
          {average}
        </span>
        <RatingStars
          size="lg"
          value={summary.average}
          label={t('common:rating.summary', { average, count: summary.count })}
        />
        <span className="reviews__count" aria-hidden="true">
          {t('reviews:count', { count: summary.count })}
        </span>
      </p>
      <ul className="reviews__bars" aria-label={t('reviews:distribution')}>
        {Array.from({ length: RATING_MAX }, (_, i) => RATING_MAX - i).map((stars) => {
          const count = distribution[stars - 1] ?? 0;
          return (
            <li key={stars} className="reviews__bar">
              <span className="reviews__bar-label">
                {t('reviews:starsRow', {
                  stars: t('reviews:starLevel', { count: stars }),
                  reviews: t('reviews:count', { count }),
                })}
              </span>
              <span className="reviews__bar-track" aria-hidden="true">
                <span
                  className="reviews__bar-fill"
                  style={{ width: `${summary.count ? (count / summary.count) * 100 : 0}%` }}
                />
              </span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

function ReviewItem({ review, free }: { review: PublicReview; free: boolean }) {
  const { t } = useTranslation('reviews');
  const locale = useLocale();
  const date = new Date(review.date);
  return (
    <li className="review">
      <p className="review__head">
        <RatingStars size="sm" value={review.rating} label={t('stars', { count: review.rating })} />
        <span className="review__author">{review.reviewer}</span>
        <time className="review__date" dateTime={review.date}>
          {date.toLocaleDateString(locale, { day: 'numeric', month: 'long', year: 'numeric' })}
        </time>
      </p>
      <p className="review__text">{review.text}</p>
      <p className="review__verified">{t(free ? 'verified.free' : 'verified.bought')}</p>
    </li>
  );
}

/** One page of approved reviews past the first, asked for by "Show more reviews". */
function MoreReviews({ productId, page, free }: { productId: number; page: number; free: boolean }) {
  const { t } = useTranslation('reviews');
  const { data } = useGetProductReviewsQuery({ productId, page });
  if (!data) {
    return (
      <li className="review review--loading">
        <Spinner size="sm" label={t('loading')} />
      </li>
    );
  }
  return data.results.map((review) => <ReviewItem key={review.id} review={review} free={free} />);
}

/**
 * A product page's customer reviews: the average and how the stars spread, the approved reviews newest first
 * (more on demand), and the visitor's own review or how to write one.
 */
export function ProductReviews({
  productId,
  free,
  loggedIn,
}: {
  productId: number;
  /** A free document: downloading it (not buying it) lets a user review it. */
  free: boolean;
  loggedIn: boolean;
}) {
  const { t } = useTranslation('reviews');
  const { data } = useGetProductReviewsQuery({ productId, page: 1 });
  const [shownPages, setShownPages] = useState(1);
  const { pathname } = useLocation();

  return (
    <section id={REVIEWS_ANCHOR} className="reviews" aria-labelledby="reviews-title" tabIndex={-1}>
      <h2 id="reviews-title" className="section-title">
        {t('title')}
      </h2>
      <div className="reviews__layout">
        <div className="reviews__side">
          {data ? <Summary reviews={data} /> : <Spinner size="sm" label={t('loading')} />}
          {loggedIn ? (
            <MyReviewPanel productId={productId} free={free} />
          ) : (
            <p className="reviews__invite">
              {t(free ? 'invite.free' : 'invite.bought')}{' '}
              <Link to={paths.loginRegister.getHref()} state={{ from: `${pathname}#${REVIEWS_ANCHOR}` }}>
                {t('invite.logIn')}
              </Link>
            </p>
          )}
        </div>
        {data && data.results.length > 0 && (
          <div className="reviews__main">
            <ul className="reviews__list">
              {data.results.map((review) => (
                <ReviewItem key={review.id} review={review} free={free} />
              ))}
              {Array.from({ length: shownPages - 1 }, (_, i) => (
                <MoreReviews key={i + 2} productId={productId} page={i + 2} free={free} />
              ))}
            </ul>
            {shownPages < data.pages && (
              <Button variant="secondary" onClick={() => setShownPages((n) => n + 1)}>
                {t('more')}
              </Button>
            )}
          </div>
        )}
      </div>
    </section>
  );
}
