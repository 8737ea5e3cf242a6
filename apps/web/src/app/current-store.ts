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
