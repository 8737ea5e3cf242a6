import type { AdminOrder, AdminOrderPage, AdminOrderQuery, RefundBody, ShipBody } from '@hls/contract';
import { api } from '@/lib/api-client';

type OrderAction<Body> = { orderId: string; body: Body };

const orderUrl = (orderId: string, action = '') => `/admin/orders/${encodeURIComponent(orderId)}${action}`;

/** The back office's orders (editors and admins; the server refuses everyone else with a 403). */
export const backOfficeApi = api.enhanceEndpoints({ addTagTypes: ['AdminOrder'] }).injectEndpoints({
  endpoints: (build) => ({
    getAdminOrders: build.query<AdminOrderPage, AdminOrderQuery>({
      query: (params) => ({ url: '/admin/orders', params }),
      extraOptions: { auth: true },
      providesTags: [{ type: 'AdminOrder', id: 'LIST' }],
    }),
    getAdminOrder: build.query<AdminOrder, string>({
      query: (orderId) => orderUrl(orderId),
      extraOptions: { auth: true },
      providesTags: (_result, _error, orderId) => [{ type: 'AdminOrder', id: orderId }],
    }),
    shipOrder: build.mutation<AdminOrder, OrderAction<ShipBody>>({
      query: ({ orderId, body }) => ({ url: orderUrl(orderId, '/ship'), method: 'POST', body }),
      extraOptions: { auth: true },
      invalidatesTags: (_result, error, { orderId }) =>
        error
          ? []
          : [
              { type: 'AdminOrder', id: orderId },
              { type: 'AdminOrder', id: 'LIST' },
            ],
    }),
    deliverOrder: build.mutation<AdminOrder, string>({
      query: (orderId) => ({ url: orderUrl(orderId, '/deliver'), method: 'POST', body: {} }),
      extraOptions: { auth: true },
      invalidatesTags: (_result, error, orderId) =>
        error
          ? []
          : [
              { type: 'AdminOrder', id: orderId },
              { type: 'AdminOrder', id: 'LIST' },
            ],
    }),
    refundOrder: build.mutation<AdminOrder, OrderAction<RefundBody>>({
      query: ({ orderId, body }) => ({ url: orderUrl(orderId, '/refund'), method: 'POST', body }),
      extraOptions: { auth: true },
      invalidatesTags: (_result, error, { orderId }) =>
        error
          ? []
          : [
              { type: 'AdminOrder', id: orderId },
              { type: 'AdminOrder', id: 'LIST' },
            ],
    }),
  }),
});

export const {
  useGetAdminOrdersQuery,
  useGetAdminOrderQuery,
  useShipOrderMutation,
  useDeliverOrderMutation,
  useRefundOrderMutation,
} = backOfficeApi;
