import { and, eq, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AdminUser, AdminUserPage, BecomeAuthorResponse } from '@hls/contract';
import { staff } from '../../../test/checkout-fixtures.ts';
import { bearer, login, registerUser, uniqueEmail, useApp } from '../../../test/helper.ts';
import { refreshTokens, users } from './accounts.tables.ts';

const t = useApp();

type Caller = { role: string; headers: Record<string, string> };

/** A logged-in user of each role other than admin, and a guest. */
async function nonAdmins(): Promise<Caller[]> {
  const customer = await registerUser(t.app);
  const author = await registerUser(t.app, {}, 'author');
  const editor = await staff(t.app, 'editor');
  return [
    { role: 'customer', headers: bearer((await login(t.app, customer.email, customer.password)).access) },
    { role: 'author', headers: bearer((await login(t.app, author.email, author.password)).access) },
    { role: 'editor', headers: editor.headers },
  ];
}

const liveTokens = async (userId: string) =>
  t.database.db
    .select({ id: refreshTokens.id })
    .from(refreshTokens)
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));

const userRow = async (id: string) => (await t.database.db.select().from(users).where(eq(users.id, id)))[0]!;

describe('admin routes refuse everyone but admins', () => {
  it('answers 401 to a guest and 403 to customers, authors and editors on every route', async () => {
    const target = await registerUser(t.app);
    const id = target.user.id;
    const routes = [
      { method: 'GET' as const, url: '/api/admin/users' },
      { method: 'POST' as const, url: `/api/admin/users/${id}/role`, payload: { role: 'editor' } },
      { method: 'POST' as const, url: `/api/admin/users/${id}/suspend`, payload: {} },
      { method: 'POST' as const, url: `/api/admin/users/${id}/reactivate`, payload: {} },
    ];
    const callers = await nonAdmins();
    for (const route of routes) {
      const guest = await t.app.inject(route);
      expect(guest.statusCode, `guest ${route.url}`).toBe(401);
      for (const caller of callers) {
        const response = await t.app.inject({ ...route, headers: caller.headers });
        expect(response.statusCode, `${caller.role} ${route.method} ${route.url}`).toBe(403);
        expect(response.json().error.code).toBe('forbidden');
      }
    }
    const row = await userRow(id);
    expect(row.role).toBe('customer');
    expect(row.suspendedAt).toBeNull();
  });
});

describe('users list', () => {
  it('finds users by e-mail or name whatever the case and accents, filters by role and status, newest first', async () => {
    const admin = await staff(t.app, 'admin');
    const marker = `zz${Date.now()}`;
    const first = await registerUser(t.app, { firstName: 'Hélène', lastName: `Dürand${marker}` });
    const second = await registerUser(t.app, { firstName: 'Élodie', lastName: `Durand${marker}` }, 'author');
    const byEmail = await registerUser(t.app, { email: uniqueEmail(`Mail${marker}`) });

    const list = async (query: string) => {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/admin/users?${query}`,
        headers: admin.headers,
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<AdminUserPage>();
    };

    const durand = await list(`q=${encodeURIComponent(`DURAND${marker}`)}`);
    expect(durand.results.map((u) => u.id)).toEqual([second.user.id, first.user.id]);
    expect(durand).toMatchObject({ count: 2, page: 1, pages: 1 });
    expect(durand.results[0]).toMatchObject({
      email: second.email,
      firstName: 'Élodie',
      role: 'author',
      status: 'active',
      suspendedAt: null,
      language: 'fr',
    });
    expect(durand.results[0]).not.toHaveProperty('passwordHash');

    const helene = await list(`q=${encodeURIComponent(`helene durand${marker}`)}`);
    expect(helene.results.map((u) => u.id)).toEqual([first.user.id]);

    const mail = await list(`q=${encodeURIComponent(`mail${marker}`.toUpperCase())}`);
    expect(mail.results.map((u) => u.id)).toEqual([byEmail.user.id]);

    const authors = await list(`q=durand${marker}&role=author`);
    expect(authors.results.map((u) => u.id)).toEqual([second.user.id]);

    await t.app.inject({
      method: 'POST',
      url: `/api/admin/users/${first.user.id}/suspend`,
      headers: admin.headers,
      payload: {},
    });
    const suspended = await list(`q=durand${marker}&status=suspended`);
    expect(suspended.results.map((u) => [u.id, u.status])).toEqual([[first.user.id, 'suspended']]);
    const active = await list(`q=durand${marker}&status=active`);
    expect(active.results.map((u) => u.id)).toEqual([second.user.id]);

    // A percent sign is searched as text, never as a wildcard.
    expect((await list(`q=${encodeURIComponent('%')}`)).count).toBe(0);

    const all = await list('');
    expect(all.pageSize).toBe(20);
    const dates = all.results.map((u) => u.createdAt);
    expect([...dates].sort().reverse()).toEqual(dates);
  });

  it('refuses bad filters with field codes', async () => {
    const admin = await staff(t.app, 'admin');
    for (const query of ['role=king', 'status=gone', 'page=0', `q=${'x'.repeat(201)}`]) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/admin/users?${query}`,
        headers: admin.headers,
      });
      expect(response.statusCode, query).toBe(400);
      expect(response.json().error.code).toBe('validation_failed');
    }
  });
});

describe('role change', () => {
  it('makes a customer an editor and ends their sessions (the role is in the access token)', async () => {
    const admin = await staff(t.app, 'admin');
    const target = await registerUser(t.app);
    const session = await login(t.app, target.email, target.password);

    const response = await t.app.inject({
      method: 'POST',
      url: `/api/admin/users/${target.user.id}/role`,
      headers: admin.headers,
      payload: { role: 'editor' },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<AdminUser>()).toMatchObject({
      id: target.user.id,
      role: 'editor',
      status: 'active',
    });
    expect((await userRow(target.user.id)).role).toBe('editor');
    expect(await liveTokens(target.user.id)).toEqual([]);

    const refresh = await t.app.inject({
      method: 'POST',
      url: '/api/token/refresh',
      payload: { refresh: session.refresh },
    });
    expect(refresh.statusCode).toBe(401);

    // Logging in again gives the new role: the back office opens.
    const again = await login(t.app, target.email, target.password);
    const queue = await t.app.inject({
      method: 'GET',
      url: '/api/admin/orders',
      headers: bearer(again.access),
    });
    expect(queue.statusCode).toBe(200);
  });

  it('refuses an unknown role, an unknown user and a change of one’s own role', async () => {
    const admin = await staff(t.app, 'admin');
    const target = await registerUser(t.app);
    const bad = await t.app.inject({
      method: 'POST',
      url: `/api/admin/users/${target.user.id}/role`,
      headers: admin.headers,
      payload: { role: 'owner' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toHaveProperty('role');

    const badId = await t.app.inject({
      method: 'POST',
      url: '/api/admin/users/not-a-uuid/role',
      headers: admin.headers,
      payload: { role: 'editor' },
    });
    expect(badId.statusCode).toBe(400);

    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/admin/users/00000000-0000-4000-8000-000000000000/role',
      headers: admin.headers,
      payload: { role: 'editor' },
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('not_found');

    const self = await t.app.inject({
      method: 'POST',
      url: `/api/admin/users/${admin.id}/role`,
      headers: admin.headers,
      payload: { role: 'customer' },
    });
    expect(self.statusCode).toBe(400);
    expect(self.json().error).toMatchObject({
      code: 'validation_failed',
      fields: { role: 'You cannot change your own role or suspend your own account.' },
    });
    expect((await userRow(admin.id)).role).toBe('admin');
    expect((await userRow(target.user.id)).role).toBe('customer');
  });
});

describe('suspension', () => {
  it('refuses login (after the password check) and refresh, and reactivation lets the user in again', async () => {
    const admin = await staff(t.app, 'admin');
    const target = await registerUser(t.app);
    const session = await login(t.app, target.email, target.password);
    expect(await liveTokens(target.user.id)).toHaveLength(1);

    const suspend = await t.app.inject({
      method: 'POST',
      url: `/api/admin/users/${target.user.id}/suspend`,
      headers: admin.headers,
      payload: { reason: 'Fraudulent orders' },
    });
    expect(suspend.statusCode, suspend.body).toBe(200);
    const suspended = suspend.json<AdminUser>();
    expect(suspended).toMatchObject({ status: 'suspended' });
    expect(Date.parse(suspended.suspendedAt!)).not.toBeNaN();
    expect(await liveTokens(target.user.id)).toEqual([]);

    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'accept-language': 'en' },
      payload: { email: target.email, password: target.password },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('account_suspended');

    // Without the password, nothing tells the account is suspended.
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: target.email, password: 'Wrong12345' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error.code).toBe('invalid_credentials');

    const refresh = await t.app.inject({
      method: 'POST',
      url: '/api/token/refresh',
      payload: { refresh: session.refresh },
    });
    expect(refresh.statusCode).toBe(401);

    // Suspending twice keeps the first date.
    const twice = await t.app.inject({
      method: 'POST',
      url: `/api/admin/users/${target.user.id}/suspend`,
      headers: admin.headers,
    });
    expect(twice.statusCode, twice.body).toBe(200);
    expect(twice.json<AdminUser>().suspendedAt).toBe(suspended.suspendedAt);

    const reactivate = await t.app.inject({
      method: 'POST',
      url: `/api/admin/users/${target.user.id}/reactivate`,
      headers: admin.headers,
      payload: {},
    });
    expect(reactivate.statusCode).toBe(200);
    expect(reactivate.json<AdminUser>()).toMatchObject({ status: 'active', suspendedAt: null });

    const back = await login(t.app, target.email, target.password);
    const me = await t.app.inject({ method: 'GET', url: '/api/user', headers: bearer(back.access) });
    expect(me.statusCode).toBe(200);
    // The tokens revoked at suspension stay revoked.
    const old = await t.app.inject({
      method: 'POST',
      url: '/api/token/refresh',
      payload: { refresh: session.refresh },
    });
    expect(old.statusCode).toBe(401);
  });

  it('refuses suspending oneself, an unknown user, and a reason too long', async () => {
    const admin = await staff(t.app, 'admin');
    const self = await t.app.inject({
      method: 'POST',
      url: `/api/admin/users/${admin.id}/suspend`,
      headers: admin.headers,
      payload: {},
    });
    expect(self.statusCode).toBe(400);
    expect(self.json().error.fields).toHaveProperty('status');
    expect((await userRow(admin.id)).suspendedAt).toBeNull();

    for (const action of ['suspend', 'reactivate']) {
      const unknown = await t.app.inject({
        method: 'POST',
        url: `/api/admin/users/00000000-0000-4000-8000-000000000000/${action}`,
        headers: admin.headers,
        payload: {},
      });
      expect(unknown.statusCode, action).toBe(404);
    }

    const target = await registerUser(t.app);
    const long = await t.app.inject({
      method: 'POST',
      url: `/api/admin/users/${target.user.id}/suspend`,
      headers: admin.headers,
      payload: { reason: 'x'.repeat(5000) },
    });
    expect(long.statusCode).toBe(400);
    expect((await userRow(target.user.id)).suspendedAt).toBeNull();
  });
});

describe('becoming an author', () => {
  it('turns a customer into an author and answers a token pair with the new role', async () => {
    const customer = await registerUser(t.app);
    const { access } = await login(t.app, customer.email, customer.password);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/user/become-author',
      headers: bearer(access),
      payload: { displayName: 'N. Haddad', bio: 'Engineer.' },
    });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<BecomeAuthorResponse>();
    expect(body.user).toMatchObject({
      id: customer.user.id,
      role: 'author',
      displayName: 'N. Haddad',
      bio: 'Engineer.',
    });
    const payload = JSON.parse(Buffer.from(body.access.split('.')[1]!, 'base64url').toString());
    expect(payload).toMatchObject({ sub: customer.user.id, role: 'author' });

    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/api/token/refresh',
      payload: { refresh: body.refresh },
    });
    expect(refreshed.statusCode).toBe(200);

    const again = await t.app.inject({
      method: 'POST',
      url: '/api/user/become-author',
      headers: bearer(body.access),
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatchObject({ code: 'invalid_transition' });
  });

  it('answers 409 to editors and admins, 401 to guests, and 400 to a profile too long', async () => {
    for (const role of ['editor', 'admin'] as const) {
      const member = await staff(t.app, role);
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/user/become-author',
        headers: member.headers,
        payload: {},
      });
      expect(response.statusCode, role).toBe(409);
      expect((await userRow(member.id)).role).toBe(role);
    }
    const guest = await t.app.inject({ method: 'POST', url: '/api/user/become-author', payload: {} });
    expect(guest.statusCode).toBe(401);

    const customer = await registerUser(t.app);
    const { access } = await login(t.app, customer.email, customer.password);
    const long = await t.app.inject({
      method: 'POST',
      url: '/api/user/become-author',
      headers: bearer(access),
      payload: { displayName: 'x'.repeat(200) },
    });
    expect(long.statusCode).toBe(400);
    expect((await userRow(customer.user.id)).role).toBe('customer');
  });
});
