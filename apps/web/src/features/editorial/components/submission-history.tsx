import { useTranslation } from 'react-i18next';
import type { SubmissionEvent } from '@hls/contract';
import { formatDateTime } from '@/lib/dates';

/** Every step of a submission, oldest first, with who did it and the comment the author was sent. */
export function SubmissionHistory({ events, locale }: { events: SubmissionEvent[]; locale: string }) {
  const { t } = useTranslation('editorial');
  return (
    <ol className="ed-history">
      {events.map((event) => (
        <li key={event.id} className={`ed-history__item ed-history__item--${event.kind}`}>
          <p className="ed-history__line">
            <strong>{t(`events.${event.kind}`)}</strong>
            {event.version !== null && <> · {t('diff.version', { number: event.version })}</>}
          </p>
          <p className="ed-history__meta">
            <time dateTime={event.at}>{formatDateTime(event.at, locale)}</time> ·{' '}
            {event.actor === 'editor' ? (event.actorName ?? t('actors.editor')) : t(`actors.${event.actor}`)}
          </p>
          {event.comment && <blockquote className="ed-quote">{event.comment}</blockquote>}
        </li>
      ))}
    </ol>
  );
}
