import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/testing/test-utils';
import type { WishlistItem } from '../wishlist-slice';
import { WishlistView } from './wishlist-view';

const twoEditions: WishlistItem = {
  id: 1,
  type: 'book',
  title: 'Finance',
  price: 900,
  discount: 0,
  image: '/f.jpg',
  formats: ['paper', 'ebook'],
};
const file: WishlistItem = {
  id: 2,
  type: 'file',
  title: 'KPI',
  price: 1500,
  discount: 20,
  image: '/k.jpg',
  extension: 'excel',
};

describe('wishlist screen', () => {
  it('offers a free document its download, never "Add to cart"', () => {
    const onAddToCart = vi.fn();
    const free: WishlistItem = { ...file, id: 3, title: 'Notes', price: 0, discount: 0 };
    renderWithProviders(
      <WishlistView
        onAddToCart={onAddToCart}
        freeAction={(item) => <button type="button">Get {item.title}</button>}
      />,
      { preloadedState: { wishlist: { wishlistItems: [free, file] } } },
    );
    expect(screen.getByRole('button', { name: 'Get Notes' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add to cart: Notes' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Add to cart: KPI' })).toBeInTheDocument();
  });

  it('adds a file to the cart, and sends a book with two editions to its page to choose one', async () => {
    const onAddToCart = vi.fn();
    renderWithProviders(<WishlistView onAddToCart={onAddToCart} />, {
      preloadedState: { wishlist: { wishlistItems: [twoEditions, file] } },
    });
    expect(screen.getByRole('link', { name: 'Choose edition: Finance' })).toHaveAttribute(
      'href',
      '/product/1',
    );
    await userEvent.setup().click(screen.getByRole('button', { name: 'Add to cart: KPI' }));
    expect(onAddToCart).toHaveBeenCalledWith(file);
    expect(screen.getByText('€12.00')).toBeInTheDocument();
  });

  it('lists a book in several editions at "From" its cheapest price, in both languages', () => {
    const state = { preloadedState: { wishlist: { wishlistItems: [twoEditions, file] } } };
    const { unmount } = renderWithProviders(<WishlistView onAddToCart={vi.fn()} />, state);
    expect(screen.getByText('From €9.00')).toBeInTheDocument();
    expect(screen.getByText('€12.00')).toBeInTheDocument();
    unmount();
    renderWithProviders(<WishlistView onAddToCart={vi.fn()} />, { ...state, lng: 'fr' });
    expect(screen.getByText(/^À partir de 9,00\s€$/)).toBeInTheDocument();
  });

  it('removes one product, then clears the list', async () => {
    const user = userEvent.setup();
    const { store } = renderWithProviders(<WishlistView onAddToCart={vi.fn()} />, {
      preloadedState: { wishlist: { wishlistItems: [twoEditions, file] } },
    });
    await user.click(screen.getByRole('button', { name: 'Remove KPI from the wishlist' }));
    expect(store.getState().wishlist.wishlistItems).toEqual([twoEditions]);
    await user.click(screen.getByRole('button', { name: 'Clear wishlist' }));
    expect(screen.getByRole('heading', { name: 'Your wishlist is empty' })).toBeInTheDocument();
  });
});
