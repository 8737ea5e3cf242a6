import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bearer, login, readMails, registerUser, useApp } from '../../../test/helper.ts';
import { passwordResets, refreshTokens, sessions } from './accounts.tables.ts';
import { hashOpaqueToken } from './opaque-tokens.ts';

const t = useApp({ env: { SESSION_MAX_AGE: '1h' } });

const getUser = (access: string) =>
  t.app.inject({ method: 'GET', url: '/api/user', headers: bearer(access) });
const refresh = (token: string) =>
  t.app.inject({ method: 'POST', url: '/api/token/refresh', payload: { refresh: token } });

async function adminSession() {
  const admin = await registerUser(t.app);
  await t.database.db.execute(sql`UPDATE users SET role = 'admin' WHERE id = ${admin.user.id}`);
  return login(t.app, admin.email, admin.password);
}

const resetLink = /\/password\/reset\/confirm\/([\w-]{43})/;
async function requestReset(email: string): Promise<string> {
  const before = new Set(readMails(t.mailDir).map((m) => m.file));
  const response = await t.app.inject({ method: 'POST', url: '/api/password/reset', payload: { email } });
  expect(response.statusCode).toBe(200);
  await t.app.mail.sender.runOnce();
  const mail = readMails(t.mailDir).find(
    (m) => !before.has(m.file) && m.to === email && resetLink.test(m.body),
  );
  const token = mail && resetLink.exec(mail.body)?.[1];
  expect(token, 'the reset mail holds a link').toBeDefined();
  return token!;
}
const confirmReset = (token: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/password/confirm', payload: { token, password } });

describe('sessions end their access tokens at once', () => {
  it('refuses an access token used after its logout, and leaves the user’s other sessions alone', async () => {
    const { email, password } = await registerUser(t.app);
    const phone = await login(t.app, email, password);
    const laptop = await login(t.app, email, password);
    expect((await getUser(phone.access)).statusCode).toBe(200);

    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/logout',
      payload: { refresh: phone.refresh },
    });
    expect(logout.statusCode).toBe(204);
    const after = await getUser(phone.access);
    expect(after.statusCode).toBe(401);
    expect(after.json().error.code).toBe('unauthorized');
    expect((await getUser(laptop.access)).statusCode).toBe(200);
  });

  it('refuses the access tokens of every session after a password change', async () => {
    const { email, password } = await registerUser(t.app);
    const here = await login(t.app, email, password);
    const elsewhere = await login(t.app, email, password);
    expect((await getUser(elsewhere.access)).statusCode).toBe(200);
    const change = await t.app.inject({
      method: 'PUT',
      url: '/api/editPassword',
      headers: bearer(here.access),
      payload: { oldPassword: password, newPassword: 'Changed789' },
    });
    expect(change.statusCode).toBe(200);
    expect((await getUser(here.access)).statusCode).toBe(401);
    expect((await getUser(elsewhere.access)).statusCode).toBe(401);
    expect((await getUser((await login(t.app, email, 'Changed789')).access)).statusCode).toBe(200);
  });

  it('refuses the access tokens of every session after a password reset', async () => {
    const { email, password } = await registerUser(t.app);
    const session = await login(t.app, email, password);
    expect((await getUser(session.access)).statusCode).toBe(200);
    const token = await requestReset(email);
    expect((await confirmReset(token, 'ResetDone789')).statusCode).toBe(200);
    expect((await getUser(session.access)).statusCode).toBe(401);
  });

  it('refuses the access tokens of a user an admin suspends, or gives another role', async () => {
    const admin = await adminSession();
    const suspended = await registerUser(t.app);
    const promoted = await registerUser(t.app);
    const suspendedSession = await login(t.app, suspended.email, suspended.password);
    const promotedSession = await login(t.app, promoted.email, promoted.password);
    expect((await getUser(suspendedSession.access)).statusCode).toBe(200);
    expect((await getUser(promotedSession.access)).statusCode).toBe(200);

    const suspend = await t.app.inject({
      method: 'POST',
      url: `/api/admin/users/${suspended.user.id}/suspend`,
      headers: bearer(admin.access),
    });
    expect(suspend.statusCode).toBe(200);
    expect((await getUser(suspendedSession.access)).statusCode).toBe(401);

    const role = await t.app.inject({
      method: 'POST',
      url: `/api/admin/users/${promoted.user.id}/role`,
      headers: bearer(admin.access),
      payload: { role: 'editor' },
    });
    expect(role.statusCode).toBe(200);
    const stale = await getUser(promotedSession.access);
    expect(stale.statusCode, 'the token still says customer').toBe(401);
  });
});

describe('absolute session lifetime', () => {
  it('ends a session at its absolute end: its access token and its refresh token are refused', async () => {
    const { email, password } = await registerUser(t.app);
    const session = await login(t.app, email, password);
    const [token] = await t.database.db
      .select({ familyId: refreshTokens.familyId })
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, hashOpaqueToken(session.refresh)));
    await t.database.db
      .update(sessions)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(sessions.id, token!.familyId));

    expect((await getUser(session.access)).statusCode).toBe(401);
    const refused = await refresh(session.refresh);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().error.code).toBe('invalid_refresh_token');
  });

  it('never extends the session when rotating: each new refresh token ends with the session', async () => {
    const { email, password, user } = await registerUser(t.app);
    let pair = await login(t.app, email, password);
    for (let i = 0; i < 3; i += 1) {
      const rotated = await refresh(pair.refresh);
      expect(rotated.statusCode).toBe(200);
      pair = rotated.json();
    }
    const [session] = await t.database.db.select().from(sessions).where(eq(sessions.userId, user.id));
    const tokens = await t.database.db.select().from(refreshTokens).where(eq(refreshTokens.userId, user.id));
    expect(tokens).toHaveLength(4);
    // SESSION_MAX_AGE is one hour here, far less than the refresh tokens' 30 days.
    expect(session!.expiresAt.getTime() - session!.createdAt.getTime()).toBeLessThanOrEqual(3600_000 + 1000);
    for (const row of tokens)
      expect(row.expiresAt.getTime()).toBeLessThanOrEqual(session!.expiresAt.getTime());
    expect((await getUser(pair.access)).statusCode).toBe(200);
  });
});

describe('pending reset links', () => {
  it('refuses a reset link requested earlier once another reset succeeded', async () => {
    const { email } = await registerUser(t.app);
    const first = await requestReset(email);
    const second = await requestReset(email);
    expect((await confirmReset(second, 'SecondReset789')).statusCode).toBe(200);
    const earlier = await confirmReset(first, 'FirstReset789');
    expect(earlier.statusCode).toBe(400);
    expect(earlier.json().error.code).toBe('invalid_reset_token');
    await login(t.app, email, 'SecondReset789');
  });

  it('cancels every pending reset link when the password is changed', async () => {
    const { email, password, user } = await registerUser(t.app);
    const pending = await requestReset(email);
    const session = await login(t.app, email, password);
    const change = await t.app.inject({
      method: 'PUT',
      url: '/api/editPassword',
      headers: bearer(session.access),
      payload: { oldPassword: password, newPassword: 'Changed789' },
    });
    expect(change.statusCode).toBe(200);
    expect((await confirmReset(pending, 'Attacker789')).statusCode).toBe(400);
    const left = await t.database.db.select().from(passwordResets).where(eq(passwordResets.userId, user.id));
    expect(left.filter((row) => row.usedAt === null)).toEqual([]);
    await login(t.app, email, 'Changed789');
  });
});
