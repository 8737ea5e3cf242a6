import { createSlice } from '@reduxjs/toolkit';
import type { PayloadAction } from '@reduxjs/toolkit';

export type CurrencyState = { currencySymbol: string; currencyName: string; currencyRate: number };

/** Every known currency has rate 1; only EUR is offered (SPEC §3, §9). */
export const currencies: Record<string, CurrencyState> = {
  EUR: { currencySymbol: '€', currencyName: 'EUR', currencyRate: 1 },
  USD: { currencySymbol: '$', currencyName: 'USD', currencyRate: 1 },
  GBP: { currencySymbol: '£', currencyName: 'GBP', currencyRate: 1 },
};
export const offeredCurrencies = ['EUR'] as const;

const initialState: CurrencyState = { currencySymbol: '€', currencyName: 'EUR', currencyRate: 1 };

export const currencySlice = createSlice({
  name: 'currency',
  initialState,
  reducers: {
    setCurrency(_state, action: PayloadAction<string>) {
      const next = (offeredCurrencies as readonly string[]).includes(action.payload)
        ? currencies[action.payload]
        : undefined;
      return next ?? initialState;
    },
  },
  selectors: { selectCurrency: (state) => state },
});

export const { setCurrency } = currencySlice.actions;
export const { selectCurrency } = currencySlice.selectors;
export const currencyReducer = currencySlice.reducer;
