import { createSlice } from '@reduxjs/toolkit';
import type { PayloadAction } from '@reduxjs/toolkit';
import type { EditionFormat, ProductKind, ProductSummary } from '@hls/contract';

export type WishlistItem = {
  id: number;
  type: ProductKind;
  title: string;
  /** List price in cents (a book's cheapest edition). */
  price: number;
  /** Percent; applies only when greater than 0. */
  discount: number;
  image: string;
  /** File type icon name, files only. */
  extension?: string;
  /** Books: the editions on sale. */
  formats?: EditionFormat[];
};

export type WishlistState = { wishlistItems: WishlistItem[] };

const initialState: WishlistState = { wishlistItems: [] };

export const wishlistSlice = createSlice({
  name: 'wishlist',
  initialState,
  reducers: {
    /** Refuses a product already present (same id); the toast listener tells the user. */
    addToWishlist(state, action: PayloadAction<WishlistItem>) {
      if (state.wishlistItems.some((item) => item.id === action.payload.id)) return;
      state.wishlistItems.push(action.payload);
    },
    deleteFromWishlist(state, action: PayloadAction<{ id: number }>) {
      state.wishlistItems = state.wishlistItems.filter((item) => item.id !== action.payload.id);
    },
    deleteAllFromWishlist(state) {
      state.wishlistItems = [];
    },
  },
  selectors: {
    selectWishlistItems: (state) => state.wishlistItems,
    selectWishlistCount: (state) => state.wishlistItems.length,
    isInWishlist: (state, id: number) => state.wishlistItems.some((item) => item.id === id),
  },
});

export const { addToWishlist, deleteFromWishlist, deleteAllFromWishlist } = wishlistSlice.actions;
export const { selectWishlistItems, selectWishlistCount, isInWishlist } = wishlistSlice.selectors;
export const wishlistReducer = wishlistSlice.reducer;

/** The wishlist entry of a product as the catalogue shows it. */
export function wishlistItemFromProduct(
  product: Pick<ProductSummary, 'id' | 'kind' | 'title' | 'coverUrl' | 'price' | 'fileType' | 'formats'>,
): WishlistItem {
  return {
    id: product.id,
    type: product.kind,
    title: product.title,
    price: product.price.priceCents,
    discount: product.price.discountPercent,
    image: product.coverUrl,
    ...(product.fileType ? { extension: product.fileType } : {}),
    ...(product.kind === 'book' ? { formats: product.formats } : {}),
  };
}
