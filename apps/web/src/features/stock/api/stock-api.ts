import type { StockAdjustBody, StockHistory, StockList, StockRow } from '@hls/contract';
import * as endpoints from '@hls/contract/endpoints';
import { api } from '@/lib/api-client';

/** The back office's paper stock (editors and admins): the list, an edition's history, a change by hand. */
export const stockApi = api.enhanceEndpoints({ addTagTypes: ['Stock'] }).injectEndpoints({
  endpoints: (build) => ({
    getStock: build.query<StockList, { q?: string; low?: boolean }>({
      query: ({ q, low }) => ({
        url: endpoints.adminStock.url(),
        params: { ...(q ? { q } : {}), ...(low ? { low: 'true' } : {}) },
      }),
      extraOptions: { auth: true },
      providesTags: [{ type: 'Stock', id: 'LIST' }],
    }),
    getStockHistory: build.query<StockHistory, number>({
      query: (editionId) => endpoints.adminStockHistory.url({ editionId: String(editionId) }),
      extraOptions: { auth: true },
      providesTags: (_result, _error, editionId) => [{ type: 'Stock', id: editionId }],
    }),
    adjustStock: build.mutation<StockRow, { editionId: number; body: StockAdjustBody }>({
      query: ({ editionId, body }) => ({
        url: endpoints.adminStockAdjust.url({ editionId: String(editionId) }),
        method: 'POST',
        body,
      }),
      extraOptions: { auth: true },
      invalidatesTags: (_result, error, { editionId }) =>
        error
          ? []
          : [
              { type: 'Stock', id: 'LIST' },
              { type: 'Stock', id: editionId },
            ],
    }),
  }),
});

export const { useGetStockQuery, useGetStockHistoryQuery, useAdjustStockMutation } = stockApi;
