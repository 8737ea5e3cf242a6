import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ACCESS_TOKEN_KEY, REFRESH_TOKEN_KEY } from '@/lib/token-storage';
import { fakeAccessToken, jsonResponse, renderWithProviders } from '@/testing/test-utils';
import { RequireAuth } from './require-auth';

const routes = [
  { path: '/login-register', element: <h1>Login screen</h1> },
  { element: <RequireAuth />, children: [{ path: '/my-account', element: <h1>Account screen</h1> }] },
];

describe('route guard', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends a logged-out visitor to /login-register, replacing the history entry', async () => {
    const { router } = renderWithProviders(null, { routes, route: '/my-account' });
    expect(await screen.findByRole('heading', { name: 'Login screen' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login-register');
    expect(router.state.historyAction).toBe('REPLACE');
    // The login form brings the user back there afterwards.
    expect(router.state.location.state).toEqual({ from: '/my-account' });
  });

  it('clears a stale session before redirecting', async () => {
    localStorage.setItem(ACCESS_TOKEN_KEY, fakeAccessToken({ expiresInSeconds: -60 }));
    const { router } = renderWithProviders(null, { routes, route: '/my-account' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login-register'));
    expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBeNull();
  });

  it('lets a logged-in user through', async () => {
    localStorage.setItem(ACCESS_TOKEN_KEY, fakeAccessToken());
    renderWithProviders(null, { routes, route: '/my-account' });
    expect(await screen.findByRole('heading', { name: 'Account screen' })).toBeInTheDocument();
  });

  it('renews an expired access token silently when a refresh token exists', async () => {
    localStorage.setItem(ACCESS_TOKEN_KEY, fakeAccessToken({ expiresInSeconds: -60 }));
    localStorage.setItem(REFRESH_TOKEN_KEY, 'refresh-1');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(200, { access: fakeAccessToken(), refresh: 'refresh-2' })),
    );
    const { router } = renderWithProviders(null, { routes, route: '/my-account' });
    expect(await screen.findByRole('heading', { name: 'Account screen' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/my-account');
  });

  it('offers a retry instead of logging out when the server cannot be reached, then lets the user in', async () => {
    localStorage.setItem(ACCESS_TOKEN_KEY, fakeAccessToken({ expiresInSeconds: -60 }));
    localStorage.setItem(REFRESH_TOKEN_KEY, 'refresh-1');
    const fetchMock = vi
      .fn()
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce(jsonResponse(200, { access: fakeAccessToken(), refresh: 'refresh-2' }));
    vi.stubGlobal('fetch', fetchMock);
    const { router } = renderWithProviders(null, { routes, route: '/my-account' });

    expect(await screen.findByRole('alert')).toHaveTextContent('could not reach HLS');
    expect(router.state.location.pathname).toBe('/my-account');
    expect(localStorage.getItem(REFRESH_TOKEN_KEY)).toBe('refresh-1');
    expect(fetchMock).toHaveBeenCalledTimes(1);

    screen.getByRole('button', { name: 'Try again' }).click();
    expect(await screen.findByRole('heading', { name: 'Account screen' })).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
