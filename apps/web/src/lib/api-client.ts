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

/**
 * What a renewal came to: a new access token; `refused` when the server rejected the refresh token (the session
 * is over); `unavailable` when the server could not be reached or failed (the session is kept for a later try).
 */
export type RefreshOutcome =
  { kind: 'renewed'; access: string } | { kind: 'refused' } | { kind: 'unavailable' };

let refreshInFlight: Promise<RefreshOutcome> | null = null;

/**
 * Exchanges the stored refresh token for a new pair (rotated: the old refresh token dies), once at a time,
 * so concurrent 401s share one refresh instead of burning each other's token.
 */
export function refreshAccessToken(): Promise<RefreshOutcome> {
  if (refreshInFlight) return refreshInFlight;
  const refresh = tokenStorage.getRefresh();
  if (!refresh) return Promise.resolve({ kind: 'refused' });
  refreshInFlight = (async (): Promise<RefreshOutcome> => {
    try {
      const response = await fetch(`${env.apiUrl}/api/token/refresh/`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Accept-Language': currentLanguage() },
        body: JSON.stringify({ refresh }),
      });
      if (response.status === 400 || response.status === 401) return { kind: 'refused' };
      if (!response.ok) return { kind: 'unavailable' };
      const pair = (await response.json()) as Partial<TokenPair> | null;
      if (typeof pair?.access !== 'string' || typeof pair.refresh !== 'string')
        return { kind: 'unavailable' };
      tokenStorage.save({ access: pair.access, refresh: pair.refresh });
      return { kind: 'renewed', access: pair.access };
    } catch {
      // A network failure, or the page navigating away mid-request: nothing says the session is over.
      return { kind: 'unavailable' };
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
    const outcome = await refreshAccessToken();
    if (outcome.kind === 'renewed') {
      api.dispatch(accessTokenRenewed(outcome.access));
      result = await rawBaseQuery(args, api, extraOptions);
    } else if (outcome.kind === 'refused') {
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
