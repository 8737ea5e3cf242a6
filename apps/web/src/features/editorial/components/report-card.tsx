import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ReportDecisionBody } from '@hls/contract';
import type { Report } from '@hls/contract';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { notify } from '@/components/ui/notify';
import { paths, productPath } from '@/config/paths';
import { useErrorText } from '@/i18n/use-error-text';
import { toApiFailure } from '@/lib/api-error';
import { formatDateTime } from '@/lib/dates';
import { fieldErrorsFromServer, fieldErrorsFromZod } from '@/lib/form-errors';
import { useDecideReportMutation } from '../api/editorial-api';
import { CommentField } from './comment-field';

/** Uphold (the document is unpublished, its author told) or dismiss a report, always with a comment. */
function ReportDecision({ report }: { report: Report }) {
  const { t } = useTranslation('editorial');
  const errorText = useErrorText();
  const [decide, { isLoading, originalArgs }] = useDecideReportMutation();
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);

  const send = async (uphold: boolean) => {
    if (isLoading) return;
    setFormError(null);
    const parsed = ReportDecisionBody.safeParse({ uphold, comment });
    if (!parsed.success) {
      setError(fieldErrorsFromZod(parsed.error).comment);
      return;
    }
    setError(undefined);
    const result = await decide({ id: report.id, body: parsed.data });
    if (!('error' in result) || result.error === undefined) {
      notify.success(t(uphold ? 'reports.upheld' : 'reports.dismissed', { title: report.productTitle }));
      return;
    }
    const failure = toApiFailure(result.error);
    const fields = fieldErrorsFromServer(failure.fields);
    if (fields.comment) setError(fields.comment);
    else setFormError(errorText(failure));
  };

  const sending = (uphold: boolean) => isLoading && originalArgs?.body.uphold === uphold;
  return (
    <form
      className="form ed-report__decision"
      noValidate
      aria-label={t('reports.decisionFor', { title: report.productTitle })}
      onSubmit={(event) => event.preventDefault()}
    >
      {formError && <Alert tone="error">{formError}</Alert>}
      <CommentField
        label={t('reports.comment')}
        hint={t('reports.commentHint')}
        rows={3}
        value={comment}
        error={error}
        onChange={setComment}
      />
      <div className="form__actions ed-report__buttons">
        <Button
          variant="danger"
          busy={sending(true)}
          busyLabel={t('reports.sending')}
          disabled={isLoading}
          onClick={() => void send(true)}
        >
          {t('reports.uphold')}
        </Button>
        <Button
          variant="secondary"
          busy={sending(false)}
          busyLabel={t('reports.sending')}
          disabled={isLoading}
          onClick={() => void send(false)}
        >
          {t('reports.dismiss')}
        </Button>
      </div>
    </form>
  );
}

/** One report of a published document, with the editors' decision when it is still open. */
export function ReportCard({ report, locale }: { report: Report; locale: string }) {
  const { t } = useTranslation('editorial');
  const titleId = `report-${report.id}`;
  return (
    <li className="card ed-card ed-report" aria-labelledby={titleId}>
      <div className="ed-card__head">
        <h3 className="ed-card__title" id={titleId}>
          <Link to={productPath({ id: report.productId, kind: report.productKind })}>
            {report.productTitle}
          </Link>
        </h3>
        <span className={`ed-status ed-status--report-${report.status}`}>
          {t(`reports.status.${report.status}`)}
        </span>
      </div>
      <dl className="ed-card__facts">
        <div>
          <dt>{t('reports.reason')}</dt>
          <dd>{t(`reasons.${report.reason}`)}</dd>
        </div>
        <div>
          <dt>{t('queue.kind')}</dt>
          <dd>
            {t(`kinds.${report.productKind}`)} · {t(`sections.${report.section}`)}
          </dd>
        </div>
        <div>
          <dt>{t('reports.reporter')}</dt>
          <dd>
            {report.reporterEmail ? (
              <a href={`mailto:${report.reporterEmail}`}>{report.reporterEmail}</a>
            ) : (
              t('reports.noEmail')
            )}
          </dd>
        </div>
        <div>
          <dt>{t('reports.received')}</dt>
          <dd>
            <time dateTime={report.createdAt}>{formatDateTime(report.createdAt, locale)}</time>
          </dd>
        </div>
      </dl>
      <div className="ed-report__details">
        <p className="ed-report__label">{t('reports.details')}</p>
        <blockquote className="ed-quote">{report.details}</blockquote>
      </div>
      {report.submissionId && (
        <p className="ed-report__link">
          <Link to={paths.backOfficeSubmission.getHref(report.submissionId)}>
            {t('reports.openSubmission')}
            <span className="visually-hidden"> {t('queue.forTitle', { title: report.productTitle })}</span>
          </Link>
        </p>
      )}
      {report.status === 'open' ? (
        <ReportDecision report={report} />
      ) : (
        report.decisionComment && (
          <div className="ed-report__details">
            <p className="ed-report__label">
              {t('reports.decidedAt', {
                date: report.decidedAt ? formatDateTime(report.decidedAt, locale) : '',
              })}
            </p>
            <blockquote className="ed-quote">{report.decisionComment}</blockquote>
          </div>
        )
      )}
    </li>
  );
}
