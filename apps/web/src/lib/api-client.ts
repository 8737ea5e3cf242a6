import { createApi, fetchBaseQuery, setupListeners } from '@reduxjs/toolkit/query/react';
import type { BaseQueryFn, FetchArgs, FetchBaseQueryError } from '@reduxjs/toolkit/query/react';
import { env } from '@/config/env';
import { provideDataLayer } from './data-layer';
import { serverDataReceived } from './server-data';
import { accessTokenRenewed, sessionCleared } from './session-events';
import { currentLanguage, refreshAccessToken } from './token-refresh';
import { tokenStorage } from './token-storage';

/** Per-endpoint options: `auth: true` marks a call that sends the bearer token (plain calls send none, SPEC §7). */
export type ApiExtraOptions = { auth?: boolean };

/** Origin of the API calls of a server render: never on the network, they go to `serverFetch`. */
const SERVER_ORIGIN = 'http://api.internal';

let serverFetch: typeof fetch | null = null;

/** On the server, the function that answers the API calls of a render (the API itself, in process). */
export function setServerFetch(implementation: typeof fetch): void {
  serverFetch = implementation;
}

const rawBaseQuery = fetchBaseQuery({
  baseUrl: `${import.meta.env.SSR ? SERVER_ORIGIN : env.apiUrl}/api`,
  fetchFn: (input, init) => (serverFetch ?? fetch)(input, init),
  prepareHeaders: (headers, { extraOptions }) => {
    headers.set('Accept-Language', currentLanguage());
    const access = tokenStorage.getAccess();
    if (access && (extraOptions as ApiExtraOptions | undefined)?.auth)
      headers.set('Authorization', `Bearer ${access}`);
    return headers;
  },
});

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
  // A server-rendered page brings the cache its screens were rendered from (lib/server-data.ts).
  extractRehydrationInfo: (action) =>
    serverDataReceived.match(action) ? (action.payload as never) : undefined,
});

/** Ends the session locally: tokens removed, session data and cached server data dropped. */
export function endSession() {
  return (dispatch: (action: unknown) => unknown) => {
    tokenStorage.clear();
    dispatch(sessionCleared());
    dispatch(api.util.resetApiState());
  };
}

// Every store of the page gets the API's reducer and middleware as soon as this module is loaded (app/store.ts).
provideDataLayer({ api, setupListeners });
