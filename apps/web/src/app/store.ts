import {
  combineSlices,
  configureStore,
  createAction,
  createDynamicMiddleware,
  isAction,
} from '@reduxjs/toolkit';
import type { Middleware, WithSlice } from '@reduxjs/toolkit';
import {
  createTransform,
  FLUSH,
  PAUSE,
  PERSIST,
  persistReducer,
  persistStore,
  PURGE,
  REGISTER,
  REHYDRATE,
} from 'redux-persist';
import type { PersistConfig } from 'redux-persist';
import type { api } from '@/lib/api-client';
import { onDataLayer } from '@/lib/data-layer';
import { createLocalStoragePersist } from '@/lib/persist-storage';
import { authReducer } from '@/features/auth/auth-slice';
import { cartReducer, sellableCart } from '@/features/cart/cart-slice';
import type { CartState } from '@/features/cart/cart-slice';
import { cartToasts } from '@/features/cart/cart-toasts';
import { wishlistReducer } from '@/features/wishlist/wishlist-slice';
import { wishlistToasts } from '@/features/wishlist/wishlist-toasts';
import { compareReducer } from '@/features/compare/compare-slice';
import { compareToasts } from '@/features/compare/compare-toasts';
import { currencyReducer } from '@/features/currency/currency-slice';
import { orderReducer } from '@/features/orders/order-slice';
import { productReducer } from '@/features/catalog/product-slice';

/**
 * The client slices, plus the RTK Query cache (`api`) once the API client is loaded: it is not part of the first
 * page load, and every store gets its reducer and middleware when it arrives (lib/data-layer.ts).
 */
export const rootReducer = combineSlices({
  auth: authReducer,
  product: productReducer,
  currency: currencyReducer,
  cart: cartReducer,
  compare: compareReducer,
  order: orderReducer,
  wishlist: wishlistReducer,
}).withLazyLoadedSlices<WithSlice<typeof api>>();

/** Dispatched once the API client is attached, so its cache has its initial state before any query. */
export const dataLayerAttached = createAction('app/dataLayerAttached');

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
  // A cart saved before the shop's rules (a free document, two copies of an ebook) comes back as it can be sold.
  transforms: [
    createTransform<CartState, CartState>(null, (saved) => sellableCart(saved), { whitelist: ['cart'] }),
  ],
};

/**
 * Side effects of actions, in one place whichever screen dispatches: the shop toasts (SPEC §8), each decided from
 * the action and the state before it. (A plain middleware rather than the listener middleware: this is all it
 * does, and the first page load carries less.)
 */
const shopToasts: Middleware<object, RootState> = (store) => (next) => (action) => {
  const before = store.getState();
  const result = next(action);
  if (isAction(action)) {
    cartToasts(action, before);
    wishlistToasts(action, before);
    compareToasts(action, before);
  }
  return result;
};

export function makeStore(preloadedState?: Partial<RootState>) {
  const dataMiddleware = createDynamicMiddleware();
  const store = configureStore({
    reducer: persistReducer(persistConfig, rootReducer) as unknown as typeof rootReducer,
    preloadedState,
    middleware: (getDefaultMiddleware) =>
      getDefaultMiddleware({
        serializableCheck: { ignoredActions: [FLUSH, REHYDRATE, PAUSE, PERSIST, PURGE, REGISTER] },
      })
        .prepend(shopToasts)
        .concat(dataMiddleware.middleware),
  });
  onDataLayer(({ api, setupListeners }) => {
    rootReducer.inject(api);
    dataMiddleware.addMiddleware(api.middleware);
    setupListeners(store.dispatch);
    store.dispatch(dataLayerAttached());
  });
  return store;
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];

/**
 * Keeps the visitor's state (session, cart, wishlist, compare list …) in the browser's storage, as redux-persist
 * does a moment after each change; what changed just before the page is left (another address loaded, the tab
 * closed) is written when it is left, not lost with that moment.
 */
export function persistVisitorState(store: AppStore, onRestored?: () => void) {
  const persistor = persistStore(store, null, onRestored);
  window.addEventListener('pagehide', () => void persistor.flush());
  return persistor;
}
