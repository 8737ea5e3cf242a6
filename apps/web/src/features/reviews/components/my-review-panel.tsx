import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OwnReview } from '@hls/contract';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { RatingStars } from '@/components/ui/rating-stars';
import { Spinner } from '@/components/ui/spinner';
import { loadNamespaces } from '@/i18n/namespaces';
import { useErrorText } from '@/i18n/use-error-text';
import { toApiFailure } from '@/lib/api-error';
import { useDeleteReviewMutation, useGetMyReviewQuery } from '../api/reviews-api';

// The form (the schema it validates with, its messages) loads when a user opens it: most visitors only read reviews.
const ReviewForm = lazy(async () => {
  const [module] = await Promise.all([import('./review-form'), loadNamespaces(['validation', 'errors'])]);
  return { default: module.ReviewForm };
});

function OwnReviewCard({
  review,
  canEdit,
  onEdit,
  onDeleted,
}: {
  review: OwnReview;
  canEdit: boolean;
  onEdit: () => void;
  onDeleted: () => void;
}) {
  const { t } = useTranslation('reviews');
  const errorText = useErrorText();
  const [remove, { isLoading }] = useDeleteReviewMutation();
  const [confirming, setConfirming] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const confirmDelete = async () => {
    setFailure(null);
    const result = await remove(review.productId);
    if ('error' in result) setFailure(errorText(toApiFailure(result.error)));
    else onDeleted();
  };

  return (
    <div className="my-review">
      <h3 className="my-review__title">{t('mine.title')}</h3>
      <p className={`my-review__status my-review__status--${review.status}`}>
        {t(`status.${review.status}`)}
      </p>
      {review.status === 'rejected' && review.rejectionReason && (
        <p className="my-review__reason">{t('mine.reason', { reason: review.rejectionReason })}</p>
      )}
      <RatingStars size="sm" value={review.rating} label={t('stars', { count: review.rating })} />
      <p className="review__text">{review.text}</p>
      {failure && <Alert tone="error">{failure}</Alert>}
      <div className="my-review__actions">
        {confirming ? (
          <>
            <Button variant="danger" size="sm" busy={isLoading} onClick={() => void confirmDelete()}>
              {t('mine.confirmDelete')}
            </Button>
            <Button variant="ghost" size="sm" onClick={() => setConfirming(false)}>
              {t('mine.keep')}
            </Button>
          </>
        ) : (
          <>
            {canEdit && (
              <Button variant="secondary" size="sm" onClick={onEdit}>
                {t('mine.edit')}
              </Button>
            )}
            <Button variant="ghost" size="sm" onClick={() => setConfirming(true)}>
              {t('mine.delete')}
            </Button>
          </>
        )}
      </div>
    </div>
  );
}

/**
 * The logged-in user's side of a product's reviews: their review and its state (waiting for an editor,
 * published, or refused with the editor's reason), to edit or delete; else the form, or why they cannot review.
 */
export function MyReviewPanel({ productId, free }: { productId: number; free: boolean }) {
  const { t } = useTranslation('reviews');
  // Asked again each time the page opens: a purchase or a download since may have made the user a reviewer.
  const { data, isError, isFetching, refetch } = useGetMyReviewQuery(productId, {
    refetchOnMountOrArgChange: true,
  });
  const [editing, setEditing] = useState(false);
  const [notice, setNotice] = useState<'sent' | 'deleted' | null>(null);

  if (!data) {
    if (!isError) return <Spinner size="sm" label={t('loading')} />;
    return (
      <Alert tone="error" title={t('mine.loadFailed')}>
        <Button variant="secondary" size="sm" busy={isFetching} onClick={() => void refetch()}>
          {t('retry')}
        </Button>
      </Alert>
    );
  }

  const { review, eligible } = data;
  const noticeAlert = notice && <Alert tone="success" title={t(`notice.${notice}`)} />;

  if (editing) {
    return (
      <Suspense fallback={<Spinner size="sm" label={t('loading')} />}>
        <ReviewForm
          productId={productId}
          initial={review ? { rating: review.rating, text: review.text } : null}
          onSaved={() => {
            setEditing(false);
            setNotice('sent');
          }}
          onCancel={() => setEditing(false)}
        />
      </Suspense>
    );
  }

  if (review) {
    return (
      <>
        {noticeAlert}
        <OwnReviewCard
          review={review}
          canEdit={eligible}
          onEdit={() => {
            setNotice(null);
            setEditing(true);
          }}
          onDeleted={() => setNotice('deleted')}
        />
      </>
    );
  }

  return (
    <>
      {noticeAlert}
      {eligible ? (
        <Button
          variant="primary"
          onClick={() => {
            setNotice(null);
            setEditing(true);
          }}
        >
          {t('write')}
        </Button>
      ) : (
        <p className="reviews__invite">{t(free ? 'notEligible.free' : 'notEligible.bought')}</p>
      )}
    </>
  );
}
