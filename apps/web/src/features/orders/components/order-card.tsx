import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Order } from '@hls/contract';
import { PostalAddress } from '@/components/order/order-address';
import { OrderHistory } from '@/components/order/order-history';
import { OrderInvoices } from '@/components/order/order-invoices';
import { OrderLines } from '@/components/order/order-lines';
import { OrderNumber } from '@/components/order/order-number';
import { OrderStatusBadge } from '@/components/order/order-status-badge';
import { OrderTotals } from '@/components/order/order-totals';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { formatDate, formatDateTime } from '@/lib/dates';
import { formatMoney } from '@/lib/money';
import { WithdrawalFlow } from './withdrawal-flow';

const delivered = new Set<Order['status']>([
  'paid',
  'shipped',
  'delivered',
  'partially_refunded',
  'withdrawn',
]);

type OrderCardProps = { order: Order; locale: string; onPay?: (orderId: string) => void };

/** One order of the customer: what was bought, where it is (downloads, parcel), its history, its withdrawal. */
export function OrderCard({ order, locale, onPay }: OrderCardProps) {
  const { t } = useTranslation('orders');
  const titleId = `order-${order.id}-title`;
  const hasDownloads = order.hasDigital && delivered.has(order.status);

  return (
    <article className="order-card card" aria-labelledby={titleId}>
      <header className="order-card__header">
        <div>
          <h2 id={titleId} className="order-card__title">
            <OrderNumber number={order.number} />
          </h2>
          <p className="order-card__date">
            <time dateTime={order.createdAt}>
              {t('placedOn', { date: formatDate(order.createdAt, locale) })}
            </time>
          </p>
        </div>
        <div className="order-card__state">
          <OrderStatusBadge status={order.status} />
          <p className="order-card__total">{formatMoney(order.totalCents, locale)}</p>
        </div>
      </header>

      <OrderLines lines={order.lines} locale={locale} showLineStatus />
      <OrderTotals order={order} locale={locale} />

      {order.status === 'pending_payment' && onPay && (
        <div className="order-card__pending">
          {order.expiresAt && <p>{t('pending', { time: formatDateTime(order.expiresAt, locale) })}</p>}
          <Button variant="accent" size="sm" onClick={() => onPay(order.id)}>
            {t('payNow')}
          </Button>
        </div>
      )}

      <div className="order-card__sections">
        {order.status !== 'pending_payment' && order.status !== 'cancelled' && (
          <OrderInvoices
            className="order-card__section"
            orderId={order.id}
            scope="customer"
            locale={locale}
            refreshKey={`${order.status}:${order.refundedCents}`}
          />
        )}
        {hasDownloads && (
          <div className="order-card__section">
            <h3>{t('downloads.title')}</h3>
            <Link to={paths.download.getHref()} state={{ orderId: order.id }}>
              {t('downloads.link', { number: order.number })}
            </Link>
          </div>
        )}
        {order.needsAddress && (order.address || order.shipment) && (
          <div className="order-card__section">
            <h3>{t('delivery.title')}</h3>
            {order.address && <PostalAddress address={order.address} locale={locale} />}
            {order.shipment ? (
              <dl className="order-card__tracking">
                <div>
                  <dt>{t('delivery.carrier')}</dt>
                  <dd>{order.shipment.carrier}</dd>
                </div>
                <div>
                  <dt>{t('delivery.trackingNumber')}</dt>
                  <dd>
                    {order.shipment.trackingUrl ? (
                      <a href={order.shipment.trackingUrl} target="_blank" rel="noopener noreferrer">
                        {order.shipment.trackingNumber}
                        <span className="visually-hidden"> {t('delivery.trackNewTab')}</span>
                      </a>
                    ) : (
                      order.shipment.trackingNumber
                    )}
                  </dd>
                </div>
                <div>
                  <dt>{t('delivery.shippedAt')}</dt>
                  <dd>{formatDate(order.shipment.shippedAt, locale)}</dd>
                </div>
                {order.shipment.deliveredAt && (
                  <div>
                    <dt>{t('delivery.deliveredAt')}</dt>
                    <dd>{formatDate(order.shipment.deliveredAt, locale)}</dd>
                  </div>
                )}
              </dl>
            ) : (
              delivered.has(order.status) && <p>{t('delivery.preparing')}</p>
            )}
          </div>
        )}
      </div>

      <WithdrawalFlow order={order} locale={locale} />

      {order.history.length > 0 && (
        <details className="order-card__history">
          <summary>{t('history.title')}</summary>
          <OrderHistory events={order.history} locale={locale} />
        </details>
      )}
    </article>
  );
}
