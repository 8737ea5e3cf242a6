import type { Language, StockAlertState } from '@hls/contract';
import * as endpoints from '@hls/contract/endpoints';
import { api } from '@/lib/api-client';

/**
 * The signed-in user's back-in-stock request for a paper book (GET, POST, DELETE
 * /api/product/{id}/stock-alert): each answer is the request's new state, written straight into the cache.
 */
export const stockAlertApi = api.injectEndpoints({
  endpoints: (build) => ({
    getStockAlert: build.query<StockAlertState, number>({
      query: (productId) => endpoints.stockAlert.url({ id: productId }),
      extraOptions: { auth: true },
    }),
    requestStockAlert: build.mutation<StockAlertState, { productId: number; language: Language }>({
      query: ({ productId, language }) => ({
        url: endpoints.stockAlertCreate.url({ id: productId }),
        method: 'POST',
        body: { language },
      }),
      extraOptions: { auth: true },
      async onQueryStarted({ productId }, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: undefined }));
        if (data) dispatch(stockAlertApi.util.upsertQueryData('getStockAlert', productId, data));
      },
    }),
    cancelStockAlert: build.mutation<StockAlertState, number>({
      query: (productId) => ({ url: endpoints.stockAlertCancel.url({ id: productId }), method: 'DELETE' }),
      extraOptions: { auth: true },
      async onQueryStarted(productId, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: undefined }));
        if (data) dispatch(stockAlertApi.util.upsertQueryData('getStockAlert', productId, data));
      },
    }),
  }),
});

export const { useGetStockAlertQuery, useRequestStockAlertMutation, useCancelStockAlertMutation } =
  stockAlertApi;
