import { createSlice } from '@reduxjs/toolkit';
import type { PayloadAction } from '@reduxjs/toolkit';

export type ProductSummary = {
  id: string;
  type: 'file' | 'book';
  title: string;
  price: number;
  discount: number;
  image: string;
};

/** The product area of SPEC §3: a products list, saved so recently seen products show at once after a reload. */
export type ProductState = { products: ProductSummary[] };

const initialState: ProductState = { products: [] };

export const productSlice = createSlice({
  name: 'product',
  initialState,
  reducers: {
    productsReceived(state, action: PayloadAction<ProductSummary[]>) {
      state.products = action.payload;
    },
  },
});

export const { productsReceived } = productSlice.actions;
export const productReducer = productSlice.reducer;
