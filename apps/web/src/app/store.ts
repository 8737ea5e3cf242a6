import { combineReducers, configureStore, createListenerMiddleware } from '@reduxjs/toolkit';
import { setupListeners } from '@reduxjs/toolkit/query';
import { FLUSH, PAUSE, PERSIST, persistReducer, PURGE, REGISTER, REHYDRATE } from 'redux-persist';
import type { PersistConfig } from 'redux-persist';
import { api } from '@/lib/api-client';
import { createLocalStoragePersist } from '@/lib/persist-storage';
import { authReducer } from '@/features/auth/auth-slice';
import { cartReducer } from '@/features/cart/cart-slice';
import { startCartToasts } from '@/features/cart/cart-toasts';
import { wishlistReducer } from '@/features/wishlist/wishlist-slice';
import { startWishlistToasts } from '@/features/wishlist/wishlist-toasts';
import { compareReducer } from '@/features/compare/compare-slice';
import { startCompareToasts } from '@/features/compare/compare-toasts';
import { currencyReducer } from '@/features/currency/currency-slice';
import { orderReducer } from '@/features/orders/order-slice';
import { productReducer } from '@/features/catalog/product-slice';

export const rootReducer = combineReducers({
  auth: authReducer,
  product: productReducer,
  currency: currencyReducer,
  cart: cartReducer,
  compare: compareReducer,
  order: orderReducer,
  wishlist: wishlistReducer,
  [api.reducerPath]: api.reducer,
});

export type RootState = ReturnType<typeof rootReducer>;

/** Saved copy of the client state (SPEC §3): key HLS, version 1.1, only these areas, 5 s restore timeout. */
export const persistConfig: PersistConfig<RootState> = {
  key: 'HLS',
  // Stored under exactly "HLS" rather than redux-persist's default "persist:HLS".
  keyPrefix: '',
  version: 1.1,
  storage: createLocalStoragePersist(),
  whitelist: ['product', 'currency', 'cart', 'compare', 'order', 'wishlist'],
  timeout: 5000,
};

export function makeStore(preloadedState?: Partial<RootState>) {
  // Side effects of actions (the shop toasts), in one place whichever screen dispatches.
  const listeners = createListenerMiddleware();
  const startListening = listeners.startListening.withTypes<RootState>();
  startCartToasts(startListening);
  startWishlistToasts(startListening);
  startCompareToasts(startListening);
  const store = configureStore({
    reducer: persistReducer(persistConfig, rootReducer) as unknown as typeof rootReducer,
    preloadedState,
    middleware: (getDefaultMiddleware) =>
      getDefaultMiddleware({
        serializableCheck: { ignoredActions: [FLUSH, REHYDRATE, PAUSE, PERSIST, PURGE, REGISTER] },
      })
        .prepend(listeners.middleware)
        .concat(api.middleware),
  });
  setupListeners(store.dispatch);
  return store;
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
