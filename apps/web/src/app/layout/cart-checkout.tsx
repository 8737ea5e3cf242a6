import { useNavigate } from 'react-router';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { paths } from '@/config/paths';
import { CurrentUserEmailNotice } from '@/features/account/components/email-confirmation-notice';
import { selectIsLoggedIn } from '@/features/auth/auth-slice';
import { selectCartItems } from '@/features/cart/cart-slice';
import { CreateOrderButton } from '@/features/checkout/components/create-order-button';
import { orderCreated } from '@/features/orders/order-slice';

type CartCheckoutProps = {
  /** The cart lines the shop refused, by cart line id (the cart shows them at their line). */
  onLineErrors?: (errors: Record<string, string>) => void;
  /** Called before leaving for the login or the checkout (the mini-cart closes). */
  onNavigate?: () => void;
};

/**
 * "Checkout" from the cart or the mini-cart: the order is created from the cart's lines and /checkout opens; a
 * visitor logs in first and comes back to the cart.
 */
export function CartCheckout({ onLineErrors, onNavigate }: CartCheckoutProps) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const items = useAppSelector(selectCartItems);
  const loggedIn = useAppSelector(selectIsLoggedIn);

  return (
    <CreateOrderButton
      lines={items.map((item) => ({
        key: item.cartItemId,
        productId: item.id,
        ...(item.type === 'book' && item.edition ? { edition: item.edition } : {}),
        quantity: item.quantity,
        title: item.title,
      }))}
      loggedIn={loggedIn}
      onLogin={() => {
        onNavigate?.();
        navigate(paths.loginRegister.getHref(), { state: { from: paths.cart.getHref() } });
      }}
      onOrderCreated={(orderId) => {
        onNavigate?.();
        dispatch(orderCreated(orderId));
        navigate(paths.checkout.getHref());
      }}
      {...(onLineErrors ? { onLineErrors } : {})}
      emailNotice={<CurrentUserEmailNotice context="order" />}
    />
  );
}
