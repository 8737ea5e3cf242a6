import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { AdminOrder } from '@hls/contract';
import { PostalAddress } from '@/components/order/order-address';
import { OrderHistory } from '@/components/order/order-history';
import { OrderInvoices } from '@/components/order/order-invoices';
import { OrderLines } from '@/components/order/order-lines';
import { OrderNumber } from '@/components/order/order-number';
import { OrderStatusBadge } from '@/components/order/order-status-badge';
import { OrderTotals } from '@/components/order/order-totals';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { notify } from '@/components/ui/notify';
import { PageSpinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useErrorText } from '@/i18n/use-error-text';
import { toApiFailure } from '@/lib/api-error';
import { formatDate, formatDateTime } from '@/lib/dates';
import { formatMoney, intlLocale } from '@/lib/money';
import { useDeliverOrderMutation, useGetAdminOrderQuery } from '../api/back-office-api';
import { BackOfficeForbidden } from './forbidden';
import { RefundForm } from './refund-form';
import { ShipForm } from './ship-form';

const refundableStatuses = new Set<AdminOrder['status']>([
  'paid',
  'shipped',
  'delivered',
  'partially_refunded',
]);

function DeliverAction({ orderId }: { orderId: string }) {
  const { t } = useTranslation('backoffice');
  const errorText = useErrorText();
  const [deliver, { isLoading }] = useDeliverOrderMutation();
  const markDelivered = async () => {
    if (isLoading) return;
    const result = await deliver(orderId);
    if ('error' in result && result.error !== undefined)
      notify.error(t('deliver.failed'), errorText(toApiFailure(result.error)));
    else notify.success(t('deliver.done'));
  };
  return (
    <div className="bo-action">
      <h3 className="bo-action__title">{t('deliver.title')}</h3>
      <p className="bo-action__intro">{t('deliver.intro')}</p>
      <Button busy={isLoading} busyLabel={t('deliver.sending')} onClick={() => void markDelivered()}>
        {t('deliver.submit')}
      </Button>
    </div>
  );
}

/** /back-office/orders/{id}: an order with its customer, payment, delivery, refunds, history and actions. */
export function BackOfficeOrderView({ orderId }: { orderId: string }) {
  const { t, i18n } = useTranslation(['backoffice', 'orders']);
  const locale = intlLocale(i18n.language);
  const errorText = useErrorText();
  const { data: order, error, isLoading, isFetching, refetch } = useGetAdminOrderQuery(orderId);

  if (isLoading) return <PageSpinner label={t('backoffice:loading')} />;
  if (!order) {
    const failure = toApiFailure(error);
    if (failure.status === 403) return <BackOfficeForbidden />;
    return (
      <Alert
        tone="error"
        title={t(failure.status === 404 ? 'backoffice:detail.notFound' : 'backoffice:loadFailed')}
      >
        {failure.status !== 404 && <p>{errorText(failure)}</p>}
        <p>
          <Link to={paths.backOfficeOrders.getHref()}>{t('backoffice:detail.back')}</Link>
        </p>
        {failure.status !== 404 && (
          <Button variant="secondary" size="sm" busy={isFetching} onClick={() => void refetch()}>
            {t('backoffice:retry')}
          </Button>
        )}
      </Alert>
    );
  }

  const canShip =
    order.needsAddress &&
    !order.shipment &&
    (order.status === 'paid' || order.status === 'partially_refunded');
  const canDeliver = order.status === 'shipped';
  const canRefund = refundableStatuses.has(order.status) && order.totalCents > order.refundedCents;

  return (
    <div className="bo-detail">
      <p className="bo-detail__back">
        <Link to={paths.backOfficeOrders.getHref()}>{t('backoffice:detail.back')}</Link>
      </p>
      <header className="bo-detail__header card">
        <div>
          <h2 className="bo-detail__number">
            <OrderNumber number={order.number} />
          </h2>
          <p className="bo-detail__dates">
            {t('backoffice:detail.created', { date: formatDateTime(order.createdAt, locale) })}
            {order.paidAt && (
              <>
                <br />
                {t('backoffice:detail.paid', { date: formatDateTime(order.paidAt, locale) })}
              </>
            )}
          </p>
        </div>
        <div className="bo-detail__state">
          <OrderStatusBadge status={order.status} />
          <p className="bo-detail__total">{formatMoney(order.totalCents, locale)}</p>
        </div>
      </header>

      {order.withdrawal && !order.withdrawal.refundedAt && (
        <Alert tone="info" title={t('backoffice:detail.withdrawalTitle')}>
          <p>
            {t('backoffice:detail.withdrawalText', {
              date: formatDateTime(order.withdrawal.requestedAt, locale),
              count: order.withdrawal.lineIds.length,
            })}
          </p>
        </Alert>
      )}

      <div className="bo-detail__grid">
        <div className="bo-detail__main">
          <section className="card bo-section" aria-labelledby="bo-lines">
            <h2 id="bo-lines" className="bo-section__title">
              {t('backoffice:detail.lines')}
            </h2>
            <OrderLines lines={order.lines} locale={locale} showLineStatus />
            <OrderTotals order={order} locale={locale} />
          </section>

          {(canShip || canDeliver || canRefund) && (
            <section className="card bo-section" aria-labelledby="bo-actions">
              <h2 id="bo-actions" className="bo-section__title">
                {t('backoffice:detail.actions')}
              </h2>
              {canShip && <ShipForm orderId={order.id} />}
              {canDeliver && <DeliverAction orderId={order.id} />}
              {canRefund && <RefundForm key={`${order.refundedCents}`} order={order} locale={locale} />}
            </section>
          )}

          <section className="card bo-section" aria-labelledby="bo-history">
            <h2 id="bo-history" className="bo-section__title">
              {t('backoffice:detail.history')}
            </h2>
            <OrderHistory events={order.history} locale={locale} showActor />
          </section>
        </div>

        <div className="bo-detail__side">
          <section className="card bo-section" aria-labelledby="bo-customer">
            <h2 id="bo-customer" className="bo-section__title">
              {t('backoffice:detail.customer')}
            </h2>
            <p className="bo-detail__customer">
              {order.customer.name}
              <br />
              <a href={`mailto:${order.customer.email}`}>{order.customer.email}</a>
            </p>
            <OrderInvoices
              orderId={order.id}
              scope="staff"
              locale={locale}
              refreshKey={`${order.status}:${order.refundedCents}`}
            />
          </section>

          <section className="card bo-section" aria-labelledby="bo-payment">
            <h2 id="bo-payment" className="bo-section__title">
              {t('backoffice:detail.payment')}
            </h2>
            {order.payment ? (
              <dl className="bo-facts">
                <div>
                  <dt>{t('backoffice:detail.provider')}</dt>
                  <dd>{t(`backoffice:providers.${order.payment.provider}`)}</dd>
                </div>
                <div>
                  <dt>{t('backoffice:detail.intent')}</dt>
                  <dd className="bo-facts__code">{order.payment.intentId}</dd>
                </div>
                <div>
                  <dt>{t('backoffice:detail.paymentStatus')}</dt>
                  <dd>{order.payment.status}</dd>
                </div>
                <div>
                  <dt>{t('backoffice:detail.amount')}</dt>
                  <dd>{formatMoney(order.payment.amountCents, locale)}</dd>
                </div>
              </dl>
            ) : (
              <p>{t('backoffice:detail.noPayment')}</p>
            )}
            {order.refunds.length > 0 && (
              <>
                <h3 className="bo-section__subtitle">{t('backoffice:detail.refunds')}</h3>
                <ul className="bo-refunds">
                  {order.refunds.map((refund) => (
                    <li key={refund.id}>
                      <strong>{formatMoney(refund.amountCents, locale)}</strong> ·{' '}
                      {formatDateTime(refund.createdAt, locale)} ·{' '}
                      {t(`backoffice:refundStatus.${refund.status}`)}
                      {refund.reason && <span className="bo-refunds__reason">{refund.reason}</span>}
                    </li>
                  ))}
                </ul>
              </>
            )}
          </section>

          {order.needsAddress && (
            <section className="card bo-section" aria-labelledby="bo-delivery">
              <h2 id="bo-delivery" className="bo-section__title">
                {t('backoffice:detail.delivery')}
              </h2>
              {order.address ? (
                <PostalAddress address={order.address} locale={locale} />
              ) : (
                <p>{t('backoffice:detail.noAddress')}</p>
              )}
              {order.shipment && (
                <dl className="bo-facts">
                  <div>
                    <dt>{t('orders:delivery.carrier')}</dt>
                    <dd>{order.shipment.carrier}</dd>
                  </div>
                  <div>
                    <dt>{t('orders:delivery.trackingNumber')}</dt>
                    <dd>
                      {order.shipment.trackingUrl ? (
                        <a href={order.shipment.trackingUrl} target="_blank" rel="noopener noreferrer">
                          {order.shipment.trackingNumber}
                          <span className="visually-hidden"> {t('orders:delivery.trackNewTab')}</span>
                        </a>
                      ) : (
                        order.shipment.trackingNumber
                      )}
                    </dd>
                  </div>
                  <div>
                    <dt>{t('orders:delivery.shippedAt')}</dt>
                    <dd>{formatDate(order.shipment.shippedAt, locale)}</dd>
                  </div>
                  {order.shipment.deliveredAt && (
                    <div>
                      <dt>{t('orders:delivery.deliveredAt')}</dt>
                      <dd>{formatDate(order.shipment.deliveredAt, locale)}</dd>
                    </div>
                  )}
                </dl>
              )}
            </section>
          )}

          {order.consent && (
            <section className="card bo-section" aria-labelledby="bo-consent">
              <h2 id="bo-consent" className="bo-section__title">
                {t('backoffice:detail.consent')}
              </h2>
              <p className="bo-detail__consent-time">
                {t('backoffice:detail.consentAt', { date: formatDateTime(order.consent.at, locale) })}
              </p>
              <ul className="bo-detail__consent">
                <li>{order.consent.immediateDelivery}</li>
                <li>{order.consent.withdrawalWaiver}</li>
              </ul>
            </section>
          )}
        </div>
      </div>
    </div>
  );
}
