import { useTranslation } from 'react-i18next';
import type { PayoutRun } from '@hls/contract';
import { Button } from '@/components/ui/button';
import { formatDate, formatDateTime } from '@/lib/dates';
import { formatMoney } from '@/lib/money';
import { periodText } from '../payout-period';
import { transferFilePath } from '../api/payouts-api';
import { useFileDownload } from '../hooks/use-file-download';

/** A payout run: its reference, dates and total, one payout per author, and its SEPA transfer file. */
export function PayoutRunDetails({ run, locale }: { run: PayoutRun; locale: string }) {
  const { t } = useTranslation('royalties');
  const { busy, download } = useFileDownload();
  return (
    <div className="roy-run">
      <dl className="bo-facts roy-run__facts">
        <div>
          <dt>{t('admin.run.reference')}</dt>
          <dd>
            <code className="roy-code">{run.reference}</code>
          </dd>
        </div>
        <div>
          <dt>{t('admin.run.created')}</dt>
          <dd>
            <time dateTime={run.createdAt}>{formatDateTime(run.createdAt, locale)}</time>
          </dd>
        </div>
        <div>
          <dt>{t('admin.run.executionDate')}</dt>
          <dd>
            <time dateTime={run.executionDate}>{formatDate(run.executionDate, locale)}</time>
          </dd>
        </div>
        <div>
          <dt>{t('admin.run.total')}</dt>
          <dd>
            <strong>{formatMoney(run.totalCents, locale)}</strong> ·{' '}
            {t('admin.run.transfers', { count: run.count })}
          </dd>
        </div>
      </dl>
      <div className="roy-actions roy-actions--start">
        <Button
          busy={busy === 'pain'}
          busyLabel={t('download.busy')}
          onClick={() => void download('pain', transferFilePath(run.id), `${run.reference}.xml`)}
        >
          {t('admin.run.download')}
        </Button>
      </div>
      {run.payouts.length > 0 && (
        <div className="bo-table-wrap">
          <table className="bo-table roy-table roy-run__table">
            <caption className="visually-hidden">
              {t('admin.run.caption', { reference: run.reference })}
            </caption>
            <thead>
              <tr>
                <th scope="col">{t('admin.run.author')}</th>
                <th scope="col">{t('admin.run.account')}</th>
                <th scope="col">{t('admin.run.period')}</th>
                <th scope="col">{t('admin.run.payoutReference')}</th>
                <th scope="col" className="bo-table__money">
                  {t('admin.run.amount')}
                </th>
              </tr>
            </thead>
            <tbody>
              {run.payouts.map((payout) => (
                <tr key={payout.id}>
                  <th scope="row" data-label={t('admin.run.author')}>
                    <div>
                      <span className="bo-table__name">{payout.authorName}</span>
                      <span className="bo-table__email">{payout.authorEmail}</span>
                    </div>
                  </th>
                  <td data-label={t('admin.run.account')}>
                    <div>
                      <span className="bo-table__name">{payout.holder}</span>
                      <span className="roy-iban">{payout.ibanMasked}</span>
                      <span className="bo-table__email roy-iban">{payout.bic}</span>
                    </div>
                  </td>
                  <td data-label={t('admin.run.period')}>
                    <div>
                      {periodText(t, payout, locale)}
                      <span className="bo-table__email">
                        {t('payouts.entries', { count: payout.entries })}
                      </span>
                    </div>
                  </td>
                  <td data-label={t('admin.run.payoutReference')}>
                    <div>
                      <code className="roy-code">{payout.reference}</code>
                    </div>
                  </td>
                  <td className="bo-table__money" data-label={t('admin.run.amount')}>
                    <div>
                      <strong>{formatMoney(payout.amountCents, locale)}</strong>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
