import { useTranslation } from 'react-i18next';
import type { AuthorPayments, RoyaltyEntry } from '@hls/contract';
import { Button } from '@/components/ui/button';
import { useAppLanguage } from '@/i18n/use-app-language';
import { Pagination } from '@/components/ui/pagination';
import { formatMoney } from '@/lib/money';
import { reportCsvPath } from '../api/author-royalties-api';
import { formatDay, formatRate } from '../format';
import { useFileDownload } from '../hooks/use-file-download';
import type { ReportFilters as Filters } from '../report-params';
import { ReportFilters } from './report-filters';
import { Cell, RoyaltiesTable, type Column } from './royalties-table';

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

/** The report's columns, headed in the table and labelling each cell on a phone. */
function useReportColumns() {
  const { t } = useTranslation('royalties');
  return {
    date: { label: t('report.date') },
    order: { label: t('report.order') },
    title: { label: t('report.title') },
    format: { label: t('report.format') },
    quantity: { label: t('report.quantity'), money: true },
    net: { label: t('report.net'), money: true },
    rate: { label: t('report.rate'), money: true },
    royalty: { label: t('report.royalty'), money: true },
    state: { label: t('report.state') },
  } satisfies Record<string, Column>;
}

type ReportColumns = ReturnType<typeof useReportColumns>;

function EntryRow({
  entry,
  columns,
  paperHoldDays,
  locale,
}: {
  entry: RoyaltyEntry;
  columns: ReportColumns;
  paperHoldDays: number;
  locale: string;
}) {
  const { t } = useTranslation('royalties');
  const reversal = entry.kind === 'reversal';
  return (
    <tr className={reversal ? 'roy-row--reversal' : undefined}>
      <Cell column={columns.date} row>
        <time dateTime={entry.createdAt}>{formatDay(entry.createdAt, locale)}</time>
        {reversal && <span className="bo-flag roy-flag--reversal">{t('report.reversal')}</span>}
        {!reversal && entry.reversed && (
          <span className="bo-flag roy-flag--reversed">{t('report.reversed')}</span>
        )}
      </Cell>
      <Cell column={columns.order}>
        <span className="roy-code">{entry.orderNumber}</span>
      </Cell>
      <Cell column={columns.title}>
        <span className="roy-report__title">{entry.title}</span>
      </Cell>
      <Cell column={columns.format}>{t(`formats.${entry.format}`)}</Cell>
      <Cell column={columns.quantity}>{entry.quantity}</Cell>
      <Cell column={columns.net}>
        <Amount cents={entry.netCents} locale={locale} />
      </Cell>
      <Cell column={columns.rate}>{formatRate(entry.rateBp, locale)}</Cell>
      <Cell column={columns.royalty}>
        <strong>
          <Amount cents={entry.royaltyCents} locale={locale} />
        </strong>
      </Cell>
      <Cell column={columns.state} bare>
        <EntryState entry={entry} paperHoldDays={paperHoldDays} locale={locale} />
      </Cell>
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
  const lang = useAppLanguage();
  const { busy, download } = useFileDownload();
  const columns = useReportColumns();
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
          onClick={() => void download('csv', reportCsvPath(filters, lang), 'royalties.csv')}
        >
          {t('report.csv')}
        </Button>
      </div>
      {report.count === 0 ? (
        <p className="roy-muted">{filtered ? t('report.noMatch') : t('report.none')}</p>
      ) : (
        <>
          <RoyaltiesTable
            className="roy-report__table"
            caption={t('report.caption')}
            columns={Object.values(columns)}
            stale={stale}
          >
            {report.results.map((entry) => (
              <EntryRow
                key={entry.id}
                entry={entry}
                columns={columns}
                paperHoldDays={paperHoldDays}
                locale={locale}
              />
            ))}
          </RoyaltiesTable>
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
