import { useTranslation } from 'react-i18next';
import type { ProductStatus, QueueItem } from '@hls/contract';

/** A submission's status, in words (never by colour alone). */
export function SubmissionStatusBadge({ status }: { status: ProductStatus }) {
  const { t } = useTranslation('editorial');
  return <span className={`ed-status ed-status--${status}`}>{t(`status.${status}`)}</span>;
}

type Flag = QueueItem['flags'][number] | 'reports';

/** What an editor should look at: macros, external links, confidentiality, an unpublication asked, reports. */
export function FlagBadges({ flags, openReports = 0 }: { flags: readonly Flag[]; openReports?: number }) {
  const { t } = useTranslation('editorial');
  if (flags.length === 0 && openReports === 0) return null;
  return (
    <ul className="ed-flags" aria-label={t('flags.label')}>
      {flags.map((flag) => (
        <li key={flag} className={`ed-flag ed-flag--${flag}`}>
          {t(`flags.${flag}`)}
        </li>
      ))}
      {openReports > 0 && (
        <li className="ed-flag ed-flag--reports">{t('flags.reports', { count: openReports })}</li>
      )}
    </ul>
  );
}
