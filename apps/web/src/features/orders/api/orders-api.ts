import type { Order, OrderPage } from '@hls/contract';
import * as endpoints from '@hls/contract/endpoints';
import { api } from '@/lib/api-client';

type WithdrawArgs = { orderId: string; lineIds?: number[] };

/** The customer's orders (GET /api/order/commande) and the withdrawal of a paper order (Art. 11a). */
export const ordersApi = api.enhanceEndpoints({ addTagTypes: ['Order'] }).injectEndpoints({
  endpoints: (build) => ({
    getMyOrders: build.query<OrderPage, number>({
      query: (page) => ({ url: endpoints.myOrders.url(), params: { page } }),
      extraOptions: { auth: true },
      providesTags: (result) => [
        { type: 'Order', id: 'LIST' },
        ...(result?.results ?? []).map((order) => ({ type: 'Order' as const, id: order.id })),
      ],
    }),
    withdraw: build.mutation<Order, WithdrawArgs>({
      query: ({ orderId, lineIds }) => ({
        url: endpoints.orderWithdraw.url({ id: orderId }),
        method: 'POST',
        body: lineIds ? { lineIds } : {},
      }),
      extraOptions: { auth: true },
      invalidatesTags: (_result, error, { orderId }) => (error ? [] : [{ type: 'Order', id: orderId }]),
    }),
  }),
});

export const { useGetMyOrdersQuery, useWithdrawMutation } = ordersApi;
