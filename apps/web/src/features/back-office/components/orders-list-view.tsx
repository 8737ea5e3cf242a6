import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { orderStatuses } from '@hls/contract/values';
import type { OrderStatus } from '@hls/contract';
import { OrderStatusBadge } from '@/components/order/order-status-badge';
import { paths } from '@/config/paths';
import { toApiFailure } from '@/lib/api-error';
import { formatDate } from '@/lib/dates';
import { formatMoney, intlLocale } from '@/lib/money';
import { useGetAdminOrdersQuery } from '../api/back-office-api';
import { BackOfficeForbidden } from './forbidden';
import { pageFrom, searchFrom } from './list-search';
import { ListTable } from './list-table';
import { OrdersFilters } from './orders-filters';
import type { OrderFilters } from './orders-filters';

const isoDate = /^\d{4}-\d{2}-\d{2}$/;

/** The filters and page the URL holds (a filtered list can be reloaded and shared). */
function filtersFrom(params: URLSearchParams): { filters: OrderFilters; page: number } {
  const status = params.get('status');
  const from = params.get('from');
  const to = params.get('to');
  const customer = params.get('customer')?.trim();
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
    page: pageFrom(params),
  };
}

/** /back-office/orders: every order, filtered, newest first, with what needs doing flagged. */
export function BackOfficeOrdersView() {
  const { t, i18n } = useTranslation(['backoffice', 'orders']);
  const locale = intlLocale(i18n.language);
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
      <ListTable
        data={data}
        failure={failure}
        isLoading={isLoading}
        isFetching={isFetching}
        refetch={refetch}
        texts={{
          loading: t('backoffice:loading'),
          loadFailed: t('backoffice:loadFailed'),
          retry: t('backoffice:retry'),
          emptyTitle: t('backoffice:list.emptyTitle'),
          emptyText: t('backoffice:list.emptyText'),
          count: (count) => t('backoffice:list.count', { count }),
          caption: t('backoffice:list.caption'),
          pagination: {
            nav: t('backoffice:pagination.nav'),
            previous: t('backoffice:pagination.previous'),
            next: t('backoffice:pagination.next'),
            page: (n) => t('backoffice:pagination.page', { page: n }),
          },
        }}
        tableClassName="bo-table"
        head={
          <tr>
            <th scope="col">{t('backoffice:list.number')}</th>
            <th scope="col">{t('backoffice:list.date')}</th>
            <th scope="col">{t('backoffice:list.customer')}</th>
            <th scope="col">{t('backoffice:list.status')}</th>
            <th scope="col" className="bo-table__money">
              {t('backoffice:list.total')}
            </th>
          </tr>
        }
        hrefFor={(n) => `?${searchFrom(filters, n).toString()}`}
      >
        {(orders) =>
          orders.map((order) => (
            <tr key={order.id}>
              <th scope="row" data-label={t('backoffice:list.number')}>
                <div>
                  <Link to={paths.backOfficeOrder.getHref(order.id)}>{order.number}</Link>
                  {order.withdrawalRequested && (
                    <span className="bo-flag bo-flag--withdrawal">{t('backoffice:list.withdrawal')}</span>
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
          ))
        }
      </ListTable>
    </div>
  );
}
