import { useTranslation } from 'react-i18next';
import type { Order } from '@hls/contract';
import { formatMoney } from '@/lib/money';

type OrderTotalsProps = {
  order: Pick<
    Order,
    | 'subtotalCents'
    | 'discountCents'
    | 'totalCents'
    | 'vatCents'
    | 'refundedCents'
    | 'needsAddress'
    | 'billing'
  >;
  locale: string;
};

/**
 * Subtotal, discounts, total (delivery included for paper books), the VAT it includes — or adds, when prices are
 * set without it — the VAT taken off for an EU business under the reverse charge, and refunds.
 */
export function OrderTotals({ order, locale }: OrderTotalsProps) {
  const { t } = useTranslation('orders');
  const added = order.billing !== null && !order.billing.pricesIncludeVat;
  // What the catalogue prices come to, against what is charged: VAT added on top, or taken off.
  const items = order.subtotalCents - order.discountCents;
  const takenOff = items + (added ? (order.vatCents ?? 0) : 0) - order.totalCents;
  return (
    <dl className="order-totals">
      <div>
        <dt>{t('totals.subtotal')}</dt>
        <dd>{formatMoney(order.subtotalCents, locale)}</dd>
      </div>
      {order.discountCents > 0 && (
        <div className="order-totals__discount">
          <dt>{t('totals.discounts')}</dt>
          <dd>−{formatMoney(order.discountCents, locale)}</dd>
        </div>
      )}
      {order.needsAddress && (
        <div>
          <dt>{t('totals.delivery')}</dt>
          <dd>{t('totals.deliveryIncluded')}</dd>
        </div>
      )}
      {added && order.vatCents !== null && (
        <div className="order-totals__vat-added">
          <dt>{t('totals.vatAdded')}</dt>
          <dd>+{formatMoney(order.vatCents, locale)}</dd>
        </div>
      )}
      {takenOff > 0 && (
        <div className="order-totals__vat-off">
          <dt>{t('totals.reverseCharge')}</dt>
          <dd>−{formatMoney(takenOff, locale)}</dd>
        </div>
      )}
      <div className="order-totals__total">
        <dt>{t('totals.total')}</dt>
        <dd data-testid="order-total">{formatMoney(order.totalCents, locale)}</dd>
      </div>
      {order.vatCents !== null && !added && (
        <div className="order-totals__vat">
          <dt>{t('totals.vat')}</dt>
          <dd>{formatMoney(order.vatCents, locale)}</dd>
        </div>
      )}
      {order.refundedCents > 0 && (
        <div className="order-totals__refunded">
          <dt>{t('totals.refunded')}</dt>
          <dd>−{formatMoney(order.refundedCents, locale)}</dd>
        </div>
      )}
    </dl>
  );
}
