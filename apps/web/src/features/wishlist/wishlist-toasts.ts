import type { TypedStartListening } from '@reduxjs/toolkit';
import { notify } from '@/components/ui/notify';
import { addToWishlist, deleteFromWishlist } from './wishlist-slice';
import type { WishlistState } from './wishlist-slice';

/** The wishlist toasts of SPEC §8; a product already present is refused with an info toast. */
export function startWishlistToasts(startListening: TypedStartListening<{ wishlist: WishlistState }>) {
  startListening({
    actionCreator: addToWishlist,
    effect: (action, api) => {
      const present = api
        .getOriginalState()
        .wishlist.wishlistItems.some((item) => item.id === action.payload.id);
      if (present) notify.key('info', 'alreadyInWishlist');
      else notify.key('success', 'addedToWishlist');
    },
  });
  startListening({
    actionCreator: deleteFromWishlist,
    effect: () => void notify.key('info', 'removedFromWishlist'),
  });
}
