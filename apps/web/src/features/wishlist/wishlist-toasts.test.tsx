import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/testing/test-utils';
import { addToWishlist, deleteFromWishlist } from './wishlist-slice';

const item = { id: 5, type: 'file' as const, title: 'Budget', price: 800, discount: 0, image: '/b.jpg' };

describe('wishlist toasts', () => {
  it('refuses a duplicate with the info toast "Product already in wishlist"', async () => {
    const { store } = renderWithProviders(null);
    act(() => void store.dispatch(addToWishlist(item)));
    expect(await screen.findAllByText('Added To wishlist')).toHaveLength(1);

    act(() => void store.dispatch(addToWishlist({ ...item, title: 'Other' })));
    const refused = await screen.findAllByText('Product already in wishlist');
    expect(refused).toHaveLength(1);
    expect(refused[0]?.closest('.Toastify__toast')).toHaveClass('Toastify__toast--info');
    expect(screen.getAllByText('Added To wishlist')).toHaveLength(1);
    expect(store.getState().wishlist.wishlistItems).toEqual([item]);

    act(() => void store.dispatch(deleteFromWishlist({ id: 5 })));
    expect(await screen.findAllByText('Removed From Wishlist')).toHaveLength(1);
  });
});
