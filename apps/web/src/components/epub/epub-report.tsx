import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { EpubFinding, EpubReport, EpubToolResult } from '@hls/contract';
import { AccessibilityFacts } from './accessibility-facts';

/** Findings shown per tool; the report keeps more, their counts are whole. */
const SHOWN = 10;

function ToolResult({ label, result }: { label: string; result: EpubToolResult }) {
  const { t } = useTranslation('authoring');
  const heading = t(label, { version: result.version ?? '' }).replace(/\s+\)/, ')');
  if (result.state !== 'done') {
    return (
      <div className="epub-report__tool">
        <h5 className="epub-report__tool-title">{heading}</h5>
        <p className="epub-report__unavailable">
          {t(result.state === 'unavailable' ? 'epubReport.unavailable' : 'epubReport.failed', {
            reason: result.reason ?? '',
          })}
        </p>
      </div>
    );
  }
  const shown: EpubFinding[] = result.findings.slice(0, SHOWN);
  const hidden = result.errors + result.warnings - shown.length;
  return (
    <div className="epub-report__tool">
      <h5 className="epub-report__tool-title">{heading}</h5>
      <p className="epub-report__counts">
        {t('epubReport.counts', { errors: result.errors, warnings: result.warnings })}
      </p>
      {shown.length === 0 ? (
        <p className="epub-report__clean">{t('epubReport.noFindings')}</p>
      ) : (
        <ul className="epub-report__findings">
          {shown.map((finding, index) => (
            <li key={`${finding.code}-${index}`} className={`epub-finding epub-finding--${finding.level}`}>
              <span className="epub-finding__level">{t(`epubReport.levels.${finding.level}`)}</span>{' '}
              <code className="epub-finding__code">{finding.code}</code>{' '}
              <span className="epub-finding__message" lang="en">
                {finding.message}
              </span>
              {finding.location && <span className="epub-finding__where">{finding.location}</span>}
            </li>
          ))}
          {hidden > 0 && <li className="epub-report__more">{t('epubReport.more', { count: hidden })}</li>}
        </ul>
      )}
    </div>
  );
}

/**
 * The report of an uploaded EPUB's check, for its author and the editors: whether it blocks publication,
 * epubcheck's errors and warnings, Ace's accessibility issues, and the accessibility metadata found.
 */
export function EpubReportView({ report, locale }: { report: EpubReport; locale: string }) {
  const { t } = useTranslation(['authoring', 'catalog']);
  const id = useId();
  const status =
    report.status === 'pending'
      ? { key: 'epubReport.pending', tone: 'pending' }
      : report.blocking
        ? { key: 'epubReport.blocking', tone: 'blocking' }
        : { key: 'epubReport.passed', tone: 'passed' };
  return (
    <section className={`epub-report epub-report--${status.tone}`} aria-labelledby={`${id}-title`}>
      <h4 id={`${id}-title`} className="epub-report__title">
        {t('authoring:epubReport.title')}
      </h4>
      <p className="epub-report__status" role={report.blocking ? 'alert' : undefined}>
        {t(`authoring:${status.key}`)}
        {report.checkedAt && (
          <span className="epub-report__date">
            {' '}
            {t('authoring:epubReport.checkedAt', {
              date: new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(
                new Date(report.checkedAt),
              ),
            })}
          </span>
        )}
      </p>
      {report.epubcheck && <ToolResult label="epubReport.epubcheck" result={report.epubcheck} />}
      {report.ace && <ToolResult label="epubReport.ace" result={report.ace} />}
      {report.metadata && (
        <div className="epub-report__tool">
          <h5 className="epub-report__tool-title">{t('authoring:epubReport.metadata')}</h5>
          <AccessibilityFacts
            accessibility={report.metadata.accessibility}
            summaryLanguage={report.metadata.language ?? undefined}
          />
        </div>
      )}
    </section>
  );
}
