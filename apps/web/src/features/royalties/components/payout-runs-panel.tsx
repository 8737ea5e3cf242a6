import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/ui/empty-state';
import { Pagination } from '@/components/ui/pagination';
import { PageSpinner } from '@/components/ui/spinner';
import { formatDate, formatDateTime } from '@/lib/dates';
import { formatMoney } from '@/lib/money';
import { useGetPayoutRunQuery, useGetPayoutRunsQuery } from '../api/payouts-api';
import { LoadFailed } from './load-failed';
import { PayoutRunDetails } from './payout-run-details';
import { Cell, RoyaltiesTable, type Column } from './royalties-table';

type RunsPanelProps = {
  page: number;
  /** The run opened (its id from the URL), or null for the list alone. */
  runId: string | null;
  locale: string;
  hrefFor: (args: { page?: number; run?: string }) => string;
};

/** One run opened from the list: its payouts and its transfer file. */
function OpenedRun({ runId, locale, backHref }: { runId: string; locale: string; backHref: string }) {
  const { t } = useTranslation('royalties');
  const { data, error, isLoading, isFetching, refetch } = useGetPayoutRunQuery(runId);
  return (
    <section className="card roy-section" aria-labelledby="roy-opened-run-title">
      <div className="roy-section__head">
        <h2 className="roy-section__title" id="roy-opened-run-title">
          {data ? t('admin.runs.openedTitle', { reference: data.reference }) : t('admin.runs.openedLoading')}
        </h2>
        <Link to={backHref}>{t('admin.runs.close')}</Link>
      </div>
      {isLoading && <PageSpinner label={t('admin.loading')} />}
      {!data && error && <LoadFailed error={error} busy={isFetching} onRetry={() => void refetch()} />}
      {data && <PayoutRunDetails run={data} locale={locale} />}
    </section>
  );
}

/** "Runs": every payout run, newest first, each opening its payouts and its transfer file. */
export function PayoutRunsPanel({ page, runId, locale, hrefFor }: RunsPanelProps) {
  const { t } = useTranslation('royalties');
  const { data, error, isLoading, isFetching, refetch } = useGetPayoutRunsQuery(page);
  const columns = {
    reference: { label: t('admin.run.reference') },
    created: { label: t('admin.run.created') },
    executionDate: { label: t('admin.run.executionDate') },
    transfers: { label: t('admin.runs.transfers'), money: true },
    total: { label: t('admin.run.total'), money: true },
  } satisfies Record<string, Column>;
  return (
    <div className="bo-page">
      {runId && <OpenedRun runId={runId} locale={locale} backHref={hrefFor({ page })} />}
      {isLoading && <PageSpinner label={t('admin.loading')} />}
      {!data && error && <LoadFailed error={error} busy={isFetching} onRetry={() => void refetch()} />}
      {data && data.count === 0 && (
        <EmptyState title={t('admin.runs.emptyTitle')} text={t('admin.runs.emptyText')} />
      )}
      {data && data.count > 0 && (
        <>
          <p className="bo-page__count" aria-live="polite">
            {t('admin.runs.count', { count: data.count })}
          </p>
          <RoyaltiesTable
            className="roy-runs"
            caption={t('admin.runs.caption')}
            columns={Object.values(columns)}
          >
            {data.results.map((run) => (
              <tr key={run.id} aria-current={run.id === runId ? 'true' : undefined}>
                <Cell column={columns.reference} row>
                  <Link
                    to={hrefFor({ page, run: run.id })}
                    aria-label={t('admin.runs.open', { reference: run.reference })}
                  >
                    <code className="roy-code">{run.reference}</code>
                  </Link>
                </Cell>
                <Cell column={columns.created}>
                  <time dateTime={run.createdAt}>{formatDateTime(run.createdAt, locale)}</time>
                </Cell>
                <Cell column={columns.executionDate}>
                  <time dateTime={run.executionDate}>{formatDate(run.executionDate, locale)}</time>
                </Cell>
                <Cell column={columns.transfers}>{run.count}</Cell>
                <Cell column={columns.total}>
                  <strong>{formatMoney(run.totalCents, locale)}</strong>
                </Cell>
              </tr>
            ))}
          </RoyaltiesTable>
          <Pagination
            page={data.page}
            pages={data.pages}
            hrefFor={(n) => hrefFor({ page: n })}
            labels={{
              nav: t('admin.runs.pagination.nav'),
              previous: t('admin.runs.pagination.previous'),
              next: t('admin.runs.pagination.next'),
              page: (n) => t('admin.runs.pagination.page', { page: n }),
            }}
          />
        </>
      )}
    </div>
  );
}
