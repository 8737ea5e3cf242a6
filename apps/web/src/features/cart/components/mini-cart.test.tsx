import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/testing/test-utils';
import { MiniCart } from './mini-cart';

const line = {
  id: 1,
  cartItemId: 'line-1',
  type: 'book' as const,
  title: 'Gestion de projet',
  price: 2000,
  discount: 25,
  quantity: 2,
  image: '/b1.jpg',
};

describe('mini-cart', () => {
  it('says when the cart is empty', () => {
    renderWithProviders(<MiniCart />);
    expect(screen.getByText('No items added to cart')).toBeInTheDocument();
  });

  it('lists each line with its discounted price and the total', () => {
    renderWithProviders(<MiniCart />, { preloadedState: { cart: { cartItems: [line] } } });
    expect(screen.getByText('Gestion de projet')).toBeInTheDocument();
    expect(screen.getByText('€15.00')).toBeInTheDocument();
    expect(screen.getByText('€30.00')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View cart' })).toHaveAttribute('href', '/cart');
  });

  it('removes a line', async () => {
    const { store } = renderWithProviders(<MiniCart />, { preloadedState: { cart: { cartItems: [line] } } });
    await userEvent
      .setup()
      .click(screen.getByRole('button', { name: 'Remove Gestion de projet from the cart' }));
    expect(store.getState().cart.cartItems).toEqual([]);
    expect(screen.getByText('No items added to cart')).toBeInTheDocument();
  });

  it('says "2 copies" of a paper book but no count for an ebook or a file, and shows the checkout it is given', () => {
    const paper = { ...line, edition: 'paper' as const };
    const ebook = { ...line, cartItemId: 'line-2', edition: 'ebook' as const, quantity: 1 };
    renderWithProviders(<MiniCart checkoutAction={<button type="button">Checkout</button>} />, {
      preloadedState: { cart: { cartItems: [paper, ebook] } },
    });
    expect(screen.getByText(/Paper book · 2 copies/)).toBeInTheDocument();
    expect(screen.getByText('Ebook')).toBeInTheDocument();
    expect(screen.queryByText(/1 copy/)).toBeNull();
    expect(screen.getByRole('button', { name: 'Checkout' })).toBeInTheDocument();
  });
});
