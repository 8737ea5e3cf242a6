import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ModerationReview, ProductReviewStatus } from '@hls/contract';
import { productReviewStatuses, REVIEW_REASON_MAX } from '@hls/contract/values';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { TextAreaField } from '@/components/ui/field';
import { Pagination } from '@/components/ui/pagination';
import { RatingStars } from '@/components/ui/rating-stars';
import { PageSpinner } from '@/components/ui/spinner';
import { Tabs } from '@/components/ui/tabs';
import { productPath } from '@/config/paths';
import { useErrorText } from '@/i18n/use-error-text';
import { useValidationText } from '@/i18n/use-validation-text';
import { toApiFailure } from '@/lib/api-error';
import { fieldErrorsFromServer } from '@/lib/form-errors';
import { intlLocale } from '@/lib/money';
import {
  useApproveReviewMutation,
  useGetModerationQueueQuery,
  useRejectReviewMutation,
} from '../api/reviews-api';

function RejectForm({ review, onDone }: { review: ModerationReview; onDone: () => void }) {
  const { t } = useTranslation('reviews');
  const validationText = useValidationText();
  const errorText = useErrorText();
  const [reject, { isLoading }] = useRejectReviewMutation();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!reason.trim()) {
      setError(validationText('reason.required'));
      return;
    }
    const result = await reject({ id: review.id, reason: reason.trim() });
    if ('data' in result) {
      onDone();
      return;
    }
    const failure = toApiFailure(result.error);
    setError(fieldErrorsFromServer(failure.fields).reason ?? errorText(failure));
  };

  return (
    <form className="moderation__reject" noValidate onSubmit={onSubmit}>
      <TextAreaField
        label={t('moderation.reason')}
        hint={t('moderation.reasonHint')}
        name="reason"
        required
        rows={3}
        maxLength={REVIEW_REASON_MAX}
        value={reason}
        onChange={(event) => setReason(event.target.value)}
        error={error}
      />
      <div className="my-review__actions">
        <Button type="submit" variant="danger" size="sm" busy={isLoading}>
          {t(review.status === 'approved' ? 'moderation.takeDown' : 'moderation.reject')}
        </Button>
        <Button variant="ghost" size="sm" onClick={onDone}>
          {t('form.cancel')}
        </Button>
      </div>
    </form>
  );
}

function ModerationCard({ review, locale }: { review: ModerationReview; locale: string }) {
  const { t } = useTranslation('reviews');
  const errorText = useErrorText();
  const titleId = useId();
  const [approve, { isLoading }] = useApproveReviewMutation();
  const [rejecting, setRejecting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const date = new Date(review.updatedAt).toLocaleString(locale, { dateStyle: 'long', timeStyle: 'short' });

  const onApprove = async () => {
    setFailure(null);
    const result = await approve(review.id);
    if ('error' in result) setFailure(errorText(toApiFailure(result.error)));
  };

  return (
    <li className="card moderation__item" aria-labelledby={titleId}>
      <h2 id={titleId} className="moderation__product">
        {review.product ? (
          <Link to={productPath({ id: review.productId, kind: review.product.kind })}>
            {review.product.title}
          </Link>
        ) : (
          t('moderation.unknownProduct')
        )}
      </h2>
      <p className="review__head">
        <RatingStars size="sm" value={review.rating} label={t('stars', { count: review.rating })} />
        <span className="review__author">{review.reviewer}</span>
        <span className="review__date">{date}</span>
      </p>
      <p className="review__text">{review.text}</p>
      {review.status === 'rejected' && review.rejectionReason && (
        <p className="my-review__reason">
          {t('moderation.rejectedBecause', { reason: review.rejectionReason })}
        </p>
      )}
      {failure && <Alert tone="error">{failure}</Alert>}
      {rejecting ? (
        <RejectForm review={review} onDone={() => setRejecting(false)} />
      ) : (
        <div className="my-review__actions">
          {review.status !== 'approved' && (
            <Button size="sm" busy={isLoading} onClick={() => void onApprove()}>
              {t('moderation.approve')}
            </Button>
          )}
          {review.status !== 'rejected' && (
            <Button variant="secondary" size="sm" onClick={() => setRejecting(true)}>
              {t(review.status === 'approved' ? 'moderation.takeDown' : 'moderation.reject')}
            </Button>
          )}
        </div>
      )}
    </li>
  );
}

function StatusPanel({ status, page }: { status: ProductReviewStatus; page: number }) {
  const { t, i18n } = useTranslation('reviews');
  const errorText = useErrorText();
  const locale = intlLocale(i18n.language);
  const { data, error, isLoading, isFetching, refetch } = useGetModerationQueueQuery({ status, page });
  const failure = error ? toApiFailure(error) : null;
  return (
    <div className="bo-page moderation">
      {isLoading && <PageSpinner label={t('loading')} />}
      {!data && failure && (
        <Alert
          tone="error"
          title={failure.status === 403 ? t('moderation.forbidden') : t('moderation.loadFailed')}
        >
          <p>{errorText(failure)}</p>
          <Button variant="secondary" size="sm" busy={isFetching} onClick={() => void refetch()}>
            {t('retry')}
          </Button>
        </Alert>
      )}
      {data && data.count === 0 && (
        <EmptyState title={t(`moderation.empty.${status}`)} text={t('moderation.emptyText')} />
      )}
      {data && data.count > 0 && (
        <>
          <p className="bo-page__count" aria-live="polite">
            {t(`moderation.count.${status}`, { count: data.count })}
          </p>
          <ul className="moderation__list">
            {data.results.map((review) => (
              <ModerationCard key={review.id} review={review} locale={locale} />
            ))}
          </ul>
          <Pagination
            page={data.page}
            pages={data.pages}
            hrefFor={(n) => `?${new URLSearchParams({ status, page: String(n) }).toString()}`}
            labels={{
              nav: t('moderation.pagination'),
              previous: t('moderation.previous'),
              next: t('moderation.next'),
              page: (n) => t('moderation.page', { page: n }),
            }}
          />
        </>
      )}
    </div>
  );
}

const isStatus = (value: string | null): value is ProductReviewStatus =>
  (productReviewStatuses as readonly (string | null)[]).includes(value);

/**
 * /back-office/reviews: customer reviews waiting for an editor, oldest first, to approve or refuse with a reason;
 * the published and the refused ones on their own tabs (a published one can be taken down, a refused one
 * published after all).
 */
export function ReviewModerationView() {
  const { t } = useTranslation('reviews');
  const [searchParams, setSearchParams] = useSearchParams();
  const status = isStatus(searchParams.get('status'))
    ? (searchParams.get('status') as ProductReviewStatus)
    : 'pending';
  const page = Math.max(1, Number(searchParams.get('page')) || 1);
  // The waiting count names the first tab whatever the tab shown (the same request as that tab's first page).
  const { data: waiting } = useGetModerationQueueQuery({ status: 'pending', page: 1 });

  return (
    <div className="container bo-page">
      <Tabs<ProductReviewStatus>
        label={t('moderation.tabs')}
        selected={status}
        onSelect={(next) => setSearchParams(next === 'pending' ? {} : { status: next })}
        items={productReviewStatuses.map((key) => ({
          key,
          label:
            key === 'pending' && waiting
              ? t('moderation.tab.pendingCount', { count: waiting.pending })
              : t(`moderation.tab.${key}`),
          panel: <StatusPanel status={key} page={key === status ? page : 1} />,
        }))}
      />
    </div>
  );
}
