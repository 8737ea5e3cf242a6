import { useTranslation } from 'react-i18next';
import type { OrderStatus } from '@hls/contract';

/** An order's status as a coloured label (the colour is never the only cue: the word is there). */
export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  const { t } = useTranslation('orders');
  return <span className={`status-badge status-badge--${status}`}>{t(`status.${status}`)}</span>;
}
