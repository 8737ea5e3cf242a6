import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AdminUser } from '@hls/contract';
import { fakeApi } from '@/testing/fake-api';
import { jsonResponse, renderWithProviders } from '@/testing/test-utils';
import { BackOfficeUsersView } from './users-list-view';

const makeUser = (overrides: Partial<AdminUser> = {}): AdminUser => ({
  id: '11111111-1111-4111-8111-111111111111',
  email: 'helene.durand@example.test',
  firstName: 'Hélène',
  lastName: 'Durand',
  role: 'customer',
  status: 'active',
  language: 'fr',
  createdAt: '2026-03-02T10:00:00.000Z',
  suspendedAt: null,
  ...overrides,
});

const self = makeUser({
  id: '99999999-9999-4999-8999-999999999999',
  email: 'admin@example.test',
  firstName: 'Sami',
  lastName: 'Trabelsi',
  role: 'admin',
});

const page = (results: AdminUser[]) =>
  jsonResponse(200, { results, count: results.length, page: 1, pageSize: 20, pages: 1 });

function renderUsers(lng: 'fr' | 'en' = 'en') {
  return renderWithProviders(null, {
    routes: [{ path: '/back-office/users', element: <BackOfficeUsersView selfId={self.id} /> }],
    route: '/back-office/users',
    lng,
  });
}

describe('back office users', () => {
  it('lists the users and sends the search and filters to the server through the address', async () => {
    const api = fakeApi({ 'GET /api/admin/users': () => page([makeUser(), self]) });
    const { router } = renderUsers();
    const user = userEvent.setup();
    const table = await screen.findByRole('table', { name: 'Users, newest first' });
    const row = within(table).getByRole('row', { name: /Hélène Durand/ });
    expect(row).toHaveTextContent('helene.durand@example.test');
    expect(row).toHaveTextContent('Active');
    expect(within(row).getByRole('combobox', { name: 'Role Hélène Durand' })).toHaveValue('customer');
    expect(within(row).getByRole('button', { name: 'Suspend Hélène Durand' })).toBeInTheDocument();

    // The admin's own row has no control.
    const own = within(table).getByRole('row', { name: /Sami Trabelsi/ });
    expect(within(own).getByRole('combobox')).toBeDisabled();
    expect(within(own).queryByRole('button')).toBeNull();
    expect(own).toHaveTextContent('You cannot change your own role');

    await user.type(screen.getByRole('searchbox', { name: 'Name or e-mail' }), 'helene');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Role' }), 'customer');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'active');
    await user.click(screen.getByRole('button', { name: 'Find the users' }));
    await waitFor(() => expect(router.state.location.search).toBe('?q=helene&role=customer&status=active'));
    await waitFor(() =>
      expect(api.calls.at(-1)?.search).toBe('?q=helene&role=customer&status=active&page=1'),
    );

    await user.click(screen.getByRole('button', { name: 'Reset' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('changes a role after confirmation', async () => {
    let current = makeUser();
    const api = fakeApi({
      'GET /api/admin/users': () => page([current]),
      [`POST /api/admin/users/${current.id}/role`]: ({ body }) => {
        current = { ...current, role: (body as { role: AdminUser['role'] }).role };
        return jsonResponse(200, current);
      },
    });
    renderUsers();
    const user = userEvent.setup();
    const select = await screen.findByRole('combobox', { name: 'Role Hélène Durand' });
    expect(screen.queryByRole('button', { name: /Change the role/ })).toBeNull();
    await user.selectOptions(select, 'editor');
    await user.click(screen.getByRole('button', { name: 'Change the role of Hélène Durand' }));
    const dialog = screen.getByRole('dialog', { name: 'Change the role of Hélène Durand?' });
    expect(dialog).toHaveAccessibleDescription(
      'Hélène Durand becomes an editor. Their sessions end: they log in again to use the new role.',
    );
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Change the role' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsTo('POST', `/api/admin/users/${current.id}/role`)[0]?.body).toEqual({ role: 'editor' });
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Role Hélène Durand' })).toHaveValue('editor'),
    );
    expect(screen.queryByRole('button', { name: /Change the role/ })).toBeNull();
  });

  it('suspends and reactivates after confirmation; Cancel changes nothing', async () => {
    let current = makeUser();
    const api = fakeApi({
      'GET /api/admin/users': () => page([current]),
      [`POST /api/admin/users/${current.id}/suspend`]: () => {
        current = { ...current, status: 'suspended', suspendedAt: '2026-04-01T09:00:00.000Z' };
        return jsonResponse(200, current);
      },
      [`POST /api/admin/users/${current.id}/reactivate`]: () => {
        current = { ...current, status: 'active', suspendedAt: null };
        return jsonResponse(200, current);
      },
    });
    renderUsers();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Suspend Hélène Durand' }));
    let dialog = screen.getByRole('dialog', { name: 'Suspend Hélène Durand?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.callsTo('POST', `/api/admin/users/${current.id}/suspend`)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Suspend Hélène Durand' }));
    dialog = screen.getByRole('dialog', { name: 'Suspend Hélène Durand?' });
    await user.click(within(dialog).getByRole('button', { name: 'Suspend the account' }));
    const reactivate = await screen.findByRole('button', { name: 'Reactivate Hélène Durand' });
    expect(screen.getByRole('row', { name: /Hélène Durand/ })).toHaveTextContent('Suspended');

    await user.click(reactivate);
    dialog = screen.getByRole('dialog', { name: 'Reactivate Hélène Durand?' });
    await user.click(within(dialog).getByRole('button', { name: 'Reactivate the account' }));
    expect(await screen.findByRole('button', { name: 'Suspend Hélène Durand' })).toBeInTheDocument();
  });

  it('speaks French and says clearly that only admins may manage users (403)', async () => {
    fakeApi({
      'GET /api/admin/users': () =>
        jsonResponse(403, { error: { code: 'forbidden', message: 'You are not allowed to do this.' } }),
    });
    renderUsers('fr');
    expect(await screen.findByRole('heading', { name: 'Accès non autorisé' })).toBeInTheDocument();
    expect(screen.getByText('Seuls les administrateurs peuvent gérer les utilisateurs.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('has French names for every control', async () => {
    fakeApi({ 'GET /api/admin/users': () => page([makeUser()]) });
    renderUsers('fr');
    expect(await screen.findByRole('combobox', { name: 'Rôle Hélène Durand' })).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Nom ou e-mail' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Statut' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Suspendre Hélène Durand' })).toBeInTheDocument();
  });
});
