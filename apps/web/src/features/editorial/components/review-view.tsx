import { useId } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Role, ReviewSubmission } from '@hls/contract';
import { useEpubCheckPolling } from '@/components/epub/use-epub-check-polling';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { notify } from '@/components/ui/notify';
import { PageSpinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useErrorText } from '@/i18n/use-error-text';
import { toApiFailure } from '@/lib/api-error';
import { formatDateTime } from '@/lib/dates';
import { intlLocale } from '@/lib/money';
import {
  useClaimSubmissionMutation,
  useGetReviewSubmissionQuery,
  useReleaseSubmissionMutation,
} from '../api/editorial-api';
import { comparedFields, fieldNameKey } from '../version-compare';
import { useValueText } from '../use-value-text';
import { FlagBadges, SubmissionStatusBadge } from './badges';
import { DecisionForm } from './decision-form';
import { EditorialForbidden } from './forbidden';
import { ReportCard } from './report-card';
import { SubmissionFiles } from './submission-files';
import { SubmissionHistory } from './submission-history';
import { UnpublishForm } from './unpublish-form';
import { VersionsSection } from './version-diff';

export type Viewer = { id: string; role: Role } | null;

/** Claim a submission to decide on it, or hand it back to the queue. */
function ClaimControls({ submission, viewer }: { submission: ReviewSubmission; viewer: Viewer }) {
  const { t } = useTranslation('editorial');
  const errorText = useErrorText();
  const [claim, claiming] = useClaimSubmissionMutation();
  const [release, releasing] = useReleaseSubmissionMutation();
  const mine = submission.claimedBy !== null && submission.claimedBy.id === viewer?.id;

  const run = async (action: 'claim' | 'release') => {
    const result = await (action === 'claim' ? claim(submission.id) : release(submission.id));
    if ('error' in result && result.error !== undefined)
      notify.error(t(`${action}.failed`), errorText(toApiFailure(result.error)));
    else notify.success(t(`${action}.done`, { title: submission.title }));
  };

  if (submission.claimedBy === null)
    return (
      <div className="ed-claim">
        <p>{t('claim.prompt')}</p>
        <Button busy={claiming.isLoading} busyLabel={t('claim.sending')} onClick={() => void run('claim')}>
          {t('claim.submit')}
        </Button>
      </div>
    );
  return (
    <div className="ed-claim">
      <p>
        {mine ? t('claim.byYou') : t('claim.byOther', { name: submission.claimedBy.name })}
        {!mine && viewer?.role === 'admin' && ` ${t('claim.adminMay')}`}
      </p>
      {(mine || viewer?.role === 'admin') && (
        <Button
          variant="secondary"
          size="sm"
          busy={releasing.isLoading}
          busyLabel={t('release.sending')}
          onClick={() => void run('release')}
        >
          {t('release.submit')}
        </Button>
      )}
    </div>
  );
}

/** The fields of the version under review, its files and its description. */
function VersionFacts({ submission, locale }: { submission: ReviewSubmission; locale: string }) {
  const { t } = useTranslation('editorial');
  const valueText = useValueText();
  const ids = useId();
  const version = submission.history[0];
  const values = version?.values ?? submission.working;
  const rows = comparedFields
    .filter((field) => !field.startsWith('file:') && field !== 'title')
    .map((field) => ({ field, text: valueText(field, values) }))
    .filter((row) => row.text !== null);
  return (
    <section className="card bo-section" aria-labelledby={`${ids}-version`}>
      <h2 id={`${ids}-version`} className="bo-section__title">
        {version ? t('review.versionUnderReview', { number: version.number }) : t('review.working')}
      </h2>
      <dl className="bo-facts ed-facts">
        {rows.map(({ field, text }) => (
          <div key={field}>
            <dt>{t(fieldNameKey(field))}</dt>
            <dd>{text}</dd>
          </div>
        ))}
      </dl>
      <h3 className="bo-section__subtitle">{t(fieldNameKey('description'))}</h3>
      <p className="ed-description" lang={values.language ?? undefined}>
        {values.description ?? t('diff.empty')}
      </p>
      <h3 className="bo-section__subtitle">{t('review.files')}</h3>
      <SubmissionFiles files={values.files} locale={locale} />
    </section>
  );
}

/** /back-office/editorial/{id}: a submission under review, its versions side by side, its history, the decision. */
export function ReviewView({ submissionId, viewer }: { submissionId: string; viewer: Viewer }) {
  const { t, i18n } = useTranslation('editorial');
  const locale = intlLocale(i18n.language);
  const errorText = useErrorText();
  const ids = useId();
  const polling = useEpubCheckPolling();
  const {
    data: submission,
    error,
    isLoading,
    isFetching,
    refetch,
  } = useGetReviewSubmissionQuery(submissionId, polling.options);
  polling.seen(submission);

  if (isLoading) return <PageSpinner label={t('loading')} />;
  if (!submission) {
    const failure = toApiFailure(error);
    if (failure.status === 403) return <EditorialForbidden />;
    return (
      <Alert tone="error" title={t(failure.status === 404 ? 'review.notFound' : 'loadFailed')}>
        {failure.status !== 404 && <p>{errorText(failure)}</p>}
        <p>
          <Link to={paths.backOfficeEditorial.getHref()}>{t('review.back')}</Link>
        </p>
        {failure.status !== 404 && (
          <Button variant="secondary" size="sm" busy={isFetching} onClick={() => void refetch()}>
            {t('retry')}
          </Button>
        )}
      </Alert>
    );
  }

  const last = submission.history[0];
  const waiting = submission.status === 'submitted' || submission.status === 'in_review';
  const mayDecide =
    waiting &&
    submission.claimedBy !== null &&
    (submission.claimedBy.id === viewer?.id || viewer?.role === 'admin');
  const fileFlags = [
    ...new Set((last?.values.files ?? submission.working.files).flatMap((file) => file.flags)),
  ];
  const flags = [
    ...fileFlags,
    ...(submission.working.confidential || last?.values.confidential ? (['confidential'] as const) : []),
    ...(submission.unpublishRequested ? (['unpublish_requested'] as const) : []),
  ];
  const openReports = submission.reports.filter((report) => report.status === 'open');

  return (
    <div className="bo-detail ed-review">
      <p className="bo-detail__back">
        <Link to={paths.backOfficeEditorial.getHref()}>{t('review.back')}</Link>
      </p>
      <header className="bo-detail__header card ed-review__header">
        <div>
          <h2 className="bo-detail__number ed-review__title" lang={last?.values.language ?? undefined}>
            {submission.title}
          </h2>
          <p className="bo-detail__dates">
            {t(`kinds.${submission.kind}`)} · {t(`sections.${submission.section}`)}
            <br />
            {t('review.by', { name: submission.author.name })}{' '}
            <a href={`mailto:${submission.author.email}`}>{submission.author.email}</a>
            <br />
            {last &&
              t('review.submittedVersion', {
                number: last.number,
                date: formatDateTime(last.createdAt, locale),
              })}
          </p>
          <FlagBadges flags={flags} openReports={openReports.length} />
        </div>
        <div className="bo-detail__state">
          <SubmissionStatusBadge status={submission.status} />
        </div>
      </header>

      {last?.note && (
        <Alert tone="info" title={t('review.authorNote')}>
          <p>{last.note}</p>
        </Alert>
      )}

      <div className="bo-detail__grid">
        <div className="bo-detail__main">
          <VersionFacts submission={submission} locale={locale} />
          <VersionsSection key={submission.history.length} history={submission.history} locale={locale} />
          <section className="card bo-section" aria-labelledby={`${ids}-history`}>
            <h2 id={`${ids}-history`} className="bo-section__title">
              {t('review.history')}
            </h2>
            <SubmissionHistory events={submission.events} locale={locale} />
          </section>
        </div>
        <div className="bo-detail__side">
          <section className="card bo-section" aria-labelledby={`${ids}-decision`}>
            <h2 id={`${ids}-decision`} className="bo-section__title">
              {t('review.decision')}
            </h2>
            {waiting && <ClaimControls submission={submission} viewer={viewer} />}
            {mayDecide && <DecisionForm key={last?.number ?? 0} submission={submission} />}
            {submission.status === 'published' && <UnpublishForm submission={submission} />}
            {!waiting && submission.status !== 'published' && (
              <p className="ed-muted">{t(`review.nothingToDo.${submission.status}`)}</p>
            )}
          </section>
          {submission.reports.length > 0 && (
            <section className="card bo-section" aria-labelledby={`${ids}-reports`}>
              <h2 id={`${ids}-reports`} className="bo-section__title">
                {t('review.reports')}
              </h2>
              <ul className="ed-list">
                {submission.reports.map((report) => (
                  <ReportCard key={report.id} report={report} locale={locale} />
                ))}
              </ul>
            </section>
          )}
        </div>
      </div>
    </div>
  );
}
