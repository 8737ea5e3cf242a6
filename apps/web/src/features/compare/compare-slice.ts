import { createSlice } from '@reduxjs/toolkit';
import type { PayloadAction } from '@reduxjs/toolkit';
import type { ProductKind, ProductSummary } from '@hls/contract';

export type CompareItem = {
  id: number;
  type: ProductKind;
  title: string;
  /** List price in cents (a book's cheapest edition). */
  price: number;
  /** Percent; applies only when greater than 0. */
  discount: number;
  image: string;
};

export type CompareState = { compareItems: CompareItem[] };

const initialState: CompareState = { compareItems: [] };

export const compareSlice = createSlice({
  name: 'compare',
  initialState,
  reducers: {
    /** Adds a product once (by id). */
    addToCompare(state, action: PayloadAction<CompareItem>) {
      if (state.compareItems.some((item) => item.id === action.payload.id)) return;
      state.compareItems.push(action.payload);
    },
    deleteFromCompare(state, action: PayloadAction<{ id: number }>) {
      state.compareItems = state.compareItems.filter((item) => item.id !== action.payload.id);
    },
    deleteAllFromCompare(state) {
      state.compareItems = [];
    },
  },
  selectors: {
    selectCompareItems: (state) => state.compareItems,
    selectCompareCount: (state) => state.compareItems.length,
    isInCompare: (state, id: number) => state.compareItems.some((item) => item.id === id),
  },
});

export const { addToCompare, deleteFromCompare, deleteAllFromCompare } = compareSlice.actions;
export const { selectCompareItems, selectCompareCount, isInCompare } = compareSlice.selectors;
export const compareReducer = compareSlice.reducer;

/** The compare entry of a product as the catalogue shows it. */
export function compareItemFromProduct(
  product: Pick<ProductSummary, 'id' | 'kind' | 'title' | 'coverUrl' | 'price'>,
): CompareItem {
  return {
    id: product.id,
    type: product.kind,
    title: product.title,
    price: product.price.priceCents,
    discount: product.price.discountPercent,
    image: product.coverUrl,
  };
}
