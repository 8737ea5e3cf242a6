import { createContext } from 'react-router';
import type { RouterContextProvider } from 'react-router';
import type { AppStore } from './store';

let current: AppStore | null = null;

/** Remembers the store of the running app (main.tsx). */
export function setCurrentStore(store: AppStore): void {
  current = store;
}

/** The store of the running app, for route loaders that start a screen's requests with its code; null in tests. */
export function currentStore(): AppStore | null {
  return current;
}

/** The store of one server render, handed to the route loaders through the router's request context. */
export const storeContext = createContext<AppStore | null>(null);

/** The store a loader starts its requests on: the server render's, else the running app's. */
export function loaderStore(context: Readonly<RouterContextProvider> | undefined): AppStore | null {
  return context?.get(storeContext) ?? current;
}
