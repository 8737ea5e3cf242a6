import { createSlice } from '@reduxjs/toolkit';
import type { PayloadAction } from '@reduxjs/toolkit';

/** The order being checked out; kept across reloads so /checkout and /download find it again. */
export type OrderState = { orderId: string | null };

const initialState: OrderState = { orderId: null };

export const orderSlice = createSlice({
  name: 'order',
  initialState,
  reducers: {
    orderCreated(state, action: PayloadAction<string>) {
      state.orderId = action.payload;
    },
    orderCleared(state) {
      state.orderId = null;
    },
  },
  selectors: { selectOrderId: (state) => state.orderId },
});

export const { orderCreated, orderCleared } = orderSlice.actions;
export const { selectOrderId } = orderSlice.selectors;
export const orderReducer = orderSlice.reducer;
