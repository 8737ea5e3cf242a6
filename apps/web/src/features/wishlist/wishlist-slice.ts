import { createSlice } from '@reduxjs/toolkit';
import type { PayloadAction } from '@reduxjs/toolkit';
import type { EditionFormat, ProductSummary } from '@hls/contract';
import { addOnce, containsProduct, savedProductFrom, withoutProduct } from '@/lib/saved-products';
import type { SavedProduct } from '@/lib/saved-products';

export type WishlistItem = SavedProduct & {
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
      addOnce(state.wishlistItems, action.payload);
    },
    deleteFromWishlist(state, action: PayloadAction<{ id: number }>) {
      state.wishlistItems = withoutProduct(state.wishlistItems, action.payload.id);
    },
    deleteAllFromWishlist(state) {
      state.wishlistItems = [];
    },
  },
  selectors: {
    selectWishlistItems: (state) => state.wishlistItems,
    selectWishlistCount: (state) => state.wishlistItems.length,
    isInWishlist: (state, id: number) => containsProduct(state.wishlistItems, id),
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
    ...savedProductFrom(product),
    ...(product.fileType ? { extension: product.fileType } : {}),
    ...(product.kind === 'book' ? { formats: product.formats } : {}),
  };
}
