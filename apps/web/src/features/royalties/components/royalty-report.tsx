import { useTranslation } from 'react-i18next';
import type { AuthorPayments, RoyaltyEntry } from '@hls/contract';
import { Button } from '@/components/ui/button';
import { Pagination } from '@/components/ui/pagination';
import { formatMoney } from '@/lib/money';
import { reportCsvPath } from '../api/author-royalties-api';
import { formatDay, formatRate } from '../format';
import { useFileDownload } from '../hooks/use-file-download';
import type { ReportFilters as Filters } from '../report-params';
import { ReportFilters } from './report-filters';

type ReportProps = {
  report: AuthorPayments['report'];
  products: AuthorPayments['productChoices'];
  paperHoldDays: number;
  filters: Filters;
  /** The report is being fetched again for new filters or another page. */
  stale: boolean;
  locale: string;
  onFilters: (filters: Filters) => void;
  hrefFor: (page: number) => string;
};

function Amount({ cents, locale }: { cents: number; locale: string }) {
  return <span className={cents < 0 ? 'roy-negative' : undefined}>{formatMoney(cents, locale)}</span>;
}

/** Where an entry stands: pending until a day (or a paper book's delivery), available since a day, or paid. */
function EntryState({
  entry,
  paperHoldDays,
  locale,
}: {
  entry: RoyaltyEntry;
  paperHoldDays: number;
  locale: string;
}) {
  const { t } = useTranslation('royalties');
  let when: string;
  if (entry.state === 'paid')
    when = entry.paidAt ? t('report.paidOn', { date: formatDay(entry.paidAt, locale) }) : '';
  else if (entry.availableAt === null) when = t('report.afterDelivery', { count: paperHoldDays });
  else if (entry.state === 'pending')
    when = t('report.payableFrom', { date: formatDay(entry.availableAt, locale) });
  else when = t('report.payableSince', { date: formatDay(entry.availableAt, locale) });
  return (
    <div>
      <span className={`roy-state roy-state--${entry.state}`}>{t(`states.${entry.state}`)}</span>
      {when && <span className="roy-state__when">{when}</span>}
      {entry.state === 'paid' && entry.payoutReference && (
        <code className="roy-code roy-state__when">{entry.payoutReference}</code>
      )}
    </div>
  );
}

function EntryRow({
  entry,
  paperHoldDays,
  locale,
}: {
  entry: RoyaltyEntry;
  paperHoldDays: number;
  locale: string;
}) {
  const { t } = useTranslation('royalties');
  const reversal = entry.kind === 'reversal';
  return (
    <tr className={reversal ? 'roy-row--reversal' : undefined}>
      <th scope="row" data-label={t('report.date')}>
        <div>
          <time dateTime={entry.createdAt}>{formatDay(entry.createdAt, locale)}</time>
          {reversal && <span className="bo-flag roy-flag--reversal">{t('report.reversal')}</span>}
          {!reversal && entry.reversed && (
            <span className="bo-flag roy-flag--reversed">{t('report.reversed')}</span>
          )}
        </div>
      </th>
      <td data-label={t('report.order')}>
        <div>
          <span className="roy-code">{entry.orderNumber}</span>
        </div>
      </td>
      <td data-label={t('report.title')}>
        <div>
          <span className="roy-report__title">{entry.title}</span>
        </div>
      </td>
      <td data-label={t('report.format')}>
        <div>{t(`formats.${entry.format}`)}</div>
      </td>
      <td className="bo-table__money" data-label={t('report.quantity')}>
        <div>{entry.quantity}</div>
      </td>
      <td className="bo-table__money" data-label={t('report.net')}>
        <div>
          <Amount cents={entry.netCents} locale={locale} />
        </div>
      </td>
      <td className="bo-table__money" data-label={t('report.rate')}>
        <div>{formatRate(entry.rateBp, locale)}</div>
      </td>
      <td className="bo-table__money" data-label={t('report.royalty')}>
        <div>
          <strong>
            <Amount cents={entry.royaltyCents} locale={locale} />
          </strong>
        </div>
      </td>
      <td data-label={t('report.state')}>
        <EntryState entry={entry} paperHoldDays={paperHoldDays} locale={locale} />
      </td>
    </tr>
  );
}

/**
 * The detailed report: its filters (kept in the URL), every entry of the period a page at a time, newest first,
 * reversals shown negative and named, and the CSV of the same filters.
 */
export function RoyaltyReport({
  report,
  products,
  paperHoldDays,
  filters,
  stale,
  locale,
  onFilters,
  hrefFor,
}: ReportProps) {
  const { t } = useTranslation('royalties');
  const { busy, download } = useFileDownload();
  const filtered = Boolean(filters.from || filters.to || filters.productId);
  return (
    <div className="roy-report">
      <ReportFilters key={JSON.stringify(filters)} value={filters} products={products} onApply={onFilters} />
      <div className="roy-report__bar">
        <p className="bo-page__count" aria-live="polite">
          {t('report.count', { count: report.count })}
        </p>
        <Button
          variant="secondary"
          size="sm"
          disabled={report.count === 0}
          busy={busy === 'csv'}
          busyLabel={t('download.busy')}
          onClick={() => void download('csv', reportCsvPath(filters), 'royalties.csv')}
        >
          {t('report.csv')}
        </Button>
      </div>
      {report.count === 0 ? (
        <p className="roy-muted">{filtered ? t('report.noMatch') : t('report.none')}</p>
      ) : (
        <>
          <div className={`bo-table-wrap${stale ? ' roy-stale' : ''}`} aria-busy={stale || undefined}>
            <table className="bo-table roy-table roy-report__table">
              <caption className="visually-hidden">{t('report.caption')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('report.date')}</th>
                  <th scope="col">{t('report.order')}</th>
                  <th scope="col">{t('report.title')}</th>
                  <th scope="col">{t('report.format')}</th>
                  <th scope="col" className="bo-table__money">
                    {t('report.quantity')}
                  </th>
                  <th scope="col" className="bo-table__money">
                    {t('report.net')}
                  </th>
                  <th scope="col" className="bo-table__money">
                    {t('report.rate')}
                  </th>
                  <th scope="col" className="bo-table__money">
                    {t('report.royalty')}
                  </th>
                  <th scope="col">{t('report.state')}</th>
                </tr>
              </thead>
              <tbody>
                {report.results.map((entry) => (
                  <EntryRow key={entry.id} entry={entry} paperHoldDays={paperHoldDays} locale={locale} />
                ))}
              </tbody>
            </table>
          </div>
          <Pagination
            page={report.page}
            pages={report.pages}
            hrefFor={hrefFor}
            labels={{
              nav: t('report.pagination.nav'),
              previous: t('report.pagination.previous'),
              next: t('report.pagination.next'),
              page: (n) => t('report.pagination.page', { page: n }),
            }}
          />
        </>
      )}
    </div>
  );
}
