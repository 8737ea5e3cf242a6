import { useCallback, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Order } from '@hls/contract';
import { OrderLines } from '@/components/order/order-lines';
import { OrderTotals } from '@/components/order/order-totals';
import { PaperDeliveryNote, type DeliveryDays } from '@/components/order/paper-delivery-note';
import { OrderNumber } from '@/components/order/order-number';
import { OrderStatusBadge } from '@/components/order/order-status-badge';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ButtonLink } from '@/components/ui/button-link';
import { EmptyState } from '@/components/ui/empty-state';
import { CartIcon } from '@/components/ui/icons';
import { PageSpinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useErrorText } from '@/i18n/use-error-text';
import { toApiFailure } from '@/lib/api-error';
import { formatDateTime } from '@/lib/dates';
import { intlLocale } from '@/lib/money';
import { useGetCheckoutOrderQuery } from '../api/checkout-api';
import { AddressStep } from './address-step';
import { BillingSummary } from './billing-summary';
import { BillingForm } from './billing-form';
import { ConsentBoxes } from './consent-boxes';
import type { Consents } from './consent-boxes';
import { PaymentSection } from './payment-section';

type CheckoutViewProps = {
  /** The order being checked out (the persisted `order` area), or null when there is none. */
  orderId: string | null;
  /** The order is paid: the page hands the order on (cart lines to remove, /download to open). */
  onPaid: (order: Order) => void;
  /** The order no longer exists for this customer: forget it. */
  onOrderGone: () => void;
  /** Working days paper books take to arrive (the site's settings). */
  delivery?: DeliveryDays | undefined;
};

/** /checkout: the order's summary, its delivery address (paper), the consents (digital), and the payment. */
export function CheckoutView({ orderId, onPaid, onOrderGone, delivery }: CheckoutViewProps) {
  const { t, i18n } = useTranslation(['checkout', 'orders']);
  const locale = intlLocale(i18n.language);
  const errorText = useErrorText();
  const query = useGetCheckoutOrderQuery(orderId ?? '', { skip: !orderId });
  const { data: order, error, isLoading, isFetching, refetch } = query;
  const [editingAddress, setEditingAddress] = useState(false);
  const [editingBilling, setEditingBilling] = useState(false);
  const [consents, setConsents] = useState<Consents>({ immediateDelivery: false, withdrawalWaiver: false });

  const onNotPayable = useCallback(() => void refetch(), [refetch]);
  const paid = useCallback(() => {
    if (order) onPaid(order);
  }, [onPaid, order]);

  if (!orderId) {
    return (
      <div className="container checkout-page">
        <EmptyState
          title={t('checkout:none.title')}
          text={t('checkout:none.text')}
          icon={<CartIcon size={40} />}
        >
          <ButtonLink to={paths.cart.getHref()}>{t('checkout:none.cart')}</ButtonLink>
          <ButtonLink variant="secondary" to={paths.customerOrders.getHref()}>
            {t('checkout:ordersLink')}
          </ButtonLink>
        </EmptyState>
      </div>
    );
  }
  if (isLoading) return <PageSpinner label={t('checkout:loading')} />;
  if (!order) {
    const failure = toApiFailure(error);
    if (failure.status === 404) {
      return (
        <div className="container checkout-page">
          <EmptyState
            title={t('checkout:gone.title')}
            text={t('checkout:gone.text')}
            icon={<CartIcon size={40} />}
          >
            <ButtonLink to={paths.cart.getHref()} onClick={onOrderGone}>
              {t('checkout:none.cart')}
            </ButtonLink>
          </EmptyState>
        </div>
      );
    }
    return (
      <div className="container checkout-page">
        <Alert tone="error" title={t('checkout:loadFailed')}>
          <p>{errorText(failure)}</p>
          <Button variant="secondary" size="sm" busy={isFetching} onClick={() => void refetch()}>
            {t('checkout:retry')}
          </Button>
        </Alert>
      </div>
    );
  }

  const summary = (
    <aside className="checkout-summary card" aria-labelledby="checkout-summary-title">
      <h2 id="checkout-summary-title" className="checkout-summary__title">
        {t('checkout:summary.title')}
      </h2>
      <p className="checkout-summary__number">
        <span>
          <OrderNumber number={order.number} />
        </span>{' '}
        <OrderStatusBadge status={order.status} />
      </p>
      <OrderLines lines={order.lines} locale={locale} />
      <OrderTotals order={order} locale={locale} />
      {order.needsAddress && <PaperDeliveryNote days={delivery} className="checkout-summary__note" />}
      {order.hasDigital && <p className="checkout-summary__note">{t('checkout:summary.digital')}</p>}
    </aside>
  );

  if (order.status !== 'pending_payment') {
    const done = order.status === 'paid' || order.status === 'shipped' || order.status === 'delivered';
    return (
      <div className="container checkout-page checkout-layout">
        <div className="checkout-steps">
          <Alert
            tone={done ? 'success' : 'info'}
            title={t(done ? 'checkout:closed.paidTitle' : 'checkout:closed.title')}
          >
            <p>{t(done ? 'checkout:closed.paidText' : 'checkout:closed.text')}</p>
            <p className="checkout-closed__links">
              <Link to={paths.customerOrders.getHref()} onClick={onOrderGone}>
                {t('checkout:ordersLink')}
              </Link>
              {done && order.hasDigital && (
                <Link to={paths.download.getHref()} state={{ orderId: order.id }} onClick={onOrderGone}>
                  {t('checkout:closed.downloads')}
                </Link>
              )}
              {!done && (
                <Link to={paths.cart.getHref()} onClick={onOrderGone}>
                  {t('checkout:none.cart')}
                </Link>
              )}
            </p>
          </Alert>
        </div>
        {summary}
      </div>
    );
  }

  const billingDone = order.billing !== null && !editingBilling;
  const addressDone = !order.needsAddress || (order.address !== null && !editingAddress);
  const consentsDone = !order.hasDigital || (consents.immediateDelivery && consents.withdrawalWaiver);
  const ready = billingDone && addressDone && consentsDone;
  const pendingReason = ready
    ? null
    : !billingDone
      ? t('checkout:pay.needBilling')
      : !addressDone && !consentsDone
        ? t('checkout:pay.needBoth')
        : !addressDone
          ? t('checkout:pay.needAddress')
          : t('checkout:pay.needConsents');
  const billingStep = 1;
  const addressStep = 2;
  const consentsStep = order.needsAddress ? 3 : 2;
  const paymentStep = 2 + (order.needsAddress ? 1 : 0) + (order.hasDigital ? 1 : 0);

  return (
    <div className="container checkout-page checkout-layout">
      <div className="checkout-steps">
        {order.expiresAt && (
          <p className="checkout-expiry">
            {t(order.needsAddress ? 'checkout:expires' : 'checkout:expiresDigital', {
              time: formatDateTime(order.expiresAt, locale),
            })}
          </p>
        )}
        <section className="checkout-step card" aria-labelledby="billing-title">
          <h2 id="billing-title" className="checkout-step__title">
            <span className="checkout-step__number" aria-hidden="true">
              {billingStep}
            </span>
            {t('checkout:billing.title')}
          </h2>
          <p className="checkout-step__intro">{t('checkout:billing.intro')}</p>
          {order.billing && !editingBilling ? (
            <div className="checkout-address">
              <BillingSummary billing={order.billing} locale={locale} />
              <Button variant="secondary" size="sm" onClick={() => setEditingBilling(true)}>
                {t('checkout:billing.change')}
              </Button>
            </div>
          ) : (
            <BillingForm
              orderId={order.id}
              billing={order.billing}
              suggestedCountry={order.address?.country ?? null}
              labelledBy="billing-title"
              onSaved={() => setEditingBilling(false)}
              {...(order.billing ? { onCancel: () => setEditingBilling(false) } : {})}
            />
          )}
        </section>
        {order.needsAddress && (
          <section className="checkout-step card" aria-labelledby="address-title">
            <h2 id="address-title" className="checkout-step__title">
              <span className="checkout-step__number" aria-hidden="true">
                {addressStep}
              </span>
              {t('checkout:address.title')}
            </h2>
            <p className="checkout-step__intro">{t('checkout:address.intro')}</p>
            <AddressStep
              order={order}
              editing={editingAddress}
              onEditingChange={setEditingAddress}
              locale={locale}
              labelledBy="address-title"
            />
          </section>
        )}
        {order.hasDigital && (
          <section className="checkout-step card" aria-labelledby="consents-title">
            <h2 id="consents-title" className="checkout-step__title">
              <span className="checkout-step__number" aria-hidden="true">
                {consentsStep}
              </span>
              {t('checkout:consents.title')}
            </h2>
            <p className="checkout-step__intro">{t('checkout:consents.intro')}</p>
            <ConsentBoxes value={consents} onChange={setConsents} />
          </section>
        )}
        <section className="checkout-step card" aria-labelledby="payment-title">
          <h2 id="payment-title" className="checkout-step__title">
            <span className="checkout-step__number" aria-hidden="true">
              {paymentStep}
            </span>
            {t('checkout:pay.title')}
          </h2>
          <PaymentSection
            order={order}
            ready={ready}
            pendingReason={pendingReason}
            locale={locale}
            onPaid={paid}
            onNotPayable={onNotPayable}
          />
        </section>
      </div>
      {summary}
    </div>
  );
}
