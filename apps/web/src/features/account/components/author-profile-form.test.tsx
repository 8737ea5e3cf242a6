import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { User } from '@hls/contract';
import { fakeApi } from '@/testing/fake-api';
import { jsonResponse, renderWithProviders } from '@/testing/test-utils';
import { AuthorProfileForm } from './author-profile-form';

const author: User = {
  id: 'u1',
  email: 'author@hls.test',
  firstName: 'Amira',
  lastName: 'Ben Salah',
  phone: '',
  country: 'TN',
  language: 'fr',
  role: 'author',
  createdAt: '2026-01-01T00:00:00.000Z',
  displayName: null,
  bio: null,
  emailConfirmed: true,
  pendingEmail: null,
};
const routes = [{ path: '/my-account', element: <AuthorProfileForm user={author} /> }];

describe('author profile form', () => {
  it('saves the name shown on the products and the biography, with the "success edit" toast', async () => {
    const api = fakeApi({
      'PUT /api/user/author-profile': ({ body }) => jsonResponse(200, { ...author, ...(body as object) }),
    });
    renderWithProviders(null, { routes, route: '/my-account' });
    expect(screen.getByText('Leave it empty to show Amira Ben Salah.')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Name shown on your products'), 'A. Ben Salah');
    await user.type(screen.getByLabelText('About you'), 'Professeure de lettres à Sousse.');
    await user.click(screen.getByRole('button', { name: 'Save my author profile' }));
    expect(await screen.findByText('success edit')).toBeInTheDocument();
    expect(api.callsTo('PUT', '/api/user/author-profile')[0]?.body).toEqual({
      displayName: 'A. Ben Salah',
      bio: 'Professeure de lettres à Sousse.',
    });
  });

  it('shows the field message of a name too long, in French, without asking the server', async () => {
    const api = fakeApi({});
    renderWithProviders(null, { routes, route: '/my-account', lng: 'fr' });
    const user = userEvent.setup();
    const name = screen.getByLabelText('Nom affiché sur vos produits');
    name.removeAttribute('maxlength');
    await user.type(name, 'x'.repeat(121));
    await user.click(screen.getByRole('button', { name: 'Enregistrer mon profil d’auteur' }));
    expect(await screen.findByText('Utilisez au plus 120 caractères.')).toBeInTheDocument();
    expect(api.calls.filter((call) => call.method === 'PUT')).toHaveLength(0);
  });
});
