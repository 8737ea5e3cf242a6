import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatFileSize } from '@hls/contract';
import type { Submission, SubmissionEvent, SubmissionFile, SubmissionValues } from '@hls/contract';
import { useAppDispatch } from '@/app/hooks';
import { EpubReportView } from '@/components/epub/epub-report';
import { Button } from '@/components/ui/button';
import { notify } from '@/components/ui/notify';
import { useAppLanguage } from '@/i18n/use-app-language';
import { formatDateTime } from '@/lib/dates';
import { formatMoney } from '@/lib/money';
import { downloadSubmissionFile } from '../upload-request';

function FileDownload({ file, locale }: { file: SubmissionFile; locale: string }) {
  const { t } = useTranslation('authoring');
  const dispatch = useAppDispatch();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    const done = await downloadSubmissionFile(file.url, file.originalName, dispatch);
    setBusy(false);
    if (!done) notify.error(t('versions.downloadFailed'));
  };
  return (
    <li className="version-file">
      <span className="version-file__slot">{t(`slots.${file.slot}`)}</span>
      <span className="version-file__name">{file.originalName}</span>
      <span className="version-file__size">
        {formatFileSize(file.sizeBytes, locale)}
        {file.pages !== null && ` · ${t('upload.pages', { count: file.pages })}`}
      </span>
      <Button
        variant="link"
        size="sm"
        busy={busy}
        busyLabel={t('versions.downloading')}
        onClick={() => void download()}
        aria-label={t('versions.downloadNamed', { name: file.originalName })}
      >
        {t('versions.download')}
      </Button>
      {file.epubReport && (
        <div className="version-file__report">
          <EpubReportView report={file.epubReport} locale={locale} />
        </div>
      )}
    </li>
  );
}

/** The fields of a version as a description list; the files with their download buttons. */
export function VersionValues({
  values,
  section,
  locale,
}: {
  values: SubmissionValues;
  section: Submission['section'];
  locale: string;
}) {
  const { t } = useTranslation(['authoring', 'catalog']);
  const language = useAppLanguage();
  const none = t('authoring:versions.none');
  const money = (cents: number | null) => (cents === null ? none : formatMoney(cents, locale));
  const rows: [string, string][] = [
    [t('authoring:fields.title'), values.title ?? none],
    [t('authoring:fields.language'), values.language ? t(`catalog:languages.${values.language}`) : none],
    [t('authoring:fields.category'), values.categoryName?.[language] ?? none],
    [t('authoring:fields.subcategory'), values.subcategoryName?.[language] ?? none],
  ];
  if (section === 'book')
    rows.push(
      [t('authoring:fields.paperPrice'), money(values.paperPriceCents)],
      [t('authoring:fields.ebookPrice'), money(values.ebookPriceCents)],
      [t('authoring:fields.isbn'), values.isbn ?? none],
      [t('authoring:fields.pages'), values.pages === null ? none : String(values.pages)],
    );
  else {
    rows.push([
      t('authoring:fields.fileType'),
      values.fileType ? t(`catalog:fileTypes.${values.fileType}`) : none,
    ]);
    if (section === 'professional') rows.push([t('authoring:fields.price'), money(values.priceCents)]);
    else
      rows.push(
        [t('authoring:fields.rights'), values.rights ? t(`authoring:rights.${values.rights}`) : none],
        [t('authoring:fields.licence'), values.licence ? t(`authoring:licences.${values.licence}`) : none],
        [
          t('authoring:versions.confidential'),
          t(values.confidential ? 'authoring:versions.yes' : 'authoring:versions.no'),
        ],
      );
  }
  return (
    <>
      <dl className="version-facts">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {values.description && (
        <details className="version-description">
          <summary>{t('authoring:fields.description')}</summary>
          <p>{values.description}</p>
        </details>
      )}
      {values.files.length > 0 ? (
        <ul className="version-files" aria-label={t('authoring:versions.files')}>
          {values.files.map((file) => (
            <FileDownload key={file.id} file={file} locale={locale} />
          ))}
        </ul>
      ) : (
        <p className="version-files__none">{t('authoring:versions.noFiles')}</p>
      )}
    </>
  );
}

/** Every version, newest first: what the editors saw each time. */
export function SubmissionVersions({ submission, locale }: { submission: Submission; locale: string }) {
  const { t } = useTranslation('authoring');
  if (submission.history.length === 0) return <p>{t('versions.empty')}</p>;
  return (
    <ol className="versions" reversed>
      {submission.history.map((version, index) => (
        <li key={version.number} className="version">
          <details open={index === 0}>
            <summary className="version__summary">
              <span className="version__number">{t('versions.number', { number: version.number })}</span>
              <span className="version__date">
                {t('versions.sent', { date: formatDateTime(version.createdAt, locale) })}
              </span>
            </summary>
            {version.note && (
              <blockquote className="version__note">
                <p className="version__note-label">{t('versions.note')}</p>
                <p>{version.note}</p>
              </blockquote>
            )}
            <VersionValues values={version.values} section={submission.section} locale={locale} />
          </details>
        </li>
      ))}
    </ol>
  );
}

/** The history, oldest first: each step, with the editor's comment or the author's reason. */
export function SubmissionHistory({ events, locale }: { events: SubmissionEvent[]; locale: string }) {
  const { t } = useTranslation('authoring');
  return (
    <ol className="submission-history">
      {events.map((event) => (
        <li key={event.id} className={`submission-event submission-event--${event.kind}`}>
          <p className="submission-event__title">
            <strong>{t(`events.${event.kind}`)}</strong>
            {event.version !== null && ` · ${t('versions.number', { number: event.version })}`}
          </p>
          <p className="submission-event__meta">
            <time dateTime={event.at}>{formatDateTime(event.at, locale)}</time>
            {' · '}
            {event.actor === 'editor'
              ? (event.actorName ?? t('events.byEditor'))
              : event.actor === 'author'
                ? t('events.byYou')
                : t('events.bySystem')}
          </p>
          {event.comment && (
            <blockquote className="submission-event__comment">
              <p>{event.comment}</p>
            </blockquote>
          )}
        </li>
      ))}
    </ol>
  );
}
