import { createApi, fetchBaseQuery } from '@reduxjs/toolkit/query/react';
import type { BaseQueryFn, FetchArgs, FetchBaseQueryError } from '@reduxjs/toolkit/query/react';
import type { TokenPair } from '@hls/contract';
import { env } from '@/config/env';
import { tokenStorage } from './token-storage';
import { accessTokenRenewed, sessionCleared } from './session-events';

/** Per-endpoint options: `auth: true` marks a call that sends the bearer token (plain calls send none, SPEC §7). */
export type ApiExtraOptions = { auth?: boolean };

function currentLanguage(): string {
  return typeof document !== 'undefined' && document.documentElement.lang
    ? document.documentElement.lang
    : 'fr';
}

const rawBaseQuery = fetchBaseQuery({
  baseUrl: `${env.apiUrl}/api`,
  prepareHeaders: (headers, { extraOptions }) => {
    headers.set('Accept-Language', currentLanguage());
    const access = tokenStorage.getAccess();
    if (access && (extraOptions as ApiExtraOptions | undefined)?.auth)
      headers.set('Authorization', `Bearer ${access}`);
    return headers;
  },
});

let refreshInFlight: Promise<string | null> | null = null;

/**
 * Exchanges the stored refresh token for a new pair (rotated: the old refresh token dies), once at a time,
 * so concurrent 401s share one refresh instead of burning each other's token.
 */
export function refreshAccessToken(): Promise<string | null> {
  if (refreshInFlight) return refreshInFlight;
  const refresh = tokenStorage.getRefresh();
  if (!refresh) return Promise.resolve(null);
  refreshInFlight = (async () => {
    try {
      const response = await fetch(`${env.apiUrl}/api/token/refresh/`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Accept-Language': currentLanguage() },
        body: JSON.stringify({ refresh }),
      });
      if (!response.ok) return null;
      const pair = (await response.json()) as Partial<TokenPair> | null;
      if (typeof pair?.access !== 'string' || typeof pair.refresh !== 'string') return null;
      tokenStorage.save({ access: pair.access, refresh: pair.refresh });
      return pair.access;
    } catch {
      return null;
    } finally {
      refreshInFlight = null;
    }
  })();
  return refreshInFlight;
}

const baseQueryWithReauth: BaseQueryFn<
  string | FetchArgs,
  unknown,
  FetchBaseQueryError,
  ApiExtraOptions
> = async (args, api, extraOptions) => {
  let result = await rawBaseQuery(args, api, extraOptions ?? {});
  if (result.error?.status === 401 && extraOptions?.auth && tokenStorage.getRefresh()) {
    const access = await refreshAccessToken();
    if (access) {
      api.dispatch(accessTokenRenewed(access));
      result = await rawBaseQuery(args, api, extraOptions);
    } else {
      tokenStorage.clear();
      api.dispatch(sessionCleared());
    }
  }
  return result;
};

/** The single RTK Query API of the app; each feature adds its endpoints with `injectEndpoints`. */
export const api = createApi({
  reducerPath: 'api',
  baseQuery: baseQueryWithReauth,
  tagTypes: ['User'],
  endpoints: () => ({}),
});

/** Ends the session locally: tokens removed, session data and cached server data dropped. */
export function endSession() {
  return (dispatch: (action: unknown) => unknown) => {
    tokenStorage.clear();
    dispatch(sessionCleared());
    dispatch(api.util.resetApiState());
  };
}
