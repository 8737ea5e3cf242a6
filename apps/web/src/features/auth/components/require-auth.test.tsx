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
});
