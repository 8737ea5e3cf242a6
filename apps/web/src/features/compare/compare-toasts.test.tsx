import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/testing/test-utils';
import { addToCompare, deleteAllFromCompare, deleteFromCompare } from './compare-slice';

const item = { id: 3, type: 'book' as const, title: 'Audit', price: 2100, discount: 5, image: '/a.jpg' };

describe('compare toasts', () => {
  it('says "Added To compare" and "Removed From Compare" once each', async () => {
    const { store } = renderWithProviders(null);
    act(() => void store.dispatch(addToCompare(item)));
    expect(await screen.findAllByText('Added To compare')).toHaveLength(1);
    act(() => void store.dispatch(deleteFromCompare({ id: 3 })));
    expect(await screen.findAllByText('Removed From Compare')).toHaveLength(1);
    expect(store.getState().compare.compareItems).toEqual([]);
  });

  it('refuses a product already in the list with the info toast "Product already in compare"', async () => {
    const { store } = renderWithProviders(null);
    act(() => void store.dispatch(addToCompare(item)));
    expect(await screen.findAllByText('Added To compare')).toHaveLength(1);

    act(() => void store.dispatch(addToCompare({ ...item, title: 'Other' })));
    const refused = await screen.findAllByText('Product already in compare');
    expect(refused).toHaveLength(1);
    expect(refused[0]?.closest('.Toastify__toast')).toHaveClass('Toastify__toast--info');
    expect(screen.getAllByText('Added To compare')).toHaveLength(1);
    expect(store.getState().compare.compareItems).toEqual([item]);
  });

  it('clears the list', () => {
    const { store } = renderWithProviders(null);
    act(() => {
      store.dispatch(addToCompare(item));
      store.dispatch(addToCompare({ ...item, id: 4 }));
      store.dispatch(deleteAllFromCompare());
    });
    expect(store.getState().compare.compareItems).toEqual([]);
  });
});
