import { savedListToasts } from '@/components/ui/saved-list-toasts';
import { addToWishlist, deleteFromWishlist } from './wishlist-slice';
import type { WishlistState } from './wishlist-slice';

/** The wishlist toasts of SPEC §8; a product already present is refused with an info toast. */
export const wishlistToasts = savedListToasts({
  add: addToWishlist,
  remove: deleteFromWishlist,
  items: (state: { wishlist: WishlistState }) => state.wishlist.wishlistItems,
  keys: { added: 'addedToWishlist', already: 'alreadyInWishlist', removed: 'removedFromWishlist' },
});
