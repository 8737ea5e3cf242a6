import { useTranslation } from 'react-i18next';
import type { PayoutSummary } from '@hls/contract';
import { formatDate } from '@/lib/dates';
import { formatMoney } from '@/lib/money';
import { periodText } from '../payout-period';
import { Cell, RoyaltiesTable, type Column } from './royalties-table';

type PayoutsProps = { payouts: PayoutSummary[]; minimumPayoutCents: number; locale: string };

/** The transfers received: when, how much, the reference the bank statement shows, to which account. */
export function PayoutsReceived({ payouts, minimumPayoutCents, locale }: PayoutsProps) {
  const { t } = useTranslation('royalties');
  if (payouts.length === 0)
    return (
      <p className="roy-muted">{t('payouts.none', { minimum: formatMoney(minimumPayoutCents, locale) })}</p>
    );
  const columns = {
    date: { label: t('payouts.date') },
    amount: { label: t('payouts.amount'), money: true },
    reference: { label: t('payouts.reference') },
    account: { label: t('payouts.account') },
    period: { label: t('payouts.period') },
  } satisfies Record<string, Column>;
  return (
    <RoyaltiesTable className="roy-payouts" caption={t('payouts.caption')} columns={Object.values(columns)}>
      {payouts.map((payout) => (
        <tr key={payout.id}>
          <Cell column={columns.date} row>
            <time dateTime={payout.paidAt}>{formatDate(payout.paidAt, locale)}</time>
          </Cell>
          <Cell column={columns.amount}>
            <strong>{formatMoney(payout.amountCents, locale)}</strong>
          </Cell>
          <Cell column={columns.reference}>
            <code className="roy-code">{payout.reference}</code>
          </Cell>
          <Cell column={columns.account}>
            <span className="roy-iban">{payout.ibanMasked}</span>
          </Cell>
          <Cell column={columns.period}>
            {periodText(t, payout, locale)}
            <span className="bo-table__email">{t('payouts.entries', { count: payout.entries })}</span>
          </Cell>
        </tr>
      ))}
    </RoyaltiesTable>
  );
}
