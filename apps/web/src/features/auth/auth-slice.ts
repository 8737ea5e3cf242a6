import { createAsyncThunk, createSlice } from '@reduxjs/toolkit';
import type { ErrorCode, LoginRequest, Role, TokenPair } from '@hls/contract';
import { refreshAccessToken } from '@/lib/token-refresh';
import { decodeAccessToken, isTokenValid } from '@/lib/jwt';
import { accessTokenRenewed, sessionCleared } from '@/lib/session-events';
import { tokenStorage } from '@/lib/token-storage';

export type UserInfo = { id: string; role: Role };

export type LoginRejection = {
  /** False when the server never answered: the 'failed login 1' case of SPEC §8. */
  hasResponse: boolean;
  /** Why, to be said in the page's language (the server's English message is not kept). */
  code: ErrorCode | null;
  fields: Record<string, string>;
  /** Seconds before trying again, for a throttled login. */
  retryAfter: number | null;
};

export type AuthState = {
  loading: boolean;
  userInfo: UserInfo | null;
  /** The current access token. */
  userToken: string | null;
  error: LoginRejection | null;
  success: boolean;
  /** A silent refresh is running (startup with an expired access token, or shortly before expiry). */
  restoring: boolean;
};

function userInfoFrom(token: string | null): UserInfo | null {
  const payload = decodeAccessToken(token);
  return payload ? { id: payload.sub, role: payload.role } : null;
}

function sessionState(userToken: string | null): AuthState {
  return {
    loading: false,
    userInfo: userInfoFrom(userToken),
    userToken,
    error: null,
    success: false,
    restoring: false,
  };
}

/** Read lazily so each store starts from what is in local storage right now (nothing on the server). */
function initialAuthState(): AuthState {
  return sessionState(typeof window === 'undefined' ? null : tokenStorage.getAccess());
}

/** The session as the server renders a page: nobody's (it never sees the visitor's stored one). */
export function serverSessionState(): AuthState {
  return sessionState(null);
}

export const loginUser = createAsyncThunk<TokenPair, LoginRequest, { rejectValue: LoginRejection }>(
  'auth/login',
  async (credentials, { dispatch, rejectWithValue }) => {
    // The API client is not part of the first page load; the login form has loaded it long before.
    const [{ authApi }, { toApiFailure }] = await Promise.all([
      import('./api/auth-api'),
      import('@/lib/api-error'),
    ]);
    const request = dispatch(authApi.endpoints.login.initiate(credentials));
    const result = await request;
    request.reset();
    if (result.error || !result.data) {
      const failure = toApiFailure(result.error);
      return rejectWithValue({
        hasResponse: failure.hasResponse,
        code: failure.code,
        fields: failure.fields,
        retryAfter: failure.retryAfter,
      });
    }
    tokenStorage.save(result.data);
    return result.data;
  },
);

/** Renews the access token with the refresh token; the session ends only when the server refuses it. */
export const restoreSession = createAsyncThunk<string, void, { rejectValue: 'refused' | 'unavailable' }>(
  'auth/restoreSession',
  async (_, { rejectWithValue }) => {
    const outcome = await refreshAccessToken();
    if (outcome.kind === 'renewed') return outcome.access;
    if (outcome.kind === 'refused') tokenStorage.clear();
    return rejectWithValue(outcome.kind);
  },
  {
    condition: (_, { getState }) =>
      !(getState() as { auth: AuthState }).auth.restoring && tokenStorage.getRefresh() !== null,
  },
);

export const authSlice = createSlice({
  name: 'auth',
  initialState: initialAuthState,
  reducers: {
    authMessagesCleared(state) {
      state.error = null;
      state.success = false;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(loginUser.pending, (state) => {
        state.loading = true;
        state.error = null;
        state.success = false;
      })
      .addCase(loginUser.fulfilled, (state, action) => {
        state.loading = false;
        state.success = true;
        state.userToken = action.payload.access;
        state.userInfo = userInfoFrom(action.payload.access);
      })
      .addCase(loginUser.rejected, (state, action) => {
        state.loading = false;
        state.error = action.payload ?? {
          hasResponse: false,
          code: null,
          fields: {},
          retryAfter: null,
        };
      })
      .addCase(restoreSession.pending, (state) => {
        state.restoring = true;
      })
      .addCase(restoreSession.fulfilled, (state, action) => {
        state.restoring = false;
        state.userToken = action.payload;
        state.userInfo = userInfoFrom(action.payload);
      })
      .addCase(restoreSession.rejected, (state, action) => {
        state.restoring = false;
        // An unreachable server ends nothing: the stored session stays for the next try.
        if (action.payload === 'unavailable') return;
        state.userToken = null;
        state.userInfo = null;
      })
      .addCase(accessTokenRenewed, (state, action) => {
        state.userToken = action.payload;
        state.userInfo = userInfoFrom(action.payload);
      })
      .addCase(sessionCleared, (state) => {
        state.userToken = null;
        state.userInfo = null;
        state.success = false;
        state.loading = false;
      });
  },
  selectors: {
    selectAuth: (state) => state,
    selectIsLoggedIn: (state) => isTokenValid(state.userToken),
    selectRole: (state) => (isTokenValid(state.userToken) ? (state.userInfo?.role ?? null) : null),
    selectIsRestoring: (state) => state.restoring,
  },
});

export const { authMessagesCleared } = authSlice.actions;
export const { selectAuth, selectIsLoggedIn, selectRole, selectIsRestoring } = authSlice.selectors;
export const authReducer = authSlice.reducer;
