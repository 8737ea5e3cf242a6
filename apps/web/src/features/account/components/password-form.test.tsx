import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders } from '@/testing/test-utils';
import { PasswordForm } from './password-form';

const routes = [{ path: '/my-account', element: <PasswordForm /> }];

describe('password form', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('says when to try again after too many wrong current passwords, in the visitor’s language', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        jsonResponse(429, {
          error: {
            code: 'rate_limited',
            message: 'Too many attempts. Try again in 10 min.',
            retryAfter: 600,
          },
        }),
      ),
    );
    for (const [lng, labels, submit, expected] of [
      [
        'en',
        [/^Current password/, /^New password/, /^Confirm the new password/],
        'Change my password',
        'Too many attempts. Try again in 10 minutes.',
      ],
      [
        'fr',
        [/^Mot de passe actuel/, /^Nouveau mot de passe/, /^Confirmez le nouveau mot de passe/],
        'Changer mon mot de passe',
        'Trop de tentatives. Réessayez dans 10 minutes.',
      ],
    ] as const) {
      const { unmount } = renderWithProviders(null, { routes, route: '/my-account', lng });
      const user = userEvent.setup();
      await user.type(screen.getByLabelText(labels[0]), 'Guess-number1');
      await user.type(screen.getByLabelText(labels[1]), 'Changed789');
      await user.type(screen.getByLabelText(labels[2]), 'Changed789');
      await user.click(screen.getByRole('button', { name: submit }));
      const form = screen.getByRole('form');
      expect(await within(form).findByRole('alert')).toHaveTextContent(expected);
      unmount();
    }
  });
});
