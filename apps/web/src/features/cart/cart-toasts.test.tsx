import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/testing/test-utils';
import { addToCart, decreaseQuantity, deleteFromCart } from './cart-slice';

const book = {
  id: 1,
  type: 'book' as const,
  edition: 'paper' as const,
  title: 'Finance',
  price: 1500,
  discount: 0,
  image: '/b.jpg',
};

describe('cart toasts', () => {
  it('shows one toast per action, whoever dispatches it', async () => {
    const { store } = renderWithProviders(null);
    act(() => {
      store.dispatch(addToCart(book));
      store.dispatch(addToCart(book));
    });
    expect(await screen.findAllByText('Added To Cart')).toHaveLength(2);

    const { cartItemId } = store.getState().cart.cartItems[0]!;
    act(() => void store.dispatch(decreaseQuantity({ cartItemId })));
    expect(await screen.findAllByText('Item Decremented From Cart')).toHaveLength(1);

    act(() => void store.dispatch(decreaseQuantity({ cartItemId })));
    expect(await screen.findAllByText('Removed From Cart')).toHaveLength(1);
    expect(store.getState().cart.cartItems).toEqual([]);
  });

  it('says "Removed From Cart" when a line is deleted, in French too', async () => {
    const { store } = renderWithProviders(null, { lng: 'fr' });
    act(() => void store.dispatch(addToCart(book)));
    const { cartItemId } = store.getState().cart.cartItems[0]!;
    act(() => void store.dispatch(deleteFromCart({ cartItemId })));
    expect(await screen.findAllByText(/retiré du panier/i)).toHaveLength(1);
  });

  it('says why nothing was added: a digital product already there, a free document', async () => {
    const { store } = renderWithProviders(null);
    const ebook = { ...book, edition: 'ebook' as const };
    act(() => {
      store.dispatch(addToCart(ebook));
      store.dispatch(addToCart(ebook));
      store.dispatch(
        addToCart({ id: 9, type: 'file', title: 'Notes', price: 0, discount: 0, image: '/n.jpg' }),
      );
    });
    expect(await screen.findAllByText('Added To Cart')).toHaveLength(1);
    expect(await screen.findByText(/Already in your cart/)).toBeInTheDocument();
    expect(await screen.findByText(/Free documents are downloaded from their page/)).toBeInTheDocument();
    expect(store.getState().cart.cartItems).toHaveLength(1);
  });
});
