import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders } from '@/testing/test-utils';
import { ForgotPasswordForm } from './forgot-password-form';

const routes = [{ path: '/login-register', element: <ForgotPasswordForm /> }];

async function ask(email: string, lng: 'fr' | 'en') {
  renderWithProviders(null, { routes, route: '/login-register', lng });
  const user = userEvent.setup();
  await user.type(screen.getByLabelText(/E-mail address|Adresse e-mail/), email);
  await user.click(
    screen.getByRole('button', { name: lng === 'en' ? 'Send reset link' : /Envoyer le lien/ }),
  );
}

describe('forgot password form', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('says a message went to the address and what it holds, without telling whether an account uses it', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(200, { message: 'A message was sent to this address.' })),
    );
    await ask('ana@example.org', 'en');
    expect(
      await screen.findByText(
        'We sent a message to ana@example.org. If an account uses this address, it holds a link to choose a new password; otherwise it says so. Check your spam folder if it does not arrive.',
      ),
    ).toBeInTheDocument();
    expect(await screen.findByText('email send')).toBeInTheDocument();
  });

  it('says so in French', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(200, { message: 'Sent.' })),
    );
    await ask('ana@example.org', 'fr');
    expect(
      await screen.findByText(/^Nous avons envoyé un message à ana@example\.org\. Si un compte utilise/),
    ).toBeInTheDocument();
  });

  it('says when to try again after too many requests for one address, in the visitor’s language', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        jsonResponse(429, {
          error: {
            code: 'rate_limited',
            message: 'Too many attempts. Try again in 59 min.',
            retryAfter: 3540,
          },
        }),
      ),
    );
    await ask('ana@example.org', 'fr');
    expect(await screen.findByText('Trop de tentatives. Réessayez dans 59 minutes.')).toBeInTheDocument();
    expect(screen.getByText('L’e-mail n’a pas pu être envoyé')).toBeInTheDocument();
  });
});
