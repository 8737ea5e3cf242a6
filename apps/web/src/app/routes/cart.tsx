import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { paths } from '@/config/paths';
import { CurrentUserEmailNotice } from '@/features/account/components/email-confirmation-notice';
import { selectIsLoggedIn } from '@/features/auth/auth-slice';
import { selectCartItems } from '@/features/cart/cart-slice';
import { CartView } from '@/features/cart/components/cart-view';
import { CheckoutButton } from '@/features/checkout/components/checkout-button';
import { orderCreated } from '@/features/orders/order-slice';
import '@/styles/shop.css';
import { PageHead } from './page-head';

export function Component() {
  const { t } = useTranslation(['common', 'shop']);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const items = useAppSelector(selectCartItems);
  const loggedIn = useAppSelector(selectIsLoggedIn);
  const [lineErrors, setLineErrors] = useState<Record<string, string>>({});

  return (
    <>
      <PageHead
        title={t('common:titles.cart')}
        description={t('shop:cart.description')}
        path={paths.cart.getHref()}
      />
      <CartView
        lineErrors={lineErrors}
        checkoutAction={
          <CheckoutButton
            lines={items.map((item) => ({
              key: item.cartItemId,
              productId: item.id,
              ...(item.type === 'book' && item.edition ? { edition: item.edition } : {}),
              quantity: item.quantity,
              title: item.title,
            }))}
            loggedIn={loggedIn}
            onLogin={() => navigate(paths.loginRegister.getHref(), { state: { from: paths.cart.getHref() } })}
            onCreated={(orderId) => {
              dispatch(orderCreated(orderId));
              navigate(paths.checkout.getHref());
            }}
            onLineErrors={setLineErrors}
            emailNotice={<CurrentUserEmailNotice context="order" />}
          />
        }
      />
    </>
  );
}
