import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '@/testing/fake-api';
import { jsonResponse, renderWithProviders } from '@/testing/test-utils';
import { VersionEmailsOff } from './version-emails-off';

describe('the opt-out link of new-version e-mails', () => {
  it('changes nothing on opening; one press turns the e-mails off, in French', async () => {
    const api = fakeApi({
      'POST /api/downloads/version-emails/off': () => jsonResponse(200, { email: 'ana@example.com' }),
    });
    renderWithProviders(<VersionEmailsOff token="tok.en.x" />, { lng: 'fr' });

    expect(screen.getByRole('heading', { name: 'E-mails sur les nouvelles versions' })).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Ne plus recevoir ces e-mails' }));
    expect(await screen.findByText(/plus d’e-mails sur les nouvelles versions$/)).toBeInTheDocument();
    expect(screen.getByText(/ana@example\.com ne recevra plus/)).toBeInTheDocument();
    expect(api.calls[0]?.body).toEqual({ token: 'tok.en.x' });
  });

  it('says when the link does not work', async () => {
    fakeApi({
      'POST /api/downloads/version-emails/off': () =>
        jsonResponse(400, {
          error: { code: 'invalid_email_token', message: 'This link is not valid any more.' },
        }),
    });
    renderWithProviders(<VersionEmailsOff token="forged" />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Stop these e-mails' }));
    expect(await screen.findByText('This link does not work')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'My account' })).toHaveAttribute('href', '/my-account');
  });
});
