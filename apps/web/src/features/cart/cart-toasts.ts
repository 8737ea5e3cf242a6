import type { TypedStartListening } from '@reduxjs/toolkit';
import { notify } from '@/components/ui/notify';
import { addToCart, decreaseQuantity, deleteFromCart } from './cart-slice';
import type { CartState } from './cart-slice';

/** The cart toasts of SPEC §8, shown once per action whichever screen dispatched it. */
export function startCartToasts(startListening: TypedStartListening<{ cart: CartState }>) {
  startListening({ actionCreator: addToCart, effect: () => void notify.key('success', 'addedToCart') });
  startListening({
    actionCreator: deleteFromCart,
    effect: () => void notify.key('info', 'removedFromCart'),
  });
  startListening({
    actionCreator: decreaseQuantity,
    effect: (action, api) => {
      const before = api.getOriginalState().cart.cartItems;
      const line = before.find((item) => item.cartItemId === action.payload.cartItemId);
      if (!line) return;
      notify.key('info', line.quantity <= 1 ? 'removedFromCart' : 'decrementedFromCart');
    },
  });
}
