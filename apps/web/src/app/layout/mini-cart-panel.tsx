import { MiniCart } from '@/features/cart/components/mini-cart';
import { CartCheckout } from './cart-checkout';

/** The header cart's dropdown: the mini-cart with its checkout (loaded when the cart menu first opens). */
export function MiniCartPanel({ onNavigate }: { onNavigate: () => void }) {
  return <MiniCart onNavigate={onNavigate} checkoutAction={<CartCheckout onNavigate={onNavigate} />} />;
}
