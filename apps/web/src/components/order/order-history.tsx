import { useTranslation } from 'react-i18next';
import type { OrderEvent } from '@hls/contract';
import { formatDateTime } from '@/lib/dates';

type OrderHistoryProps = {
  events: OrderEvent[];
  locale: string;
  /** Shows who made each change (the back office); customers see what happened and when. */
  showActor?: boolean;
};

/** Every change of an order's status: when, what, and why when a note says it. */
export function OrderHistory({ events, locale, showActor = false }: OrderHistoryProps) {
  const { t } = useTranslation('orders');
  return (
    <ol className="order-history">
      {events.map((event, index) => (
        <li key={`${event.at}-${index}`} className="order-history__event">
          <time dateTime={event.at} className="order-history__time">
            {formatDateTime(event.at, locale)}
          </time>
          <span className="order-history__kind">{t(`events.${event.kind}`)}</span>
          {showActor && <span className="order-history__actor">{t(`actors.${event.actor}`)}</span>}
          {event.note && <span className="order-history__note">{event.note}</span>}
        </li>
      ))}
    </ol>
  );
}
