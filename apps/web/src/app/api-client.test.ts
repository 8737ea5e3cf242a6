import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeStore } from '@/app/store';
import { accountApi } from '@/features/account/api/account-api';
import { fakeAccessToken, jsonResponse } from '@/testing/test-utils';
import { ACCESS_TOKEN_KEY, REFRESH_TOKEN_KEY } from '@/lib/token-storage';

const user = {
  id: 'u1',
  email: 'a@b.co',
  firstName: 'A',
  lastName: 'B',
  phone: '',
  country: '',
  language: 'fr',
  role: 'customer',
  createdAt: '2026-01-01T00:00:00Z',
};

describe('API client', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends the bearer token on authenticated calls', async () => {
    const access = fakeAccessToken();
    localStorage.setItem(ACCESS_TOKEN_KEY, access);
    const fetchMock = vi.fn(async (request: Request) => {
      expect(request.headers.get('Authorization')).toBe(`Bearer ${access}`);
      return jsonResponse(200, user);
    });
    vi.stubGlobal('fetch', fetchMock);
    const result = await makeStore().dispatch(accountApi.endpoints.getUser.initiate());
    expect(result.data).toEqual(user);
  });

  it('refreshes once on a 401, stores the new pair and retries the call', async () => {
    localStorage.setItem(ACCESS_TOKEN_KEY, fakeAccessToken());
    localStorage.setItem(REFRESH_TOKEN_KEY, 'refresh-1');
    const renewed = fakeAccessToken({ role: 'author' });
    const calls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: Request | string, init?: RequestInit) => {
        if (typeof input === 'string') {
          calls.push(`refresh ${String(init?.body)}`);
          return jsonResponse(200, { access: renewed, refresh: 'refresh-2' });
        }
        calls.push(
          `${input.method} ${new URL(input.url).pathname} ${input.headers.get('Authorization') === `Bearer ${renewed}` ? 'renewed' : 'old'}`,
        );
        return input.headers.get('Authorization') === `Bearer ${renewed}`
          ? jsonResponse(200, user)
          : jsonResponse(401, { error: { code: 'token_expired', message: 'expired' } });
      }),
    );
    const store = makeStore();
    const result = await store.dispatch(accountApi.endpoints.getUser.initiate());
    expect(result.data).toEqual(user);
    expect(calls).toEqual(['GET /api/user old', 'refresh {"refresh":"refresh-1"}', 'GET /api/user renewed']);
    expect(localStorage.getItem(REFRESH_TOKEN_KEY)).toBe('refresh-2');
    expect(store.getState().auth.userInfo?.role).toBe('author');
  });

  it('clears the session when the refresh fails', async () => {
    localStorage.setItem(ACCESS_TOKEN_KEY, fakeAccessToken());
    localStorage.setItem(REFRESH_TOKEN_KEY, 'refresh-dead');
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: Request | string) =>
        typeof input === 'string'
          ? jsonResponse(401, { error: { code: 'invalid_refresh_token', message: 'x' } })
          : jsonResponse(401, { error: { code: 'token_expired', message: 'x' } }),
      ),
    );
    const store = makeStore();
    const result = await store.dispatch(accountApi.endpoints.getUser.initiate());
    expect(result.error).toMatchObject({ status: 401 });
    expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBeNull();
    expect(store.getState().auth.userToken).toBeNull();
  });
});
