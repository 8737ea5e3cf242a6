import type {
  AdminOrder,
  AdminOrderPage,
  AdminOrderQuery,
  AdminUser,
  AdminUserPage,
  AdminUserQuery,
  RefundBody,
  Role,
  ShipBody,
} from '@hls/contract';
import * as endpoints from '@hls/contract/endpoints';
import { api } from '@/lib/api-client';

type OrderAction<Body> = { orderId: string; body: Body };

type UserAction<Body> = { userId: string; body: Body };

/** A change to one user refreshes the users list (filters may no longer match it). */
const userListTag = (_result: unknown, error: unknown) =>
  error ? [] : [{ type: 'AdminUser' as const, id: 'LIST' }];

/** A change to one order refreshes it and the orders list (its status or flags may have changed). */
const orderChangedTags = (error: unknown, orderId: string) =>
  error
    ? []
    : [
        { type: 'AdminOrder' as const, id: orderId },
        { type: 'AdminOrder' as const, id: 'LIST' },
      ];

/**
 * The back office's orders (editors and admins) and users (admins); the server refuses everyone else with a 403.
 */
export const backOfficeApi = api
  .enhanceEndpoints({ addTagTypes: ['AdminOrder', 'AdminUser'] })
  .injectEndpoints({
    endpoints: (build) => ({
      getAdminOrders: build.query<AdminOrderPage, AdminOrderQuery>({
        query: (params) => ({ url: endpoints.adminOrders.url(), params }),
        extraOptions: { auth: true },
        providesTags: [{ type: 'AdminOrder', id: 'LIST' }],
      }),
      getAdminOrder: build.query<AdminOrder, string>({
        query: (orderId) => endpoints.adminOrder.url({ id: orderId }),
        extraOptions: { auth: true },
        providesTags: (_result, _error, orderId) => [{ type: 'AdminOrder', id: orderId }],
      }),
      shipOrder: build.mutation<AdminOrder, OrderAction<ShipBody>>({
        query: ({ orderId, body }) => ({
          url: endpoints.adminOrderShip.url({ id: orderId }),
          method: 'POST',
          body,
        }),
        extraOptions: { auth: true },
        invalidatesTags: (_result, error, { orderId }) => orderChangedTags(error, orderId),
      }),
      deliverOrder: build.mutation<AdminOrder, string>({
        query: (orderId) => ({
          url: endpoints.adminOrderDeliver.url({ id: orderId }),
          method: 'POST',
          body: {},
        }),
        extraOptions: { auth: true },
        invalidatesTags: (_result, error, orderId) => orderChangedTags(error, orderId),
      }),
      refundOrder: build.mutation<AdminOrder, OrderAction<RefundBody>>({
        query: ({ orderId, body }) => ({
          url: endpoints.adminOrderRefund.url({ id: orderId }),
          method: 'POST',
          body,
        }),
        extraOptions: { auth: true },
        invalidatesTags: (_result, error, { orderId }) => orderChangedTags(error, orderId),
      }),
      getAdminUsers: build.query<AdminUserPage, AdminUserQuery>({
        query: (params) => ({ url: endpoints.adminUsers.url(), params }),
        extraOptions: { auth: true },
        providesTags: [{ type: 'AdminUser', id: 'LIST' }],
      }),
      changeUserRole: build.mutation<AdminUser, UserAction<{ role: Role }>>({
        query: ({ userId, body }) => ({
          url: endpoints.adminUserRole.url({ id: userId }),
          method: 'POST',
          body,
        }),
        extraOptions: { auth: true },
        invalidatesTags: userListTag,
      }),
      suspendUser: build.mutation<AdminUser, UserAction<{ reason?: string }>>({
        query: ({ userId, body }) => ({
          url: endpoints.adminUserSuspend.url({ id: userId }),
          method: 'POST',
          body,
        }),
        extraOptions: { auth: true },
        invalidatesTags: userListTag,
      }),
      reactivateUser: build.mutation<AdminUser, string>({
        query: (userId) => ({
          url: endpoints.adminUserReactivate.url({ id: userId }),
          method: 'POST',
          body: {},
        }),
        extraOptions: { auth: true },
        invalidatesTags: userListTag,
      }),
    }),
  });

export const {
  useGetAdminOrdersQuery,
  useGetAdminOrderQuery,
  useShipOrderMutation,
  useDeliverOrderMutation,
  useRefundOrderMutation,
  useGetAdminUsersQuery,
  useChangeUserRoleMutation,
  useSuspendUserMutation,
  useReactivateUserMutation,
} = backOfficeApi;
