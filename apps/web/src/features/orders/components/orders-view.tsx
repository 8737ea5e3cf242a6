import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { BrowseLinks } from '@/components/ui/browse-links';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { CartIcon } from '@/components/ui/icons';
import { Pagination } from '@/components/ui/pagination';
import { PageSpinner } from '@/components/ui/spinner';
import { useErrorText } from '@/i18n/use-error-text';
import { toApiFailure } from '@/lib/api-error';
import { intlLocale } from '@/lib/money';
import { useGetMyOrdersQuery } from '../api/orders-api';
import { OrderCard } from './order-card';

type OrdersViewProps = {
  page: number;
  hrefForPage: (page: number) => string;
  /** Goes back to the payment of a pending order. */
  onPay?: (orderId: string) => void;
};

/** /customer-commande: the customer's orders, newest first, a page at a time. */
export function OrdersView({ page, hrefForPage, onPay }: OrdersViewProps) {
  const { t, i18n } = useTranslation('orders');
  const locale = intlLocale(i18n.language);
  const errorText = useErrorText();
  const { data, error, isLoading, isFetching, refetch } = useGetMyOrdersQuery(page);

  if (isLoading) return <PageSpinner label={t('loading')} />;
  if (!data) {
    return (
      <div className="container orders-page">
        <Alert tone="error" title={t('loadFailed')}>
          <p>{errorText(toApiFailure(error))}</p>
          <Button variant="secondary" size="sm" busy={isFetching} onClick={() => void refetch()}>
            {t('retry')}
          </Button>
        </Alert>
      </div>
    );
  }
  if (data.count === 0) {
    return (
      <div className="container orders-page">
        <EmptyState title={t('empty.title')} text={t('empty.text')} icon={<CartIcon size={40} />}>
          <BrowseLinks />
        </EmptyState>
      </div>
    );
  }
  return (
    <div className="container orders-page">
      <p className="orders-page__count">{t('count', { count: data.count })}</p>
      <div className="orders-page__list">
        {data.results.map((order) => (
          <OrderCard key={order.id} order={order} locale={locale} {...(onPay ? { onPay } : {})} />
        ))}
      </div>
      <Pagination
        page={data.page}
        pages={data.pages}
        hrefFor={hrefForPage}
        labels={{
          nav: t('pagination.nav'),
          previous: t('pagination.previous'),
          next: t('pagination.next'),
          page: (n) => t('pagination.page', { page: n }),
        }}
      />
    </div>
  );
}
