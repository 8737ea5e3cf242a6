import { useTranslation } from 'react-i18next';
import type { OrderBilling } from '@hls/contract';

/** Where the buyer said they live and, for a business, its VAT number under the reverse charge. */
export function BillingSummary({ billing, locale }: { billing: OrderBilling; locale: string }) {
  const { t } = useTranslation('checkout');
  const country = new Intl.DisplayNames([locale], { type: 'region' }).of(billing.country) ?? billing.country;
  return (
    <div className="billing-summary">
      <p>{t('billing.summary', { country })}</p>
      {billing.vatNumber && <p>{t('billing.summaryBusiness', { vatNumber: billing.vatNumber })}</p>}
    </div>
  );
}
