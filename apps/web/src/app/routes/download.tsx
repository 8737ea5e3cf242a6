import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/ui/page-header';
import { DownloadsView } from '@/features/downloads/components/downloads-view';
import '@/styles/shop.css';
import '@/styles/orders.css';

/** The order id /checkout or the orders page hands over as navigation state (SPEC §2), when there is one. */
function orderIdFrom(state: unknown): string | null {
  if (!state || typeof state !== 'object') return null;
  const { orderId } = state as { orderId?: unknown };
  return typeof orderId === 'string' && orderId !== '' ? orderId : null;
}

/** /download: one order's downloads (navigation state), or all of the customer's. */
export function Component() {
  const { t } = useTranslation('common');
  const orderId = orderIdFrom(useLocation().state);
  return (
    <>
      <PageHeader title={t('titles.download')} />
      <DownloadsView key={orderId ?? 'all'} orderId={orderId} />
    </>
  );
}
