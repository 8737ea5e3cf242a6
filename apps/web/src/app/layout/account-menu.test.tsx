import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AccountMenu } from './account-menu';
import { ACCESS_TOKEN_KEY, REFRESH_TOKEN_KEY } from '@/lib/token-storage';
import { fakeAccessToken, jsonResponse, renderWithProviders } from '@/testing/test-utils';

const routes = [
  { path: '/my-account', element: <AccountMenu /> },
  { path: '/login-register', element: <h1>Login screen</h1> },
];

function logIn(role = 'customer') {
  localStorage.setItem(ACCESS_TOKEN_KEY, fakeAccessToken({ role }));
  localStorage.setItem(REFRESH_TOKEN_KEY, 'refresh-1');
}

describe('account menu and logout', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('offers login and register when logged out', async () => {
    renderWithProviders(null, { routes, route: '/my-account' });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Account menu' }));
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login-register');
    expect(screen.getByRole('link', { name: 'Register' })).toHaveAttribute(
      'href',
      '/login-register?tab=register',
    );
  });

  it('shows the author entries to authors only', async () => {
    logIn('author');
    renderWithProviders(null, { routes, route: '/my-account' });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Account menu' }));
    expect(screen.getByRole('link', { name: 'My products' })).toHaveAttribute('href', '/file-book');
    expect(screen.getByRole('link', { name: 'Paid products' })).toHaveAttribute('href', '/author-payment');
    expect(screen.getByRole('link', { name: 'My orders' })).toHaveAttribute('href', '/customer-commande');
  });

  it('shows editors the editorial queue and the back-office orders, and admins the users too', async () => {
    for (const role of ['editor', 'admin']) {
      logIn(role);
      const { unmount } = renderWithProviders(null, { routes, route: '/my-account' });
      await userEvent.setup().click(screen.getByRole('button', { name: 'Account menu' }));
      expect(screen.getByRole('link', { name: 'Editorial queue' })).toHaveAttribute(
        'href',
        '/back-office/editorial',
      );
      expect(screen.getByRole('link', { name: 'Orders (back office)' })).toHaveAttribute(
        'href',
        '/back-office/orders',
      );
      const users = screen.queryByRole('link', { name: 'Users' });
      if (role === 'admin') expect(users).toHaveAttribute('href', '/back-office/users');
      else expect(users).not.toBeInTheDocument();
      expect(screen.queryByRole('link', { name: 'My products' })).not.toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'My account' })).toBeInTheDocument();
      unmount();
    }
  });

  it('shows no back-office entry to customers and authors', async () => {
    for (const role of ['customer', 'author']) {
      logIn(role);
      const { unmount } = renderWithProviders(null, { routes, route: '/my-account' });
      await userEvent.setup().click(screen.getByRole('button', { name: 'Account menu' }));
      for (const name of ['Editorial queue', 'Orders (back office)', 'Users']) {
        expect(screen.queryByRole('link', { name })).not.toBeInTheDocument();
      }
      unmount();
    }
  });

  it('asks for confirmation; Escape keeps the session', async () => {
    logIn();
    renderWithProviders(null, { routes, route: '/my-account' });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Account menu' }));
    expect(screen.queryByRole('link', { name: 'My products' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Log out' }));
    // The confirmation loads with its first use.
    const dialog = await screen.findByRole('dialog', { name: 'Log out?' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(screen.getByRole('button', { name: 'Stay logged in' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(localStorage.getItem(ACCESS_TOKEN_KEY)).not.toBeNull();
    // The "Log out" item left with its menu: the focus goes back to the menu's button, not to the page's start.
    expect(screen.getByRole('button', { name: 'Account menu' })).toHaveFocus();
  });

  it('revokes the refresh token, clears the tokens and goes to /login-register', async () => {
    logIn();
    const fetchMock = vi.fn(async (request: Request) => {
      expect(new URL(request.url).pathname).toBe('/api/logout');
      expect(await request.json()).toEqual({ refresh: 'refresh-1' });
      return jsonResponse(204);
    });
    vi.stubGlobal('fetch', fetchMock);
    const { router } = renderWithProviders(null, { routes, route: '/my-account' });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Account menu' }));
    await user.click(screen.getByRole('button', { name: 'Log out' }));
    const dialog = await screen.findByRole('dialog', { name: 'Log out?' });
    await user.click(within(dialog).getByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login-register'));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBeNull();
    expect(localStorage.getItem(REFRESH_TOKEN_KEY)).toBeNull();
  });
});
