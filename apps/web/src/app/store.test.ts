import { describe, expect, it } from 'vitest';
import { persistStore } from 'redux-persist';
import { addToCart } from '@/features/cart/cart-slice';
import { makeStore, persistConfig, persistVisitorState } from './store';

describe('store persistence', () => {
  it('saves only product, currency, cart, compare, order and wishlist under HLS, version 1.1, with a 5 s restore timeout', () => {
    expect(persistConfig).toMatchObject({ key: 'HLS', keyPrefix: '', version: 1.1, timeout: 5000 });
    expect([...(persistConfig.whitelist ?? [])].sort()).toEqual([
      'cart',
      'compare',
      'currency',
      'order',
      'product',
      'wishlist',
    ]);
  });

  it('writes the cart to local storage and restores it in a new store', async () => {
    const first = makeStore();
    let persistor!: ReturnType<typeof persistStore>;
    await new Promise<void>((resolve) => {
      persistor = persistStore(first, null, resolve);
    });
    first.dispatch(
      addToCart({ id: 1, type: 'book', title: 'Finance', price: 1500, discount: 0, image: '/b1.jpg' }),
    );
    await persistor.flush();
    const saved = JSON.parse(localStorage.getItem('HLS') ?? '{}') as Record<string, string>;
    expect(Object.keys(saved).sort()).toEqual([
      '_persist',
      'cart',
      'compare',
      'currency',
      'order',
      'product',
      'wishlist',
    ]);

    const second = makeStore();
    await new Promise<void>((resolve) => {
      persistStore(second, null, resolve);
    });
    expect(second.getState().cart.cartItems.map((item) => item.id)).toEqual([1]);
    expect(second.getState().currency).toEqual({ currencySymbol: '€', currencyName: 'EUR', currencyRate: 1 });
  });

  it('restores a saved cart as the shop sells it: no free document, one copy of an ebook', async () => {
    const line = { title: 'T', discount: 0, image: '/i.jpg' };
    localStorage.setItem(
      'HLS',
      JSON.stringify({
        cart: JSON.stringify({
          cartItems: [
            { ...line, id: 1, cartItemId: 'a', type: 'book', edition: 'paper', price: 1500, quantity: 2 },
            { ...line, id: 1, cartItemId: 'b', type: 'book', edition: 'ebook', price: 900, quantity: 3 },
            { ...line, id: 2, cartItemId: 'c', type: 'file', extension: 'word', price: 0, quantity: 1 },
          ],
        }),
        _persist: JSON.stringify({ version: 1.1, rehydrated: true }),
      }),
    );
    const store = makeStore();
    await new Promise<void>((resolve) => {
      persistStore(store, null, resolve);
    });
    expect(store.getState().cart.cartItems.map(({ cartItemId, quantity }) => [cartItemId, quantity])).toEqual(
      [
        ['a', 2],
        ['b', 1],
      ],
    );
  });

  it('writes a change made just before the page is left when it is left', async () => {
    localStorage.clear();
    const store = makeStore();
    await new Promise<void>((resolve) => {
      persistVisitorState(store, resolve);
    });
    store.dispatch(
      addToCart({ id: 7, type: 'book', title: 'Audit', price: 1200, discount: 0, image: '/b7.jpg' }),
    );
    window.dispatchEvent(new Event('pagehide'));
    // Written at once: nothing awaited between the change and the read.
    const saved = JSON.parse(localStorage.getItem('HLS') ?? '{}') as Record<string, string>;
    expect(JSON.stringify(saved.cart)).toContain('Audit');
  });
});
