import { describe, expect, it } from 'vitest';
import { persistStore } from 'redux-persist';
import { addToCart } from '@/features/cart/cart-slice';
import { makeStore, persistConfig } from './store';

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
});
