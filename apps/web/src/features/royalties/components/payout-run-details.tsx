import { useTranslation } from 'react-i18next';
import type { PayoutRun } from '@hls/contract';
import { Button } from '@/components/ui/button';
import { formatDate, formatDateTime } from '@/lib/dates';
import { formatMoney } from '@/lib/money';
import { periodText } from '../payout-period';
import { internationalFilePath, payoutsCsvPath, transferFilePath } from '../api/payouts-api';
import { useFileDownload } from '../hooks/use-file-download';
import { Cell, RoyaltiesTable, type Column } from './royalties-table';
import { Fact } from './fact';

/**
 * A payout run: its reference, dates and total, one payout per author (with the file it went in and the tax
 * withheld), its SEPA and international transfer files, and the payouts' CSV.
 */
export function PayoutRunDetails({ run, locale }: { run: PayoutRun; locale: string }) {
  const { t } = useTranslation('royalties');
  const { busy, download } = useFileDownload();
  const columns = {
    author: { label: t('admin.run.author') },
    account: { label: t('admin.run.account') },
    period: { label: t('admin.run.period') },
    payoutReference: { label: t('admin.run.payoutReference') },
    amount: { label: t('admin.run.amount'), money: true },
  } satisfies Record<string, Column>;
  return (
    <div className="roy-run">
      <dl className="bo-facts roy-run__facts">
        <Fact term={t('admin.run.reference')}>
          <code className="roy-code">{run.reference}</code>
        </Fact>
        <Fact term={t('admin.run.created')}>
          <time dateTime={run.createdAt}>{formatDateTime(run.createdAt, locale)}</time>
        </Fact>
        <Fact term={t('admin.run.executionDate')}>
          <time dateTime={run.executionDate}>{formatDate(run.executionDate, locale)}</time>
        </Fact>
        <Fact term={t('admin.run.total')}>
          <strong>{formatMoney(run.totalCents, locale)}</strong> ·{' '}
          {t('admin.run.transfers', { count: run.count })}
        </Fact>
      </dl>
      <div className="roy-actions roy-actions--start">
        {run.sepaCount > 0 && (
          <Button
            busy={busy === 'pain'}
            busyLabel={t('download.busy')}
            onClick={() => void download('pain', transferFilePath(run.id), `${run.reference}.xml`)}
          >
            {t('admin.run.files.sepa')} · {run.sepaCount}
          </Button>
        )}
        {run.internationalCount > 0 && (
          <Button
            busy={busy === 'international'}
            busyLabel={t('download.busy')}
            onClick={() =>
              void download(
                'international',
                internationalFilePath(run.id),
                `${run.reference}-international.xml`,
              )
            }
          >
            {t('admin.run.files.international')} · {run.internationalCount}
          </Button>
        )}
        <Button
          variant="secondary"
          busy={busy === 'csv'}
          busyLabel={t('download.busy')}
          onClick={() => void download('csv', payoutsCsvPath(run.id), `${run.reference}-payouts.csv`)}
        >
          {t('admin.run.files.csv')}
        </Button>
      </div>
      {run.payouts.length > 0 && (
        <RoyaltiesTable
          className="roy-run__table"
          caption={t('admin.run.caption', { reference: run.reference })}
          columns={Object.values(columns)}
        >
          {run.payouts.map((payout) => (
            <tr key={payout.id}>
              <Cell column={columns.author} row>
                <span className="bo-table__name">{payout.authorName}</span>
                <span className="bo-table__email">{payout.authorEmail}</span>
              </Cell>
              <Cell column={columns.account}>
                <span className="bo-table__name">{payout.holder}</span>
                <span className="roy-iban">{payout.ibanMasked}</span>
                <span className="bo-table__email roy-iban">{payout.bic}</span>
                <span className="bo-table__email">
                  {t('admin.run.inFile', { scheme: t(`admin.run.schemes.${payout.scheme}`) })}
                </span>
              </Cell>
              <Cell column={columns.period}>
                {periodText(t, payout, locale)}
                <span className="bo-table__email">{t('payouts.entries', { count: payout.entries })}</span>
              </Cell>
              <Cell column={columns.payoutReference}>
                <code className="roy-code">{payout.reference}</code>
              </Cell>
              <Cell column={columns.amount}>
                <strong>{formatMoney(payout.amountCents, locale)}</strong>
                {payout.withholdingCents > 0 && (
                  <span className="bo-table__email">
                    {t('admin.run.withheldAmount', { amount: formatMoney(payout.withholdingCents, locale) })}
                  </span>
                )}
              </Cell>
            </tr>
          ))}
        </RoyaltiesTable>
      )}
    </div>
  );
}
