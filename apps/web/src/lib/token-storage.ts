import type { TokenPair } from '@hls/contract';

export const ACCESS_TOKEN_KEY = 'hls.accessToken';
export const REFRESH_TOKEN_KEY = 'hls.refreshToken';

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export const tokenStorage = {
  getAccess: () => read(ACCESS_TOKEN_KEY),
  getRefresh: () => read(REFRESH_TOKEN_KEY),
  save(pair: TokenPair) {
    window.localStorage.setItem(ACCESS_TOKEN_KEY, pair.access);
    window.localStorage.setItem(REFRESH_TOKEN_KEY, pair.refresh);
  },
  clear() {
    window.localStorage.removeItem(ACCESS_TOKEN_KEY);
    window.localStorage.removeItem(REFRESH_TOKEN_KEY);
  },
};
