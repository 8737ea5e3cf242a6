import type { Storage } from 'redux-persist';

/**
 * redux-persist storage on window.localStorage. The package's own `storage` entry breaks under Vite 8
 * (its CommonJS default export arrives wrapped), so this adapter is written out.
 */
export function createLocalStoragePersist(): Storage {
  const available = (): globalThis.Storage | null => {
    try {
      return typeof window !== 'undefined' ? window.localStorage : null;
    } catch {
      return null;
    }
  };
  return {
    getItem: (key: string) => Promise.resolve(available()?.getItem(key) ?? null),
    setItem: (key: string, value: string) => {
      try {
        available()?.setItem(key, value);
      } catch {
        // Quota exceeded or storage disabled: the state simply is not saved.
      }
      return Promise.resolve();
    },
    removeItem: (key: string) => {
      available()?.removeItem(key);
      return Promise.resolve();
    },
  };
}
