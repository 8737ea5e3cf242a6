import { useTranslation } from 'react-i18next';
import type { PayoutSummary } from '@hls/contract';
import { formatDate } from '@/lib/dates';
import { formatMoney } from '@/lib/money';
import { periodText } from '../payout-period';

type PayoutsProps = { payouts: PayoutSummary[]; minimumPayoutCents: number; locale: string };

/** The transfers received: when, how much, the reference the bank statement shows, to which account. */
export function PayoutsReceived({ payouts, minimumPayoutCents, locale }: PayoutsProps) {
  const { t } = useTranslation('royalties');
  if (payouts.length === 0)
    return (
      <p className="roy-muted">{t('payouts.none', { minimum: formatMoney(minimumPayoutCents, locale) })}</p>
    );
  return (
    <div className="bo-table-wrap">
      <table className="bo-table roy-table roy-payouts">
        <caption className="visually-hidden">{t('payouts.caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('payouts.date')}</th>
            <th scope="col" className="bo-table__money">
              {t('payouts.amount')}
            </th>
            <th scope="col">{t('payouts.reference')}</th>
            <th scope="col">{t('payouts.account')}</th>
            <th scope="col">{t('payouts.period')}</th>
          </tr>
        </thead>
        <tbody>
          {payouts.map((payout) => (
            <tr key={payout.id}>
              <th scope="row" data-label={t('payouts.date')}>
                <div>
                  <time dateTime={payout.paidAt}>{formatDate(payout.paidAt, locale)}</time>
                </div>
              </th>
              <td className="bo-table__money" data-label={t('payouts.amount')}>
                <div>
                  <strong>{formatMoney(payout.amountCents, locale)}</strong>
                </div>
              </td>
              <td data-label={t('payouts.reference')}>
                <div>
                  <code className="roy-code">{payout.reference}</code>
                </div>
              </td>
              <td data-label={t('payouts.account')}>
                <div>
                  <span className="roy-iban">{payout.ibanMasked}</span>
                </div>
              </td>
              <td data-label={t('payouts.period')}>
                <div>
                  {periodText(t, payout, locale)}
                  <span className="bo-table__email">{t('payouts.entries', { count: payout.entries })}</span>
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
