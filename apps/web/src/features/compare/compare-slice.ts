import { createSlice } from '@reduxjs/toolkit';
import type { PayloadAction } from '@reduxjs/toolkit';

export type CompareItem = {
  id: string;
  type: 'file' | 'book';
  title: string;
  /** Cents. */
  price: number;
  discount: number;
  image: string;
};

export type CompareState = { compareItems: CompareItem[] };

const initialState: CompareState = { compareItems: [] };

export const compareSlice = createSlice({
  name: 'compare',
  initialState,
  reducers: {
    addToCompare(state, action: PayloadAction<CompareItem>) {
      if (state.compareItems.some((item) => item.id === action.payload.id)) return;
      state.compareItems.push(action.payload);
    },
    deleteFromCompare(state, action: PayloadAction<{ id: string }>) {
      state.compareItems = state.compareItems.filter((item) => item.id !== action.payload.id);
    },
  },
  selectors: {
    selectCompareItems: (state) => state.compareItems,
    selectCompareCount: (state) => state.compareItems.length,
  },
});

export const { addToCompare, deleteFromCompare } = compareSlice.actions;
export const { selectCompareItems, selectCompareCount } = compareSlice.selectors;
export const compareReducer = compareSlice.reducer;
