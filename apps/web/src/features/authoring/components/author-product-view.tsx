import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { productPath } from '@hls/contract';
import type { Submission } from '@hls/contract';
import { useEpubCheckPolling } from '@/components/epub/use-epub-check-polling';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ButtonLink } from '@/components/ui/button-link';
import { notify } from '@/components/ui/notify';
import { PageSpinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useErrorText } from '@/i18n/use-error-text';
import { useValidationText } from '@/i18n/use-validation-text';
import { toApiFailure } from '@/lib/api-error';
import { formatDateTime } from '@/lib/dates';
import { intlLocale } from '@/lib/money';
import {
  useDeleteSubmissionDraftMutation,
  useGetAuthorSubmissionQuery,
  useRequestUnpublishMutation,
  useWithdrawSubmissionMutation,
} from '../api/authoring-api';
import { kindLabelKey } from '../labels';
import { CoverImage } from './cover-image';
import { ProposalForm } from './proposal-form';
import { RequestDialog } from './request-dialog';
import { SubmissionStatusBadge } from './submission-status-badge';
import { SubmissionHistory, SubmissionVersions } from './submission-versions';

type Asking = 'withdraw' | 'unpublish' | 'delete' | null;

/** The form of the draft this submission is: where "Continue" goes. */
const draftHref = (submission: Submission) =>
  `${submission.kind === 'book' ? paths.bookProposed.getHref() : paths.fileProposed.getHref()}?draft=${encodeURIComponent(submission.id)}`;

function SubmissionActions({ submission, onRevise }: { submission: Submission; onRevise: () => void }) {
  const { t } = useTranslation(['authoring', 'toast']);
  const errorText = useErrorText();
  const validationText = useValidationText();
  const navigate = useNavigate();
  const [asking, setAsking] = useState<Asking>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [withdraw, withdrawing] = useWithdrawSubmissionMutation();
  const [requestUnpublish, requesting] = useRequestUnpublishMutation();
  const [deleteDraft, deleting] = useDeleteSubmissionDraftMutation();
  const { actions, status } = submission;
  const isDraft = status === 'draft';

  const close = () => {
    setAsking(null);
    setFailure(null);
  };
  const send = async (reason: string) => {
    const body = reason ? { reason } : {};
    const result =
      asking === 'withdraw'
        ? await withdraw({ id: submission.id, body })
        : asking === 'unpublish'
          ? await requestUnpublish({ id: submission.id, body })
          : await deleteDraft(submission.id);
    if ('error' in result && result.error !== undefined) {
      const apiFailure = toApiFailure(result.error);
      setFailure(validationText(apiFailure.fields.reason) ?? errorText(apiFailure));
      return;
    }
    const done = asking;
    close();
    if (done === 'delete') {
      notify.success(t('authoring:actions.deleted'));
      navigate(paths.fileBook.getHref());
    } else
      notify.success(
        t(done === 'withdraw' ? 'authoring:actions.withdrawn' : 'authoring:actions.unpublishAsked'),
      );
  };

  const hasAny = isDraft || actions.resubmit || actions.withdraw || actions.requestUnpublish;
  if (!hasAny) return null;
  return (
    <div className="author-actions">
      {isDraft && actions.edit && (
        <ButtonLink to={draftHref(submission)}>{t('authoring:actions.continue')}</ButtonLink>
      )}
      {actions.resubmit && <Button onClick={onRevise}>{t('authoring:actions.revise')}</Button>}
      {actions.withdraw && !isDraft && (
        <Button variant="secondary" onClick={() => setAsking('withdraw')}>
          {t('authoring:actions.withdraw')}
        </Button>
      )}
      {isDraft && (
        <Button variant="secondary" onClick={() => setAsking('delete')}>
          {t('authoring:actions.delete')}
        </Button>
      )}
      {actions.requestUnpublish && (
        <Button variant="secondary" onClick={() => setAsking('unpublish')}>
          {t('authoring:actions.unpublish')}
        </Button>
      )}
      <RequestDialog
        open={asking !== null}
        onClose={close}
        title={t(`authoring:actions.${asking ?? 'withdraw'}Title`)}
        description={t(`authoring:actions.${asking ?? 'withdraw'}Text`)}
        reasonLabel={asking === 'delete' ? undefined : t('authoring:actions.reason')}
        confirmLabel={t(`authoring:actions.${asking ?? 'withdraw'}Confirm`)}
        busy={withdrawing.isLoading || requesting.isLoading || deleting.isLoading}
        error={failure}
        onConfirm={(reason) => void send(reason)}
      />
    </div>
  );
}

/** /author-product?id=…: one proposal — its status and actions, its versions, and the editors' decisions. */
export function AuthorProductView({ id }: { id: string }) {
  const { t, i18n } = useTranslation('authoring');
  const locale = intlLocale(i18n.language);
  const errorText = useErrorText();
  const polling = useEpubCheckPolling();
  const {
    data: submission,
    error,
    isLoading,
    isFetching,
    refetch,
  } = useGetAuthorSubmissionQuery(id, polling.options);
  polling.seen(submission);
  const [revising, setRevising] = useState(false);

  if (isLoading) return <PageSpinner label={t('detail.loading')} />;
  if (!submission) {
    const failure = toApiFailure(error);
    const missing = failure.status === 404 || failure.status === 400;
    return (
      <Alert tone="error" title={t(missing ? 'detail.notFound' : 'detail.loadFailed')}>
        {!missing && <p>{errorText(failure)}</p>}
        <p>
          <Link to={paths.fileBook.getHref()}>{t('detail.back')}</Link>
        </p>
        {!missing && (
          <Button variant="secondary" size="sm" busy={isFetching} onClick={() => void refetch()}>
            {t('list.retry')}
          </Button>
        )}
      </Alert>
    );
  }

  const title = submission.title || t('list.untitled');
  const decision = submission.lastDecision;
  return (
    <div className="author-product">
      <p className="author-product__back">
        <Link to={paths.fileBook.getHref()}>{t('detail.back')}</Link>
      </p>
      <header className="card author-product__header">
        <CoverImage
          url={submission.coverUrl}
          alt={t('list.coverOf', { title })}
          className="author-product__cover"
        />
        <div className="author-product__summary">
          <p className="author-product-row__kind">{t(kindLabelKey(submission))}</p>
          <h2 className="author-product__title">{title}</h2>
          <p className="author-product-row__meta">
            <SubmissionStatusBadge status={submission.status} />
            <span>{t('detail.created', { date: formatDateTime(submission.createdAt, locale) })}</span>
            <span>{t('list.updated', { date: formatDateTime(submission.updatedAt, locale) })}</span>
          </p>
          <p className="author-product__status-text">{t(`statusText.${submission.status}`)}</p>
          {submission.unpublishRequested && <Alert tone="info">{t('detail.unpublishRequested')}</Alert>}
          {submission.status === 'published' && submission.productId !== null && (
            <p>
              <Link to={productPath({ id: submission.productId, kind: submission.kind })}>
                {t('detail.publicPage')}
              </Link>
            </p>
          )}
          {!revising && <SubmissionActions submission={submission} onRevise={() => setRevising(true)} />}
        </div>
      </header>

      {decision?.comment &&
        (submission.status === 'changes_requested' || submission.status === 'rejected') && (
          <Alert
            tone={submission.status === 'rejected' ? 'error' : 'info'}
            title={t(`decisions.${decision.kind}`)}
          >
            <p className="author-product__decision">{decision.comment}</p>
          </Alert>
        )}

      {revising && (
        <div className="card author-product__revise">
          <ProposalForm
            kind={submission.kind}
            mode="revise"
            submission={submission}
            onClose={() => setRevising(false)}
          />
        </div>
      )}

      <div className="author-product__grid">
        <section className="card author-section" aria-labelledby="author-versions">
          <h2 id="author-versions" className="author-section__title">
            {t('detail.versions')}
          </h2>
          <SubmissionVersions submission={submission} locale={locale} />
        </section>
        <section className="card author-section" aria-labelledby="author-history">
          <h2 id="author-history" className="author-section__title">
            {t('detail.history')}
          </h2>
          <SubmissionHistory events={submission.events} locale={locale} />
        </section>
      </div>
    </div>
  );
}
