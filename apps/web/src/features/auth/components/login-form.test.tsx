import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeAccessToken, jsonResponse, renderWithProviders } from '@/testing/test-utils';
import { LoginForm } from './login-form';

const routes = [
  { path: '/login-register', element: <LoginForm onForgotPassword={() => {}} /> },
  { path: '/my-account', element: <h1>Account screen</h1> },
];

describe('login form', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows a translated error under each invalid field without calling the API', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(null, { routes, route: '/login-register' });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/E-mail address/), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Log in' }));

    const email = screen.getByLabelText(/E-mail address/);
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription('Enter a valid e-mail address.');
    expect(screen.getByLabelText(/^Password/)).toHaveAccessibleDescription('Enter your password.');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows the errors in French', async () => {
    renderWithProviders(null, { routes, route: '/login-register', lng: 'fr' });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Se connecter' }));
    expect(screen.getByLabelText(/Adresse e-mail/)).toHaveAccessibleDescription(
      'Saisissez votre adresse e-mail.',
    );
  });

  it('says refused credentials in the visitor’s language, not in the server’s English', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        jsonResponse(401, {
          error: { code: 'invalid_credentials', message: 'Wrong e-mail address or password.' },
        }),
      ),
    );
    renderWithProviders(null, { routes, route: '/login-register', lng: 'fr' });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/Adresse e-mail/), 'ana@example.org');
    await user.type(screen.getByLabelText(/^Mot de passe/), 'secret123');
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));
    const form = screen.getByRole('form', { name: 'Bon retour parmi nous' });
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'Adresse e-mail ou mot de passe incorrect.',
    );
    expect(await screen.findByText('Échec de la connexion')).toBeInTheDocument();
  });

  it('says when to try again after too many attempts, in the visitor’s language', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        jsonResponse(429, {
          error: {
            code: 'rate_limited',
            message: 'Too many attempts. Try again in 14 min.',
            retryAfter: 840,
          },
        }),
      ),
    );
    for (const [lng, submit, expected] of [
      ['en', 'Log in', 'Too many attempts. Try again in 14 minutes.'],
      ['fr', 'Se connecter', 'Trop de tentatives. Réessayez dans 14 minutes.'],
    ] as const) {
      const { unmount } = renderWithProviders(null, { routes, route: '/login-register', lng });
      const user = userEvent.setup();
      await user.type(screen.getByLabelText(/E-mail|Adresse e-mail/), 'ana@example.org');
      await user.type(screen.getByLabelText(/^Password|^Mot de passe/), 'secret123');
      await user.click(screen.getByRole('button', { name: submit }));
      const form = screen.getByRole('form', { name: lng === 'en' ? 'Welcome back' : /.+/ });
      expect(await within(form).findByRole('alert')).toHaveTextContent(expected);
      unmount();
    }
  });

  it('goes to /my-account after a successful login', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(200, { access: fakeAccessToken(), refresh: 'r' })),
    );
    const { router } = renderWithProviders(null, { routes, route: '/login-register' });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/E-mail address/), 'ana@example.org');
    await user.type(screen.getByLabelText(/^Password/), 'secret123');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('heading', { name: 'Account screen' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/my-account');
  });

  it('goes back to the page that asked for the login', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(200, { access: fakeAccessToken(), refresh: 'r' })),
    );
    const { router } = renderWithProviders(null, {
      routes: [
        {
          path: '/login-register',
          element: <LoginForm onForgotPassword={() => {}} returnTo="/prodoc/62" />,
        },
        { path: '/prodoc/62', element: <h1>File page</h1> },
      ],
      route: '/login-register',
    });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/E-mail address/), 'ana@example.org');
    await user.type(screen.getByLabelText(/^Password/), 'secret123');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('heading', { name: 'File page' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/prodoc/62');
  });
});
