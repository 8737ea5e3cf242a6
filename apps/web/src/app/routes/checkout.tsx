import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { PageHeader } from '@/components/ui/page-header';
import { paths } from '@/config/paths';
import { removeOrderedLines } from '@/features/cart/cart-slice';
import { CheckoutView } from '@/features/checkout/components/checkout-view';
import { useGetSiteInfoQuery } from '@/features/content/api/content-api';
import { orderCleared, selectOrderId } from '@/features/orders/order-slice';
import '@/styles/shop.css';
import '@/styles/orders.css';
import '@/styles/address-book.css';

/** /checkout: the order of the persisted `order` area; once paid, its lines leave the cart and /download opens. */
export function Component() {
  const { t } = useTranslation('common');
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const orderId = useAppSelector(selectOrderId);
  const { data: site } = useGetSiteInfoQuery();

  return (
    <>
      <PageHeader
        title={t('titles.checkout')}
        trail={[{ path: paths.cart.getHref(), label: t('titles.cart') }]}
      />
      <CheckoutView
        orderId={orderId}
        delivery={site?.delivery}
        onPaid={(order) => {
          dispatch(removeOrderedLines(order.lines.map(({ productId, format }) => ({ productId, format }))));
          dispatch(orderCleared());
          navigate(paths.download.getHref(), { state: { orderId: order.id } });
        }}
        onOrderGone={() => dispatch(orderCleared())}
      />
    </>
  );
}
