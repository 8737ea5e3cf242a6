import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { orderStatuses } from '@hls/contract/values';
import type { OrderStatus } from '@hls/contract';
import { OrderStatusBadge } from '@/components/order/order-status-badge';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Pagination } from '@/components/ui/pagination';
import { PageSpinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useErrorText } from '@/i18n/use-error-text';
import { toApiFailure } from '@/lib/api-error';
import { formatDate } from '@/lib/dates';
import { formatMoney, intlLocale } from '@/lib/money';
import { useGetAdminOrdersQuery } from '../api/back-office-api';
import { BackOfficeForbidden } from './forbidden';
import { OrdersFilters } from './orders-filters';
import type { OrderFilters } from './orders-filters';

const isoDate = /^\d{4}-\d{2}-\d{2}$/;

/** The filters and page the URL holds (a filtered list can be reloaded and shared). */
function filtersFrom(params: URLSearchParams): { filters: OrderFilters; page: number } {
  const status = params.get('status');
  const from = params.get('from');
  const to = params.get('to');
  const customer = params.get('customer')?.trim();
  const page = Number(params.get('page'));
  return {
    filters: {
      ...(status && (orderStatuses as readonly string[]).includes(status)
        ? { status: status as OrderStatus }
        : {}),
      ...(from && isoDate.test(from) ? { from } : {}),
      ...(to && isoDate.test(to) ? { to } : {}),
      ...(customer ? { customer: customer.slice(0, 120) } : {}),
      ...(params.get('withdrawal') === 'requested' ? { withdrawal: 'requested' as const } : {}),
    },
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

function searchFrom(filters: OrderFilters, page = 1): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value) params.set(key, String(value));
  if (page > 1) params.set('page', String(page));
  return params;
}

/** /back-office/orders: every order, filtered, newest first, with what needs doing flagged. */
export function BackOfficeOrdersView() {
  const { t, i18n } = useTranslation(['backoffice', 'orders']);
  const locale = intlLocale(i18n.language);
  const errorText = useErrorText();
  const [searchParams, setSearchParams] = useSearchParams();
  const { filters, page } = filtersFrom(searchParams);
  const { data, error, isLoading, isFetching, refetch } = useGetAdminOrdersQuery({ ...filters, page });
  const failure = error ? toApiFailure(error) : null;

  if (failure?.status === 403) {
    return (
      <div className="container bo-page">
        <BackOfficeForbidden />
      </div>
    );
  }

  return (
    <div className="container bo-page">
      <OrdersFilters
        key={searchParams.toString()}
        value={filters}
        onApply={(next) => setSearchParams(searchFrom(next))}
      />
      {isLoading && <PageSpinner label={t('backoffice:loading')} />}
      {!data && failure && (
        <Alert tone="error" title={t('backoffice:loadFailed')}>
          <p>{errorText(failure)}</p>
          <Button variant="secondary" size="sm" busy={isFetching} onClick={() => void refetch()}>
            {t('backoffice:retry')}
          </Button>
        </Alert>
      )}
      {data && data.count === 0 && (
        <EmptyState title={t('backoffice:list.emptyTitle')} text={t('backoffice:list.emptyText')} />
      )}
      {data && data.count > 0 && (
        <>
          <p className="bo-page__count" aria-live="polite">
            {t('backoffice:list.count', { count: data.count })}
          </p>
          <div className="bo-table-wrap">
            <table className="bo-table">
              <caption className="visually-hidden">{t('backoffice:list.caption')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('backoffice:list.number')}</th>
                  <th scope="col">{t('backoffice:list.date')}</th>
                  <th scope="col">{t('backoffice:list.customer')}</th>
                  <th scope="col">{t('backoffice:list.status')}</th>
                  <th scope="col" className="bo-table__money">
                    {t('backoffice:list.total')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.results.map((order) => (
                  <tr key={order.id}>
                    <th scope="row" data-label={t('backoffice:list.number')}>
                      <div>
                        <Link to={paths.backOfficeOrder.getHref(order.id)}>{order.number}</Link>
                        {order.withdrawalRequested && (
                          <span className="bo-flag bo-flag--withdrawal">
                            {t('backoffice:list.withdrawal')}
                          </span>
                        )}
                        {order.needsShipping && (
                          <span className="bo-flag bo-flag--ship">{t('backoffice:list.toShip')}</span>
                        )}
                      </div>
                    </th>
                    <td data-label={t('backoffice:list.date')}>
                      <div>
                        <time dateTime={order.createdAt}>{formatDate(order.createdAt, locale)}</time>
                      </div>
                    </td>
                    <td data-label={t('backoffice:list.customer')}>
                      <div>
                        <span className="bo-table__name">{order.customer.name}</span>
                        <span className="bo-table__email">{order.customer.email}</span>
                      </div>
                    </td>
                    <td data-label={t('backoffice:list.status')}>
                      <div>
                        <OrderStatusBadge status={order.status} />
                      </div>
                    </td>
                    <td data-label={t('backoffice:list.total')} className="bo-table__money">
                      <div>
                        {formatMoney(order.totalCents, locale)}
                        {order.refundedCents > 0 && (
                          <span className="bo-table__refunded">
                            {t('backoffice:list.refunded', {
                              amount: formatMoney(order.refundedCents, locale),
                            })}
                          </span>
                        )}
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pagination
            page={data.page}
            pages={data.pages}
            hrefFor={(n) => `?${searchFrom(filters, n).toString()}`}
            labels={{
              nav: t('backoffice:pagination.nav'),
              previous: t('backoffice:pagination.previous'),
              next: t('backoffice:pagination.next'),
              page: (n) => t('backoffice:pagination.page', { page: n }),
            }}
          />
        </>
      )}
    </div>
  );
}
