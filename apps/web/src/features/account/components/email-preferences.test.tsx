import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { EmailPreferences as Choices } from '@hls/contract';
import { fakeApi } from '@/testing/fake-api';
import { jsonResponse, renderWithProviders } from '@/testing/test-utils';
import { EmailPreferences } from './email-preferences';

const defaults: Choices = { versionEmails: true, salesEmails: 'each', reviewEmails: true };
const url = '/api/account/email-preferences';

describe('e-mail preferences', () => {
  it('offers a customer only the new versions of what they bought, and saves only that choice', async () => {
    const api = fakeApi({
      [`GET ${url}`]: () => jsonResponse(200, defaults),
      [`PATCH ${url}`]: ({ body }) => jsonResponse(200, { ...defaults, ...(body as object) }),
    });
    const routes = [{ path: '/my-account', element: <EmailPreferences role="customer" /> }];
    renderWithProviders(null, { routes, route: '/my-account' });
    const versions = await screen.findByRole('checkbox', { name: 'New versions of what I bought' });
    expect(versions).toBeChecked();
    expect(screen.queryByRole('group', { name: 'My sales' })).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: 'Reviews of my products' })).not.toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(versions);
    await user.click(screen.getByRole('button', { name: 'Save my e-mail choices' }));
    expect(await screen.findByText('Your e-mail choices are saved.')).toBeInTheDocument();
    expect(api.callsTo('PATCH', url)[0]?.body).toEqual({ versionEmails: false });
  });

  it('lets an author choose, in French, one e-mail a day about their sales and no review e-mails', async () => {
    const api = fakeApi({
      [`GET ${url}`]: () => jsonResponse(200, defaults),
      [`PATCH ${url}`]: ({ body }) => jsonResponse(200, { ...defaults, ...(body as object) }),
    });
    const routes = [{ path: '/my-account', element: <EmailPreferences role="author" /> }];
    renderWithProviders(null, { routes, route: '/my-account', lng: 'fr' });
    const sales = await screen.findByRole('group', { name: 'Mes ventes' });
    expect(screen.getByRole('radio', { name: 'Un e-mail à chaque vente' })).toBeChecked();
    expect(sales).toContainElement(screen.getByRole('radio', { name: 'Aucun' }));
    const user = userEvent.setup();
    await user.click(screen.getByRole('radio', { name: 'Un e-mail par jour' }));
    await user.click(screen.getByRole('checkbox', { name: 'Avis sur mes produits' }));
    await user.click(screen.getByRole('button', { name: 'Enregistrer mes choix d’e-mails' }));
    expect(await screen.findByText('Vos choix d’e-mails sont enregistrés.')).toBeInTheDocument();
    expect(api.callsTo('PATCH', url)[0]?.body).toEqual({
      versionEmails: true,
      salesEmails: 'daily',
      reviewEmails: false,
    });
  });
});
