import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { CartItem } from '@/features/cart/cart-slice';
import { ACCESS_TOKEN_KEY } from '@/lib/token-storage';
import { fakeApi } from '@/testing/fake-api';
import { makeOrder } from '@/testing/order-fixtures';
import { fakeAccessToken, jsonResponse, renderWithProviders } from '@/testing/test-utils';
import { Component as CartScreen } from './cart';

const paper: CartItem = {
  id: 24,
  cartItemId: 'paper',
  type: 'book',
  edition: 'paper',
  title: 'Speaking with Confidence',
  price: 1700,
  discount: 10,
  quantity: 2,
  image: '/c.jpg',
};
const file: CartItem = {
  id: 25,
  cartItemId: 'file',
  type: 'file',
  title: 'Suivi de trésorerie PME',
  price: 3900,
  discount: 0,
  quantity: 1,
  image: '/f.jpg',
  extension: 'excel',
};

function LoginProbe() {
  const { state } = useLocation();
  return <h1>Login, then back to {(state as { from?: string } | null)?.from}</h1>;
}

const routes = [
  { path: '/cart', Component: CartScreen },
  { path: '/checkout', element: <h1>Checkout screen</h1> },
  { path: '/login-register', Component: LoginProbe },
];

describe('cart screen checkout', () => {
  it('sends a visitor to log in first, to come back to the cart', async () => {
    const api = fakeApi({});
    renderWithProviders(null, { routes, route: '/cart', preloadedState: { cart: { cartItems: [paper] } } });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Checkout' }));
    expect(await screen.findByRole('heading', { name: 'Login, then back to /cart' })).toBeInTheDocument();
    // No order is made; the cart only reads the site's delivery days.
    expect(api.calls.filter((call) => call.method !== 'GET')).toHaveLength(0);
  });

  it('creates the order from the cart lines, keeps its id and goes to /checkout with the toast "order saved"', async () => {
    localStorage.setItem(ACCESS_TOKEN_KEY, fakeAccessToken());
    const order = makeOrder();
    const api = fakeApi({ 'POST /api/order/create': () => jsonResponse(201, order) });
    const { store, router } = renderWithProviders(null, {
      routes,
      route: '/cart',
      preloadedState: { cart: { cartItems: [paper, file] } },
    });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Checkout' }));
    expect(await screen.findByRole('heading', { name: 'Checkout screen' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/checkout');
    expect(store.getState().order.orderId).toBe(order.id);
    expect(await screen.findByText('order saved')).toBeInTheDocument();
    // Only what the server needs to price the order: no price, discount or total.
    expect(api.callsTo('POST', '/api/order/create')[0]?.body).toEqual({
      lines: [
        { productId: 24, edition: 'paper', quantity: 2 },
        { productId: 25, quantity: 1 },
      ],
    });
    expect(api.callsTo('POST', '/api/order/create')[0]?.headers.get('Authorization')).toMatch(/^Bearer /);
  });

  it('shows at each refused line why the shop cannot sell it, with the toast "order failed"', async () => {
    localStorage.setItem(ACCESS_TOKEN_KEY, fakeAccessToken());
    fakeApi({
      'POST /api/order/create': () =>
        jsonResponse(400, {
          error: {
            code: 'validation_failed',
            message: 'Some fields are not valid.',
            fields: { 'lines.1': 'This product is no longer for sale.' },
          },
        }),
    });
    const { store, router } = renderWithProviders(null, {
      routes,
      route: '/cart',
      preloadedState: { cart: { cartItems: [paper, file] } },
    });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Checkout' }));
    expect(await screen.findByText('order failed')).toBeInTheDocument();
    const line = screen.getByRole('link', { name: 'Suivi de trésorerie PME' }).closest('li')!;
    await waitFor(() => expect(line).toHaveTextContent('This product is no longer for sale.'));
    expect(
      screen.getByText('One line of your cart cannot be ordered:').closest('[role="alert"]'),
    ).toHaveTextContent('Suivi de trésorerie PME — This product is no longer for sale.');
    expect(router.state.location.pathname).toBe('/cart');
    expect(store.getState().order.orderId).toBeNull();
  });
});
