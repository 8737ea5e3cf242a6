import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { ACCESS_TOKEN_KEY } from '@/lib/token-storage';
import { fakeApi } from '@/testing/fake-api';
import { fakeAccessToken, jsonResponse, renderWithProviders } from '@/testing/test-utils';
import { StockAlert } from './stock-alert';

const url = '/api/product/7/stock-alert';
const open = { alert: { createdAt: '2026-11-27T10:00:00.000Z', language: 'fr' } };

describe('the back-in-stock request of a paper book out of stock', () => {
  beforeEach(() => localStorage.clear());

  it('offers a guest a sign-in that comes back to the book', async () => {
    const api = fakeApi({});
    renderWithProviders(<StockAlert productId={7} loggedIn={false} />, { route: '/product/7' });
    const link = screen.getByRole('link', { name: 'Sign in to be told when it is back in stock' });
    expect(link).toHaveAttribute('href', '/login-register');
    expect(api.calls).toHaveLength(0);
  });

  it('asks in the page’s language, then cancels, in French', async () => {
    localStorage.setItem(ACCESS_TOKEN_KEY, fakeAccessToken());
    let state: object = { alert: null };
    const api = fakeApi({
      [`GET ${url}`]: () => jsonResponse(200, state),
      [`POST ${url}`]: () => jsonResponse(200, (state = open)),
      [`DELETE ${url}`]: () => jsonResponse(200, (state = { alert: null })),
    });
    renderWithProviders(<StockAlert productId={7} loggedIn />, { lng: 'fr' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Me prévenir de son retour en stock' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Nous vous écrirons une seule fois, dès que ce livre papier sera de retour en stock.',
    );
    expect(api.callsTo('POST', url)[0]?.body).toEqual({ language: 'fr' });
    const cancel = screen.getByRole('button', { name: 'Annuler l’alerte' });
    expect(cancel).toHaveAccessibleDescription(expect.stringContaining('Nous vous écrirons'));
    await user.click(cancel);
    expect(await screen.findByRole('button', { name: 'Me prévenir de son retour en stock' })).toBeVisible();
    expect(api.callsTo('DELETE', url)).toHaveLength(1);
  });

  it('says to confirm the address first when the account’s e-mail is not confirmed', async () => {
    localStorage.setItem(ACCESS_TOKEN_KEY, fakeAccessToken());
    fakeApi({
      [`GET ${url}`]: () => jsonResponse(200, { alert: null }),
      [`POST ${url}`]: () =>
        jsonResponse(403, {
          error: { code: 'email_unconfirmed', message: 'Confirm your e-mail address first.' },
        }),
    });
    renderWithProviders(<StockAlert productId={7} loggedIn />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Tell me when it is back in stock' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Confirm your e-mail address first: open the link we sent to it, then ask again.',
    );
    expect(screen.getByRole('button', { name: 'Tell me when it is back in stock' })).toBeVisible();
  });
});
