import { createSlice } from '@reduxjs/toolkit';
import type { PayloadAction } from '@reduxjs/toolkit';
import { addOnce, containsProduct, savedProductFrom, withoutProduct } from '@/lib/saved-products';
import type { SavedProduct } from '@/lib/saved-products';

export type CompareItem = SavedProduct;

export type CompareState = { compareItems: CompareItem[] };

const initialState: CompareState = { compareItems: [] };

export const compareSlice = createSlice({
  name: 'compare',
  initialState,
  reducers: {
    /** Adds a product once (by id); the toasts tell the user when it was already there. */
    addToCompare(state, action: PayloadAction<CompareItem>) {
      addOnce(state.compareItems, action.payload);
    },
    deleteFromCompare(state, action: PayloadAction<{ id: number }>) {
      state.compareItems = withoutProduct(state.compareItems, action.payload.id);
    },
    deleteAllFromCompare(state) {
      state.compareItems = [];
    },
  },
  selectors: {
    selectCompareItems: (state) => state.compareItems,
    selectCompareCount: (state) => state.compareItems.length,
    isInCompare: (state, id: number) => containsProduct(state.compareItems, id),
  },
});

export const { addToCompare, deleteFromCompare, deleteAllFromCompare } = compareSlice.actions;
export const { selectCompareItems, selectCompareCount, isInCompare } = compareSlice.selectors;
export const compareReducer = compareSlice.reducer;

/** The compare entry of a product as the catalogue shows it. */
export const compareItemFromProduct = savedProductFrom;
