import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OssAmounts, OssReport } from '@hls/contract';
import { useAppDispatch } from '@/app/hooks';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { SelectField } from '@/components/ui/field';
import { notify } from '@/components/ui/notify';
import { PageSpinner } from '@/components/ui/spinner';
import { formatMoney } from '@/lib/money';
import { downloadProtectedFile } from '@/lib/protected-download';
import { ossCsvPath, useGetOssReportQuery } from '../api/tax-api';
import { formatRateBp, recentQuarters } from '../quarters';
import { TaxLoadFailed } from './tax-load-failed';

type Column = { key: string; label: string; money?: boolean };

/** A day of the quarter's bounds, which are UTC days whatever the admin's time zone. */
const utcDay = (ms: number, locale: string) =>
  new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(ms));

function Amounts({ amounts, columns, locale }: { amounts: OssAmounts; columns: Column[]; locale: string }) {
  const values: Record<string, number> = {
    salesNet: amounts.salesNetCents,
    salesVat: amounts.salesVatCents,
    refundsNet: amounts.refundsNetCents,
    refundsVat: amounts.refundsVatCents,
    net: amounts.netCents,
    vat: amounts.vatCents,
  };
  return (
    <>
      {columns.map((column) => (
        <td key={column.key} className="bo-table__money" data-label={column.label}>
          <span className={values[column.key]! < 0 ? 'tax-negative' : undefined}>
            {formatMoney(values[column.key]!, locale)}
          </span>
        </td>
      ))}
    </>
  );
}

/** The report's table: a row per scheme, member state and rate, each scheme's total, the return's total. */
function OssTable({ report, locale }: { report: OssReport; locale: string }) {
  const { t } = useTranslation('tax');
  const countries = useMemo(() => new Intl.DisplayNames([locale], { type: 'region' }), [locale]);
  const amountColumns: Column[] = [
    { key: 'salesNet', label: t('oss.salesNet') },
    { key: 'salesVat', label: t('oss.salesVat') },
    { key: 'refundsNet', label: t('oss.refundsNet') },
    { key: 'refundsVat', label: t('oss.refundsVat') },
    { key: 'net', label: t('oss.net') },
    { key: 'vat', label: t('oss.vat') },
  ];
  const countryLabel = t('oss.country');
  const rateLabel = t('oss.rate');
  return (
    <div className="bo-table-wrap">
      <table className="bo-table tax-table">
        <caption className="visually-hidden">{t('oss.caption', { quarter: report.quarter })}</caption>
        <thead>
          <tr>
            <th scope="col">{countryLabel}</th>
            <th scope="col" className="bo-table__money">
              {rateLabel}
            </th>
            {amountColumns.map((column) => (
              <th key={column.key} scope="col" className="bo-table__money">
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        {report.schemes
          .filter((scheme) => report.rows.some((row) => row.scheme === scheme.scheme))
          .map((scheme) => {
            const schemeName = t(`oss.schemes.${scheme.scheme}`);
            return (
              <tbody key={scheme.scheme}>
                <tr className="tax-table__scheme">
                  <th scope="colgroup" colSpan={2 + amountColumns.length}>
                    {schemeName}
                  </th>
                </tr>
                {report.rows
                  .filter((row) => row.scheme === scheme.scheme)
                  .map((row) => (
                    <tr key={`${row.scheme}-${row.country}-${row.rateBp}`}>
                      <th scope="row" data-label={countryLabel}>
                        <span>
                          {countries.of(row.country) ?? row.country}{' '}
                          <span className="tax-code">{row.country}</span>
                        </span>
                      </th>
                      <td className="bo-table__money" data-label={rateLabel}>
                        {formatRateBp(row.rateBp, locale)}
                      </td>
                      <Amounts amounts={row} columns={amountColumns} locale={locale} />
                    </tr>
                  ))}
                <tr className="tax-table__total">
                  <th scope="row" colSpan={2}>
                    {t('oss.schemeTotal', { scheme: schemeName })}
                  </th>
                  <Amounts amounts={scheme} columns={amountColumns} locale={locale} />
                </tr>
              </tbody>
            );
          })}
        <tfoot>
          <tr className="tax-table__total tax-table__grand">
            <th scope="row" colSpan={2}>
              {t('oss.total')}
            </th>
            <Amounts amounts={report.totals} columns={amountColumns} locale={locale} />
          </tr>
        </tfoot>
      </table>
    </div>
  );
}

/** The check of the report against the orders: what was invoiced and credited, what the orders took and gave back. */
function OssCheck({ report, locale }: { report: OssReport; locale: string }) {
  const { t } = useTranslation('tax');
  const { check } = report;
  const money = (cents: number) => formatMoney(cents, locale);
  const net = check.ordersPaidCents - check.ordersRefundedCents;
  return (
    <div className="tax-check">
      <h3 className="tax-subtitle">{t('oss.check.title')}</h3>
      <Alert tone={check.matches ? 'success' : 'error'}>
        {check.matches
          ? t('oss.check.ok', { amount: money(net) })
          : t('oss.check.mismatch', {
              invoiced: money(check.invoicedCents + check.creditedCents),
              orders: money(net),
            })}
      </Alert>
      <dl className="tax-facts">
        <div>
          <dt>
            {t('oss.check.invoiced')} ({t('oss.check.invoices', { count: check.invoices })})
          </dt>
          <dd>{money(check.invoicedCents)}</dd>
        </div>
        <div>
          <dt>
            {t('oss.check.credited')} ({t('oss.check.creditNotes', { count: check.creditNotes })})
          </dt>
          <dd>{money(check.creditedCents)}</dd>
        </div>
        <div>
          <dt>{t('oss.check.ordersPaid')}</dt>
          <dd>{money(check.ordersPaidCents)}</dd>
        </div>
        <div>
          <dt>{t('oss.check.ordersRefunded')}</dt>
          <dd>{money(-check.ordersRefundedCents)}</dd>
        </div>
      </dl>
    </div>
  );
}

/** "OSS return": the quarter chosen, its table per scheme, member state and rate, the check, the CSV. */
export function OssReportPanel({ locale }: { locale: string }) {
  const { t } = useTranslation('tax');
  const dispatch = useAppDispatch();
  const quarters = useMemo(() => recentQuarters(new Date()), []);
  const [quarter, setQuarter] = useState(quarters[0]!);
  const [downloading, setDownloading] = useState(false);
  const { data, error, isLoading, isFetching, refetch } = useGetOssReportQuery(quarter);

  const downloadCsv = async () => {
    setDownloading(true);
    try {
      const outcome = await downloadProtectedFile(ossCsvPath(quarter), `hls-oss-${quarter}.csv`, dispatch);
      if (!outcome.ok) notify.error(t('oss.downloadFailed'), t('vat.retry'));
    } finally {
      setDownloading(false);
    }
  };

  return (
    <section className="card tax-section" aria-labelledby="tax-oss-title">
      <h2 className="tax-section__title" id="tax-oss-title">
        {t('oss.title')}
      </h2>
      <p className="tax-section__intro">{t('oss.intro')}</p>
      <div className="tax-toolbar">
        <SelectField
          label={t('oss.quarter')}
          name="quarter"
          value={quarter}
          onChange={(event) => setQuarter(event.target.value)}
          options={quarters.map((q) => ({ value: q, label: q }))}
        />
        <Button
          variant="secondary"
          busy={downloading}
          busyLabel={t('oss.csvBusy')}
          disabled={!data}
          onClick={() => void downloadCsv()}
        >
          {t('oss.csv')}
        </Button>
      </div>
      {isLoading ? (
        <PageSpinner label={t('vat.loading')} />
      ) : !data ? (
        <TaxLoadFailed error={error} busy={isFetching} onRetry={() => void refetch()} />
      ) : (
        <div className={`tax-report${isFetching ? ' tax-stale' : ''}`} aria-busy={isFetching || undefined}>
          <p className="tax-period">
            {t('oss.period', {
              from: utcDay(Date.parse(`${data.from}T00:00:00Z`), locale),
              // The day before the next quarter's first.
              to: utcDay(Date.parse(`${data.to}T00:00:00Z`) - 86_400_000, locale),
            })}
          </p>
          {data.rows.length === 0 ? (
            <p className="tax-muted">{t('oss.empty')}</p>
          ) : (
            <OssTable report={data} locale={locale} />
          )}
          <OssCheck report={data} locale={locale} />
        </div>
      )}
    </section>
  );
}
