import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Component as LoginRegister } from './login-register';
import { jsonResponse, renderWithProviders } from '@/testing/test-utils';

const routes = [{ path: '/login-register', element: <LoginRegister /> }];

async function fillRegisterForm(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText(/^First name/), 'Ana');
  await user.type(screen.getByLabelText(/^Last name/), 'Diaz');
  await user.type(screen.getByLabelText(/^E-mail address/), 'Ana@Example.org');
  await user.type(screen.getByLabelText(/^Password/), 'secret123');
  await user.type(screen.getByLabelText(/^Confirm password/), 'secret123');
}

describe('register tab', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('links the privacy notice from the registration form', () => {
    renderWithProviders(null, { routes, route: '/login-register?tab=register', lng: 'fr' });
    const form = screen.getByRole('form', { name: 'Créez votre compte' });
    expect(within(form).getByRole('link', { name: 'politique de confidentialité' })).toHaveAttribute(
      'href',
      '/privacy',
    );
  });

  it('refuses a confirmation that does not match', async () => {
    renderWithProviders(null, { routes, route: '/login-register?tab=register' });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^Password/), 'secret123');
    await user.type(screen.getByLabelText(/^Confirm password/), 'secret124');
    await user.click(screen.getByRole('button', { name: 'Create my account' }));
    expect(screen.getByLabelText(/^Confirm password/)).toHaveAccessibleDescription(
      'The two passwords do not match.',
    );
    expect(screen.getByLabelText(/^First name/)).toHaveAccessibleDescription('Enter your first name.');
  });

  it('posts an author to /api/register/author, then opens the login tab with the e-mail filled in', async () => {
    const fetchMock = vi.fn(async (request: Request) => {
      // Leaving the e-mail field asks whether an account uses it: none does.
      if (new URL(request.url).pathname === '/api/email/check')
        return jsonResponse(404, { error: { code: 'email_not_found', message: 'None' } });
      expect(new URL(request.url).pathname).toBe('/api/register/author');
      expect(await request.json()).toMatchObject({
        firstName: 'Ana',
        email: 'ana@example.org',
        language: 'en',
      });
      return jsonResponse(201, { id: 'u1' });
    });
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(null, { routes, route: '/login-register?tab=register' });
    const user = userEvent.setup();
    await fillRegisterForm(user);
    await user.click(screen.getByRole('checkbox', { name: 'I am an author' }));
    await user.click(screen.getByRole('button', { name: 'Create my account' }));

    expect(await screen.findByText('success register')).toBeInTheDocument();
    // The toast shows as soon as the call succeeds; the tab switch follows in a later render.
    expect(await screen.findByRole('tab', { name: 'Log in', selected: true })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText(/^E-mail address/)).toHaveValue('ana@example.org'));
    const register = fetchMock.mock.calls.filter(([request]) => request.url.endsWith('/api/register/author'));
    expect(register).toHaveLength(1);
    expect(screen.queryByText(/already has an account/)).toBeNull();
  });

  it('shows the server field errors under the fields', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (request: Request) =>
        new URL(request.url).pathname === '/api/email/check'
          ? jsonResponse(404, { error: { code: 'email_not_found', message: 'None' } })
          : jsonResponse(409, { error: { code: 'email_taken', message: 'Taken' } }),
      ),
    );
    renderWithProviders(null, { routes, route: '/login-register?tab=register' });
    const user = userEvent.setup();
    await fillRegisterForm(user);
    await user.click(screen.getByRole('button', { name: 'Create my account' }));
    expect(await screen.findByText('Error in register')).toBeInTheDocument();
    expect(screen.getByLabelText(/^E-mail address/)).toHaveAccessibleDescription(
      'An account already uses this e-mail address.',
    );
  });

  it('says the server’s field messages in French on a French page, by their keys, whatever language they came in', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (request: Request) =>
        new URL(request.url).pathname === '/api/email/check'
          ? jsonResponse(404, { error: { code: 'email_not_found', message: 'None' } })
          : jsonResponse(400, {
              error: {
                code: 'validation_failed',
                message: 'Some fields are not valid.',
                fields: { lastName: 'Use at most 80 characters.', email: 'Enter a valid e-mail address.' },
                fieldKeys: { lastName: 'lastName.tooLong', email: 'email.invalid' },
              },
            }),
      ),
    );
    renderWithProviders(null, { routes, route: '/login-register?tab=register', lng: 'fr' });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^Prénom/), 'Ana');
    await user.type(screen.getByLabelText(/^Nom/), 'Diaz');
    await user.type(screen.getByLabelText(/^Adresse e-mail/), 'ana@example.org');
    await user.type(screen.getByLabelText(/^Mot de passe/), 'secret123');
    await user.type(screen.getByLabelText(/^Confirmez le mot de passe/), 'secret123');
    await user.click(screen.getByRole('button', { name: 'Créer mon compte' }));
    await waitFor(() =>
      expect(screen.getByLabelText(/^Nom/)).toHaveAccessibleDescription('Utilisez au plus 80 caractères.'),
    );
    expect(screen.getByLabelText(/^Adresse e-mail/)).toHaveAccessibleDescription(
      'Saisissez une adresse e-mail valide.',
    );
  });

  describe('an address that already has an account', () => {
    const answerCheck = (exists: boolean) => {
      const fetchMock = vi.fn(async (request: Request) => {
        expect(new URL(request.url).pathname).toBe('/api/email/check');
        expect(await request.json()).toEqual({ email: 'ana@example.org' });
        return exists
          ? jsonResponse(200, { exists: true })
          : jsonResponse(404, { error: { code: 'email_not_found', message: 'None' } });
      });
      vi.stubGlobal('fetch', fetchMock);
      return fetchMock;
    };

    async function leaveEmail(user: ReturnType<typeof userEvent.setup>) {
      await user.type(screen.getByLabelText(/^E-mail address/), 'Ana@Example.org');
      await user.tab();
    }

    it('says so as soon as the e-mail field is left, and offers to log in with it', async () => {
      const fetchMock = answerCheck(true);
      renderWithProviders(null, { routes, route: '/login-register?tab=register' });
      const user = userEvent.setup();
      await leaveEmail(user);

      expect(await screen.findByText('ana@example.org already has an account.')).toBeInTheDocument();
      expect(fetchMock).toHaveBeenCalledTimes(1);
      await user.click(screen.getByRole('button', { name: 'Log in with ana@example.org' }));
      expect(await screen.findByRole('tab', { name: 'Log in', selected: true })).toBeInTheDocument();
      await waitFor(() => expect(screen.getByLabelText(/^E-mail address/)).toHaveValue('ana@example.org'));
      expect(screen.getByRole('button', { name: 'Log in' })).toBeInTheDocument();
    });

    it('offers to reset the password of that account', async () => {
      answerCheck(true);
      renderWithProviders(null, { routes, route: '/login-register?tab=register' });
      const user = userEvent.setup();
      await leaveEmail(user);
      await user.click(await screen.findByRole('button', { name: 'Reset the password of ana@example.org' }));
      expect(await screen.findByRole('heading', { name: 'Forgot your password?' })).toBeInTheDocument();
      expect(screen.getByLabelText(/^E-mail address/)).toHaveValue('ana@example.org');
    });

    it('says nothing for an address no account uses', async () => {
      answerCheck(false);
      renderWithProviders(null, { routes, route: '/login-register?tab=register', lng: 'fr' });
      const user = userEvent.setup();
      await user.type(screen.getByLabelText(/^Adresse e-mail/), 'Ana@Example.org');
      await user.tab();
      await waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
      expect(screen.queryByText(/déjà un compte/)).toBeNull();
    });
  });
});
