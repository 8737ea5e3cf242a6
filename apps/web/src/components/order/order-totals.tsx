import { useTranslation } from 'react-i18next';
import type { Order } from '@hls/contract';
import { formatMoney } from '@/lib/money';

type OrderTotalsProps = {
  order: Pick<
    Order,
    'subtotalCents' | 'discountCents' | 'totalCents' | 'vatCents' | 'refundedCents' | 'needsAddress'
  >;
  locale: string;
};

/** Subtotal, discounts, total (delivery included for paper books), the VAT it includes, refunds. */
export function OrderTotals({ order, locale }: OrderTotalsProps) {
  const { t } = useTranslation('orders');
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
      <div className="order-totals__total">
        <dt>{t('totals.total')}</dt>
        <dd data-testid="order-total">{formatMoney(order.totalCents, locale)}</dd>
      </div>
      {order.vatCents !== null && (
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
