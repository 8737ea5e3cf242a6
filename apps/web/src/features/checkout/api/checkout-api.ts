import type {
  BillingCountry,
  ConfirmResult,
  CreateOrderBody,
  DemoCardBody,
  DemoPaymentResult,
  IntentBody,
  Order,
  OrderAddressBody,
  OrderBillingBody,
  PaymentIntent,
} from '@hls/contract';
import * as endpoints from '@hls/contract/endpoints';
import { api } from '@/lib/api-client';

type DemoPayArgs = { intentId: string; body: DemoCardBody };
type DemoAuthenticateArgs = { intentId: string; clientSecret: string; approve: boolean };

/** Order creation, the order being checked out, its address and its payment (SPEC §7 Orders and checkout). */
export const checkoutApi = api.enhanceEndpoints({ addTagTypes: ['Order', 'Downloads'] }).injectEndpoints({
  endpoints: (build) => ({
    createOrder: build.mutation<Order, CreateOrderBody>({
      query: (body) => ({ url: endpoints.orderCreate.url(), method: 'POST', body }),
      extraOptions: { auth: true },
      invalidatesTags: [{ type: 'Order', id: 'LIST' }],
    }),
    getCheckoutOrder: build.query<Order, string>({
      query: (id) => endpoints.order.url({ id }),
      extraOptions: { auth: true },
      providesTags: (_result, _error, id) => [{ type: 'Order', id }],
    }),
    saveAddress: build.mutation<unknown, OrderAddressBody>({
      query: (body) => ({ url: endpoints.orderAddress.url(), method: 'POST', body }),
      extraOptions: { auth: true },
      invalidatesTags: (_result, error, { orderId }) => (error ? [] : [{ type: 'Order', id: orderId }]),
    }),
    getBillingCountries: build.query<BillingCountry[], string>({
      // The argument is the interface language: the names come in it (one cache entry per language).
      query: () => endpoints.billingCountries.url(),
    }),
    saveBilling: build.mutation<Order, OrderBillingBody>({
      query: (body) => ({ url: endpoints.orderBilling.url(), method: 'POST', body }),
      extraOptions: { auth: true },
      invalidatesTags: (_result, error, { orderId }) => (error ? [] : [{ type: 'Order', id: orderId }]),
    }),
    createIntent: build.mutation<PaymentIntent, IntentBody>({
      query: (body) => ({ url: endpoints.paymentIntent.url(), method: 'POST', body }),
      extraOptions: { auth: true },
    }),
    payDemo: build.mutation<DemoPaymentResult, DemoPayArgs>({
      query: ({ intentId, body }) => ({
        url: endpoints.demoPay.url({ intentId }),
        method: 'POST',
        body,
      }),
      extraOptions: { auth: true },
    }),
    authenticateDemo: build.mutation<DemoPaymentResult, DemoAuthenticateArgs>({
      query: ({ intentId, clientSecret, approve }) => ({
        url: endpoints.demoAuthenticate.url({ intentId }),
        method: 'POST',
        body: { clientSecret, approve },
      }),
      extraOptions: { auth: true },
    }),
    confirmOrder: build.mutation<ConfirmResult, { orderId: string }>({
      query: (body) => ({ url: endpoints.orderConfirm.url(), method: 'POST', body }),
      extraOptions: { auth: true },
      // The order on screen is left as it is: the page goes to /download at once.
      invalidatesTags: (result) => (result ? [{ type: 'Order', id: 'LIST' }, 'Downloads'] : []),
    }),
  }),
});

export const {
  useCreateOrderMutation,
  useGetCheckoutOrderQuery,
  useSaveAddressMutation,
  useGetBillingCountriesQuery,
  useSaveBillingMutation,
  useCreateIntentMutation,
  usePayDemoMutation,
  useAuthenticateDemoMutation,
  useConfirmOrderMutation,
} = checkoutApi;
