import type { UnknownAction } from '@reduxjs/toolkit';
import { notify } from '@/components/ui/notify';
import { addOutcome, addToCart, decreaseQuantity, deleteFromCart } from './cart-slice';
import type { CartState } from './cart-slice';

/** The cart toasts of SPEC §8 for an action, given the state before it (see app/store.ts). */
export function cartToasts(action: UnknownAction, before: { cart: CartState }): void {
  if (addToCart.match(action)) {
    const outcome = addOutcome(before.cart, action.payload);
    if (outcome === 'added') notify.key('success', 'addedToCart');
    else notify.key('info', outcome === 'free' ? 'freeNotInCart' : 'alreadyInCart');
  } else if (deleteFromCart.match(action)) notify.key('info', 'removedFromCart');
  else if (decreaseQuantity.match(action)) {
    const line = before.cart.cartItems.find((item) => item.cartItemId === action.payload.cartItemId);
    if (line) notify.key('info', line.quantity <= 1 ? 'removedFromCart' : 'decrementedFromCart');
  }
}
