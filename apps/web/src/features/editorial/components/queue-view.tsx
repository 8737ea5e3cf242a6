import { useLocation, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { reportStatuses } from '@hls/contract/values';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { SelectField } from '@/components/ui/field';
import { Pagination } from '@/components/ui/pagination';
import { PageSpinner } from '@/components/ui/spinner';
import { Tabs } from '@/components/ui/tabs';
import { useErrorText } from '@/i18n/use-error-text';
import { toApiFailure } from '@/lib/api-error';
import { intlLocale } from '@/lib/money';
import { useGetQueueQuery, useGetReportsQuery } from '../api/editorial-api';
import { queueFromSearch, searchFromQueue } from '../queue-params';
import type { QueueFilters as Filters, QueueTab } from '../queue-params';
import { EditorialForbidden } from './forbidden';
import { QueueCard } from './queue-card';
import { QueueFilters } from './queue-filters';
import { ReportCard } from './report-card';

/** What the review screen hands back after a decision, shown once above the queue. */
export type DecisionNotice = {
  title: string;
  decision: 'publish' | 'request_changes' | 'reject' | 'unpublish';
};

function LoadFailed({ error, busy, onRetry }: { error: unknown; busy: boolean; onRetry: () => void }) {
  const { t } = useTranslation('editorial');
  const errorText = useErrorText();
  if (toApiFailure(error).status === 403) return <EditorialForbidden />;
  return (
    <Alert tone="error" title={t('loadFailed')}>
      <p>{errorText(toApiFailure(error))}</p>
      <Button variant="secondary" size="sm" busy={busy} onClick={onRetry}>
        {t('retry')}
      </Button>
    </Alert>
  );
}

function usePaginationLabels() {
  const { t } = useTranslation('editorial');
  return {
    nav: t('pagination.nav'),
    previous: t('pagination.previous'),
    next: t('pagination.next'),
    page: (n: number) => t('pagination.page', { page: n }),
  };
}

function SubmissionsPanel({
  filters,
  page,
  viewerId,
  onFilters,
}: {
  filters: Filters;
  page: number;
  viewerId: string | null;
  onFilters: (filters: Filters) => void;
}) {
  const { t, i18n } = useTranslation('editorial');
  const locale = intlLocale(i18n.language);
  const labels = usePaginationLabels();
  const { data, error, isLoading, isFetching, refetch } = useGetQueueQuery({ ...filters, page });
  return (
    <div className="bo-page">
      <QueueFilters key={JSON.stringify(filters)} value={filters} onApply={onFilters} />
      {isLoading && <PageSpinner label={t('loading')} />}
      {!data && error && <LoadFailed error={error} busy={isFetching} onRetry={() => void refetch()} />}
      {data && data.count === 0 && <EmptyState title={t('queue.emptyTitle')} text={t('queue.emptyText')} />}
      {data && data.count > 0 && (
        <>
          <p className="bo-page__count" aria-live="polite">
            {t('queue.count', { count: data.count })}
          </p>
          <ul className="ed-list" aria-label={t('queue.caption')}>
            {data.results.map((item) => (
              <QueueCard key={item.id} item={item} locale={locale} viewerId={viewerId} />
            ))}
          </ul>
          <Pagination
            page={data.page}
            pages={data.pages}
            hrefFor={(n) => `?${searchFromQueue('submissions', filters, n).toString()}`}
            labels={labels}
          />
        </>
      )}
    </div>
  );
}

function ReportsPanel({ status, page }: { status: string; page: number }) {
  const { t, i18n } = useTranslation('editorial');
  const locale = intlLocale(i18n.language);
  const labels = usePaginationLabels();
  const [, setSearchParams] = useSearchParams();
  const chosen = (reportStatuses as readonly string[]).includes(status)
    ? (status as (typeof reportStatuses)[number])
    : 'open';
  const { data, error, isLoading, isFetching, refetch } = useGetReportsQuery({ status: chosen, page });
  const searchFor = (next: string, n = 1) => {
    const params = new URLSearchParams({ tab: 'reports' });
    if (next !== 'open') params.set('reportStatus', next);
    if (n > 1) params.set('page', String(n));
    return params;
  };
  return (
    <div className="bo-page">
      <div className="card ed-filters ed-filters--reports">
        <SelectField
          label={t('reports.show')}
          name="reportStatus"
          value={chosen}
          onChange={(event) => setSearchParams(searchFor(event.target.value))}
          options={reportStatuses.map((s) => ({ value: s, label: t(`reports.statusFilter.${s}`) }))}
        />
      </div>
      {isLoading && <PageSpinner label={t('loading')} />}
      {!data && error && <LoadFailed error={error} busy={isFetching} onRetry={() => void refetch()} />}
      {data && data.count === 0 && (
        <EmptyState title={t('reports.emptyTitle')} text={t(`reports.emptyText.${chosen}`)} />
      )}
      {data && data.count > 0 && (
        <>
          <p className="bo-page__count" aria-live="polite">
            {t('reports.count', { count: data.count })}
          </p>
          <ul className="ed-list" aria-label={t('reports.caption')}>
            {data.results.map((report) => (
              <ReportCard key={report.id} report={report} locale={locale} />
            ))}
          </ul>
          <Pagination
            page={data.page}
            pages={data.pages}
            hrefFor={(n) => `?${searchFor(chosen, n).toString()}`}
            labels={labels}
          />
        </>
      )}
    </div>
  );
}

/**
 * /back-office/editorial: the submissions waiting for a decision, oldest first, with their filters; and the
 * reports of published documents on a second tab.
 */
export function EditorialQueueView({ viewerId }: { viewerId: string | null }) {
  const { t } = useTranslation('editorial');
  const [searchParams, setSearchParams] = useSearchParams();
  const location = useLocation();
  const notice = (location.state as { decided?: DecisionNotice } | null)?.decided;
  const { tab, filters, page } = queueFromSearch(searchParams);
  // The same request as the submissions tab (one cache entry): its count of open reports names the other tab.
  const { data } = useGetQueueQuery({ ...filters, page });
  const select = (next: QueueTab) =>
    setSearchParams(searchFromQueue(next, next === 'submissions' ? filters : {}));

  return (
    <div className="container bo-page ed-page">
      {notice && <Alert tone="success" title={t(`notice.${notice.decision}`, { title: notice.title })} />}
      <Tabs<QueueTab>
        label={t('tabs.label')}
        selected={tab}
        onSelect={select}
        items={[
          {
            key: 'submissions',
            label: t('tabs.submissions'),
            panel: (
              <SubmissionsPanel
                filters={filters}
                page={page}
                viewerId={viewerId}
                onFilters={(next) => setSearchParams(searchFromQueue('submissions', next))}
              />
            ),
          },
          {
            key: 'reports',
            label: data?.openReports ? t('tabs.reportsOpen', { count: data.openReports }) : t('tabs.reports'),
            panel: <ReportsPanel status={searchParams.get('reportStatus') ?? 'open'} page={page} />,
          },
        ]}
      />
    </div>
  );
}
