import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '@/app/hooks';
import { PageHeader } from '@/components/ui/page-header';
import { paths } from '@/config/paths';
import { orderCreated } from '@/features/orders/order-slice';
import { OrdersView } from '@/features/orders/components/orders-view';
import '@/styles/shop.css';
import '@/styles/orders.css';

/** /customer-commande: the customer's orders; a pending one goes back to /checkout to be paid. */
export function Component() {
  const { t } = useTranslation('common');
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const requested = Number(searchParams.get('page'));
  const page = Number.isInteger(requested) && requested > 1 ? requested : 1;

  return (
    <>
      <PageHeader
        title={t('titles.customerOrders')}
        trail={[{ path: paths.myAccount.getHref(), label: t('titles.myAccount') }]}
      />
      <OrdersView
        page={page}
        hrefForPage={(n) =>
          n > 1 ? `${paths.customerOrders.getHref()}?page=${n}` : paths.customerOrders.getHref()
        }
        onPay={(orderId) => {
          dispatch(orderCreated(orderId));
          navigate(paths.checkout.getHref());
        }}
      />
    </>
  );
}
