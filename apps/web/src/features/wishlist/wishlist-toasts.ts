import type { UnknownAction } from '@reduxjs/toolkit';
import { notify } from '@/components/ui/notify';
import { addToWishlist, deleteFromWishlist } from './wishlist-slice';
import type { WishlistState } from './wishlist-slice';

/**
 * The wishlist toasts of SPEC §8 for an action, given the state before it; a product already present is refused
 * with an info toast.
 */
export function wishlistToasts(action: UnknownAction, before: { wishlist: WishlistState }): void {
  if (addToWishlist.match(action)) {
    const present = before.wishlist.wishlistItems.some((item) => item.id === action.payload.id);
    if (present) notify.key('info', 'alreadyInWishlist');
    else notify.key('success', 'addedToWishlist');
  } else if (deleteFromWishlist.match(action)) notify.key('info', 'removedFromWishlist');
}
