import { afterEach, describe, expect, it, vi } from 'vitest';
import { ACCESS_TOKEN_KEY, REFRESH_TOKEN_KEY } from '@/lib/token-storage';
import { endSession } from '@/lib/api-client';
import { createTestStore, fakeAccessToken, jsonResponse } from '@/testing/test-utils';
import { authReducer, loginUser, restoreSession, selectIsLoggedIn, selectRole } from './auth-slice';

const credentials = { email: 'ana@example.org', password: 'secret123' };

describe('auth slice', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sets loading and clears the error while a login is pending', () => {
    const failed = authReducer(
      undefined,
      loginUser.rejected(null, 'r1', credentials, {
        hasResponse: true,
        code: 'invalid_credentials',
        fields: {},
        retryAfter: null,
      }),
    );
    const state = authReducer(failed, loginUser.pending('r2', credentials));
    expect(state.loading).toBe(true);
    expect(state.error).toBeNull();
  });

  it('stores userInfo from the token and stops loading on success', () => {
    const access = fakeAccessToken({ role: 'author' });
    const state = authReducer(undefined, loginUser.fulfilled({ access, refresh: 'r' }, 'r1', credentials));
    expect(state).toMatchObject({
      loading: false,
      success: true,
      userToken: access,
      userInfo: { id: 'user-1', role: 'author' },
    });
  });

  it('stores the error payload and stops loading on rejection', () => {
    const payload = {
      hasResponse: true,
      code: 'invalid_credentials' as const,
      fields: {},
      retryAfter: null,
    };
    const state = authReducer(
      authReducer(undefined, loginUser.pending('r', credentials)),
      loginUser.rejected(null, 'r', credentials, payload),
    );
    expect(state.loading).toBe(false);
    expect(state.error).toEqual(payload);
  });

  it('logs in through the API and keeps both tokens in local storage', async () => {
    const access = fakeAccessToken();
    const fetchMock = vi.fn(async (request: Request) => {
      expect(request.url).toBe('http://localhost:3000/api/login');
      expect(request.headers.get('Authorization')).toBeNull();
      return jsonResponse(200, { access, refresh: 'refresh-1' });
    });
    vi.stubGlobal('fetch', fetchMock);
    const store = createTestStore();
    await store.dispatch(loginUser(credentials));
    expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBe(access);
    expect(localStorage.getItem(REFRESH_TOKEN_KEY)).toBe('refresh-1');
    expect(selectIsLoggedIn(store.getState())).toBe(true);
    expect(selectRole(store.getState())).toBe('customer');
  });

  it('rejects with the server’s error code, never its English message, or with no response when unreachable', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        jsonResponse(401, {
          error: { code: 'invalid_credentials', message: 'Wrong e-mail address or password.' },
        }),
      ),
    );
    const store = createTestStore();
    await store.dispatch(loginUser(credentials));
    expect(store.getState().auth.error).toEqual({
      hasResponse: true,
      code: 'invalid_credentials',
      fields: {},
      retryAfter: null,
    });

    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await store.dispatch(loginUser(credentials));
    expect(store.getState().auth.error).toMatchObject({ hasResponse: false });
    expect(selectIsLoggedIn(store.getState())).toBe(false);
  });

  it('starts logged in from a stored, unexpired access token only', () => {
    localStorage.setItem(ACCESS_TOKEN_KEY, fakeAccessToken({ expiresInSeconds: -5 }));
    expect(selectIsLoggedIn(createTestStore().getState())).toBe(false);
    localStorage.setItem(ACCESS_TOKEN_KEY, fakeAccessToken());
    expect(selectIsLoggedIn(createTestStore().getState())).toBe(true);
  });

  it('renews an expired access token with the refresh token', async () => {
    localStorage.setItem(ACCESS_TOKEN_KEY, fakeAccessToken({ expiresInSeconds: -5 }));
    localStorage.setItem(REFRESH_TOKEN_KEY, 'refresh-old');
    const renewed = fakeAccessToken();
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        expect(url).toBe('/api/token/refresh/');
        expect(JSON.parse(String(init.body))).toEqual({ refresh: 'refresh-old' });
        return jsonResponse(200, { access: renewed, refresh: 'refresh-new' });
      }),
    );
    const store = createTestStore();
    await store.dispatch(restoreSession());
    expect(selectIsLoggedIn(store.getState())).toBe(true);
    expect(localStorage.getItem(REFRESH_TOKEN_KEY)).toBe('refresh-new');
  });

  it('clears the tokens when the refresh token is refused', async () => {
    localStorage.setItem(REFRESH_TOKEN_KEY, 'refresh-dead');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(401, { error: { code: 'invalid_refresh_token', message: 'x' } })),
    );
    const store = createTestStore();
    await store.dispatch(restoreSession());
    expect(localStorage.getItem(REFRESH_TOKEN_KEY)).toBeNull();
    expect(store.getState().auth.userToken).toBeNull();
  });

  it('keeps the session when the server cannot be reached during a renewal', async () => {
    const access = fakeAccessToken({ expiresInSeconds: 20 });
    localStorage.setItem(ACCESS_TOKEN_KEY, access);
    localStorage.setItem(REFRESH_TOKEN_KEY, 'refresh-kept');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    const store = createTestStore();
    const result = await store.dispatch(restoreSession());
    expect(result.payload).toBe('unavailable');
    expect(localStorage.getItem(REFRESH_TOKEN_KEY)).toBe('refresh-kept');
    expect(store.getState().auth.userToken).toBe(access);
    expect(selectIsLoggedIn(store.getState())).toBe(true);
  });

  it('forgets the session when it ends', () => {
    localStorage.setItem(ACCESS_TOKEN_KEY, fakeAccessToken());
    localStorage.setItem(REFRESH_TOKEN_KEY, 'r');
    const store = createTestStore();
    store.dispatch(endSession());
    expect(selectIsLoggedIn(store.getState())).toBe(false);
    expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBeNull();
    expect(localStorage.getItem(REFRESH_TOKEN_KEY)).toBeNull();
  });
});
