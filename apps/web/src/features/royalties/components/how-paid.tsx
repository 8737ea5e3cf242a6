import { useTranslation } from 'react-i18next';
import type { PaymentTerms } from '@hls/contract';
import { formatDate } from '@/lib/dates';
import { formatMoney } from '@/lib/money';
import { countryName } from '../bank-countries';
import { formatRate } from '../format';

/**
 * How and when the author is paid: by SEPA or international transfer (and who bears an international transfer's
 * charges), the next monthly run, and the withholding rate of their country of residence.
 */
export function HowPaid({
  payment,
  minimumPayoutCents,
  locale,
}: {
  payment: PaymentTerms;
  minimumPayoutCents: number;
  locale: string;
}) {
  const { t } = useTranslation('royalties');
  return (
    <div className="roy-how-paid">
      <h3 className="roy-subtitle">{t('howPaid.title')}</h3>
      <ul className="roy-how-paid__list">
        {payment.scheme === null ? <li>{t('howPaid.noBank')}</li> : <li>{t(`howPaid.${payment.scheme}`)}</li>}
        {payment.scheme === 'international' && <li>{t(`howPaid.charges.${payment.chargeBearer}`)}</li>}
        <li>
          {t('howPaid.nextRun', {
            date: formatDate(payment.nextRunDate, locale),
            minimum: formatMoney(minimumPayoutCents, locale),
          })}
        </li>
        <li>
          {payment.residenceCountry === null
            ? t('howPaid.noResidence')
            : payment.withholdingBp > 0
              ? t('howPaid.withholding', {
                  country: countryName(payment.residenceCountry, locale),
                  rate: formatRate(payment.withholdingBp, locale),
                })
              : t('howPaid.noWithholding')}
        </li>
      </ul>
    </div>
  );
}
