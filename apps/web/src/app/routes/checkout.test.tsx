import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { consentTexts } from '@hls/contract';
import type { CartItem } from '@/features/cart/cart-slice';
import { fakeApi } from '@/testing/fake-api';
import { address, fileLine, makeLine, makeOrder } from '@/testing/order-fixtures';
import { jsonResponse, renderWithProviders } from '@/testing/test-utils';
import { Component as CheckoutScreen } from './checkout';

const cartLine = (overrides: Partial<CartItem>): CartItem => ({
  id: 1,
  cartItemId: 'l1',
  type: 'book',
  title: 'A book',
  price: 1000,
  discount: 0,
  quantity: 1,
  image: '/c.jpg',
  ...overrides,
});

function DownloadProbe() {
  const { state } = useLocation();
  return <h1>Downloads of {(state as { orderId?: string } | null)?.orderId ?? 'everything'}</h1>;
}

describe('checkout screen', () => {
  it('after a confirmed payment removes the bought lines from the cart, forgets the order and opens /download with it', async () => {
    const order = makeOrder({ lines: [makeLine(), fileLine()], address });
    const api = fakeApi({
      [`GET /api/order/${order.id}`]: () => jsonResponse(200, order),
      'POST /api/order/intentPayement': () =>
        jsonResponse(200, {
          orderId: order.id,
          provider: 'demo',
          intentId: 'pi_1',
          clientSecret: 'pi_1_secret',
          publishableKey: null,
          amountCents: order.totalCents,
          currency: 'EUR',
          status: 'requires_payment_method',
        }),
      'POST /api/payments/demo/pi_1/pay': () =>
        jsonResponse(200, { status: 'succeeded', declineCode: null, message: null }),
      'POST /api/order/confirm': () => jsonResponse(200, { id: order.id, status: 'paid' }),
    });
    const bought = [
      cartLine({ id: 24, cartItemId: 'paper', edition: 'paper', title: 'Speaking with Confidence' }),
      cartLine({ id: 25, cartItemId: 'file', type: 'file', title: 'Suivi de trésorerie PME' }),
    ];
    // Added after the order was created: it stays for a next order.
    const ebookOfSameBook = cartLine({
      id: 24,
      cartItemId: 'ebook',
      edition: 'ebook',
      title: 'Speaking (ebook)',
    });
    const { store, router } = renderWithProviders(null, {
      routes: [
        { path: '/checkout', Component: CheckoutScreen },
        { path: '/download', Component: DownloadProbe },
      ],
      route: '/checkout',
      preloadedState: { cart: { cartItems: [...bought, ebookOfSameBook] }, order: { orderId: order.id } },
    });
    const user = userEvent.setup();

    expect(await screen.findByRole('heading', { level: 1, name: 'Checkout' })).toBeInTheDocument();
    await user.click(await screen.findByRole('checkbox', { name: consentTexts.en.immediateDelivery }));
    await user.click(screen.getByRole('checkbox', { name: consentTexts.en.withdrawalWaiver }));
    await user.type(await screen.findByLabelText(/^Card number/), '4242 4242 4242 4242');
    await user.type(screen.getByLabelText(/^Expiry date/), '12/34');
    await user.type(screen.getByLabelText(/^Security code/), '123');
    await user.click(screen.getByRole('button', { name: 'Order with obligation to pay' }));

    expect(await screen.findByRole('heading', { name: `Downloads of ${order.id}` })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/download');
    expect(store.getState().cart.cartItems.map((item) => item.cartItemId)).toEqual(['ebook']);
    expect(store.getState().order.orderId).toBeNull();
    expect(api.callsTo('POST', '/api/order/confirm')).toHaveLength(1);
  });

  it('without an order in progress, sends back to the cart', async () => {
    fakeApi({});
    renderWithProviders(null, {
      routes: [{ path: '/checkout', Component: CheckoutScreen }],
      route: '/checkout',
      lng: 'fr',
    });
    expect(await screen.findByRole('heading', { name: 'Aucune commande à payer' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Retour au panier' })).toHaveAttribute('href', '/cart');
  });

  it('forgets an order that is not this customer’s (404)', async () => {
    fakeApi({});
    const { store } = renderWithProviders(null, {
      routes: [
        { path: '/checkout', Component: CheckoutScreen },
        { path: '/cart', element: <h1>Cart</h1> },
      ],
      route: '/checkout',
      preloadedState: { order: { orderId: '33333333-3333-4333-8333-333333333333' } },
    });
    await userEvent.setup().click(await screen.findByRole('link', { name: 'Back to the cart' }));
    await waitFor(() => expect(store.getState().order.orderId).toBeNull());
  });
});
