import { createSlice } from '@reduxjs/toolkit';
import type { PayloadAction } from '@reduxjs/toolkit';

export type WishlistItem = {
  id: string;
  type: 'file' | 'book';
  title: string;
  /** Cents. */
  price: number;
  discount: number;
  image: string;
};

export type WishlistState = { wishlistItems: WishlistItem[] };

const initialState: WishlistState = { wishlistItems: [] };

export const wishlistSlice = createSlice({
  name: 'wishlist',
  initialState,
  reducers: {
    /** Refuses a product already present (same id); callers check `isInWishlist` first to tell the user. */
    addToWishlist(state, action: PayloadAction<WishlistItem>) {
      if (state.wishlistItems.some((item) => item.id === action.payload.id)) return;
      state.wishlistItems.push(action.payload);
    },
    deleteFromWishlist(state, action: PayloadAction<{ id: string }>) {
      state.wishlistItems = state.wishlistItems.filter((item) => item.id !== action.payload.id);
    },
    deleteAllFromWishlist(state) {
      state.wishlistItems = [];
    },
  },
  selectors: {
    selectWishlistItems: (state) => state.wishlistItems,
    selectWishlistCount: (state) => state.wishlistItems.length,
    isInWishlist: (state, id: string) => state.wishlistItems.some((item) => item.id === id),
  },
});

export const { addToWishlist, deleteFromWishlist, deleteAllFromWishlist } = wishlistSlice.actions;
export const { selectWishlistItems, selectWishlistCount, isInWishlist } = wishlistSlice.selectors;
export const wishlistReducer = wishlistSlice.reducer;
