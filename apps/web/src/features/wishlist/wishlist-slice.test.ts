import { describe, expect, it } from 'vitest';
import { addToWishlist, deleteAllFromWishlist, deleteFromWishlist, wishlistReducer } from './wishlist-slice';
import type { WishlistItem } from './wishlist-slice';

const item: WishlistItem = {
  id: 1,
  type: 'book',
  title: 'Droit des affaires',
  price: 1900,
  discount: 0,
  image: '/p1.jpg',
};

describe('wishlist reducer', () => {
  it('adds a product', () => {
    const state = wishlistReducer(undefined, addToWishlist(item));
    expect(state.wishlistItems).toEqual([item]);
  });

  it('refuses a second wishlist entry with the same id', () => {
    let state = wishlistReducer(undefined, addToWishlist(item));
    state = wishlistReducer(state, addToWishlist({ ...item, title: 'Another title' }));
    expect(state.wishlistItems).toHaveLength(1);
    expect(state.wishlistItems[0]?.title).toBe('Droit des affaires');
  });

  it('removes one product and clears all', () => {
    let state = wishlistReducer(undefined, addToWishlist(item));
    state = wishlistReducer(state, addToWishlist({ ...item, id: 2 }));
    state = wishlistReducer(state, deleteFromWishlist({ id: 1 }));
    expect(state.wishlistItems.map((i) => i.id)).toEqual([2]);
    expect(wishlistReducer(state, deleteAllFromWishlist()).wishlistItems).toEqual([]);
  });
});
