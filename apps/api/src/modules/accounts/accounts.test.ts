import { eq, sql } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import {
  bearer,
  login,
  outboxMails,
  readMails,
  registerUser,
  TEST_JWT_SECRET,
  uniqueEmail,
  useApp,
} from '../../../test/helper.ts';

/** Messages are in French unless the caller names English (SPEC §9). */
const english = { 'accept-language': 'en' };
import { mailOutbox } from '../../db/schema.ts';
import { refreshTokens, users } from './accounts.tables.ts';

const t = useApp();

const countUsers = async () =>
  Number((await t.database.db.execute<{ n: string }>(sql`select count(*) as n from users`)).rows[0]!.n);
const countOutbox = async () =>
  Number((await t.database.db.execute<{ n: string }>(sql`select count(*) as n from mail_outbox`)).rows[0]!.n);

const validRegistration = () => ({
  firstName: 'Nadia',
  lastName: 'Haddad',
  email: uniqueEmail(),
  password: 'Secret123',
});

describe('registration', () => {
  it('creates a customer from JSON and answers 201 with the user', async () => {
    const payload = validRegistration();
    const response = await t.app.inject({ method: 'POST', url: '/api/register/customer', payload });
    expect(response.statusCode).toBe(201);
    const user = response.json();
    expect(user).toMatchObject({
      email: payload.email,
      firstName: 'Nadia',
      lastName: 'Haddad',
      role: 'customer',
      language: 'fr',
    });
    expect(user).not.toHaveProperty('passwordHash');
    const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
  });

  it('accepts urlencoded form data', async () => {
    const payload = validRegistration();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/register/customer',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(payload).toString(),
    });
    expect(response.statusCode).toBe(201);
  });

  it('accepts multipart form data and creates an author with a public profile', async () => {
    const payload = { ...validRegistration(), displayName: 'N. Haddad', language: 'en' };
    const form = new FormData();
    for (const [key, value] of Object.entries(payload)) form.append(key, value);
    const request = new Request('http://x', { method: 'POST', body: form });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/register/author',
      headers: { 'content-type': request.headers.get('content-type')! },
      payload: Buffer.from(await request.arrayBuffer()),
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ role: 'author', displayName: 'N. Haddad', language: 'en' });
  });

  it('ignores a role or status sent by the client', async () => {
    const payload = { ...validRegistration(), role: 'admin', status: 'active' };
    const response = await t.app.inject({ method: 'POST', url: '/api/register/customer', payload });
    expect(response.statusCode).toBe(201);
    expect(response.json().role).toBe('customer');
    const tokens = await login(t.app, payload.email, payload.password);
    const claims = JSON.parse(Buffer.from(tokens.access.split('.')[1]!, 'base64url').toString());
    expect(claims.role).toBe('customer');
  });

  it('queues a welcome e-mail in the language of the account', async () => {
    const payload = { ...validRegistration(), language: 'en' };
    await t.app.inject({ method: 'POST', url: '/api/register/customer', payload });
    const [mail] = await outboxMails(t.database.db, eq(mailOutbox.to, payload.email));
    expect(mail).toMatchObject({
      template: 'welcome',
      language: 'en',
      subject: 'Welcome to HLS',
      status: 'pending',
    });
    await t.app.mail.sender.runOnce();
    const delivered = readMails(t.mailDir).find((m) => m.to === payload.email);
    expect(delivered?.subject).toBe('Welcome to HLS');
  });

  it('refuses a duplicate e-mail, whatever its case, with 409 email_taken', async () => {
    const payload = validRegistration();
    await t.app.inject({ method: 'POST', url: '/api/register/customer', payload });
    const before = await countUsers();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/register/author',
      payload: { ...payload, email: payload.email.toUpperCase() },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toMatchObject({
      code: 'email_taken',
      fields: { email: expect.any(String) },
    });
    expect(await countUsers()).toBe(before);
  });

  it.each([
    ['a missing first name', { firstName: '' }, 'firstName', 'Enter your first name.'],
    ['a missing last name', { lastName: undefined }, 'lastName', 'Enter your last name.'],
    ['an invalid e-mail', { email: 'not-an-email' }, 'email', 'Enter a valid e-mail address.'],
    ['a short password', { password: 'ab1' }, 'password', 'Use at least 8 characters.'],
    ['a password without a digit', { password: 'abcdefghij' }, 'password', 'Include at least one digit.'],
    ['a password without a letter', { password: '1234567890' }, 'password', 'Include at least one letter.'],
    ['an unknown language', { language: 'de' }, 'language', 'This value is not valid.'],
  ])('refuses %s with 400 and writes nothing', async (_label, change, field, message) => {
    const [usersBefore, mailBefore] = [await countUsers(), await countOutbox()];
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/register/customer',
      headers: english,
      payload: { ...validRegistration(), ...change },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({ code: 'validation_failed', fields: { [field]: message } });
    expect([await countUsers(), await countOutbox()]).toEqual([usersBefore, mailBefore]);
  });

  it('translates field messages into French for a French caller, including the spec code fn, and by default', async () => {
    for (const request of [
      { url: '/api/register/customer', headers: { 'accept-language': 'fr-FR,fr;q=0.9' } },
      { url: '/api/register/customer?lng=fn', headers: {} },
      { url: '/api/register/customer', headers: {} },
      { url: '/api/register/customer', headers: { 'accept-language': 'de-DE,es;q=0.8' } },
    ]) {
      const response = await t.app.inject({
        method: 'POST',
        ...request,
        payload: { ...validRegistration(), email: 'x' },
      });
      expect(response.json().error.fields.email).toBe('Saisissez une adresse e-mail valide.');
    }
  });

  it('gives each refused field the key of its message, whatever the language asked, for the page to translate', async () => {
    for (const headers of [english, { 'accept-language': 'fr' }]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/register/customer',
        headers,
        payload: { ...validRegistration(), email: 'x', password: 'ab1', language: 'de' },
      });
      expect(response.json().error.fieldKeys).toEqual({
        email: 'email.invalid',
        password: 'password.tooShort',
        language: 'generic.invalid',
      });
    }
    const taken = await registerUser(t.app);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/register/customer',
      headers: english,
      payload: { ...validRegistration(), email: taken.email },
    });
    expect(again.json().error).toMatchObject({ code: 'email_taken', fieldKeys: { email: 'email.taken' } });
  });

  it('refuses a malformed JSON body with 400', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/register/customer',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('validation_failed');
  });
});

describe('login', () => {
  it('returns an access and a refresh token; the access token holds sub, role, iat and exp', async () => {
    const { email, password, user } = await registerUser(t.app, {}, 'author');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: email.toUpperCase(), password },
    });
    expect(response.statusCode).toBe(200);
    const { access, refresh } = response.json();
    expect(refresh).toMatch(/^[\w-]{43}$/);
    const [header, payload] = access
      .split('.')
      .slice(0, 2)
      .map((p: string) => JSON.parse(Buffer.from(p, 'base64url').toString()));
    expect(header.alg).toBe('HS256');
    expect(payload).toMatchObject({ sub: user.id, role: 'author' });
    expect(payload.exp - payload.iat).toBe(t.config.accessTokenTtl);
  });

  it('stores only a hash of the refresh token', async () => {
    const { email, password, user } = await registerUser(t.app);
    const { refresh } = await login(t.app, email, password);
    const rows = await t.database.db.select().from(refreshTokens).where(eq(refreshTokens.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).not.toBe(refresh);
    expect(rows[0]!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('gives the same 401 for a wrong password and an unknown e-mail', async () => {
    const { email } = await registerUser(t.app);
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email, password: 'Wrong1234' },
    });
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: uniqueEmail('nobody'), password: 'Wrong1234' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json().error.code).toBe('invalid_credentials');
  });

  it('refuses a missing password with 400', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: english,
      payload: { email: uniqueEmail() },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual({ password: 'Enter your password.' });
  });
});

describe('access tokens', () => {
  const key = new TextEncoder().encode(TEST_JWT_SECRET);

  it('opens GET /api/user with a valid token', async () => {
    const { email, password, user } = await registerUser(t.app);
    const { access } = await login(t.app, email, password);
    const response = await t.app.inject({ method: 'GET', url: '/api/user', headers: bearer(access) });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: user.id, email, role: 'customer' });
  });

  it('answers 401 unauthorized without a token', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/user' });
    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe('unauthorized');
  });

  it('answers 401 token_expired for an expired token', async () => {
    const { user } = await registerUser(t.app);
    const expired = await new SignJWT({ role: 'customer' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(user.id)
      .setIssuedAt(Math.floor(Date.now() / 1000) - 3600)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(key);
    const response = await t.app.inject({ method: 'GET', url: '/api/user', headers: bearer(expired) });
    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe('token_expired');
  });

  it('rejects a token whose payload was tampered with', async () => {
    const { email, password } = await registerUser(t.app);
    const { access } = await login(t.app, email, password);
    const [header, payload, signature] = access.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    const forged = Buffer.from(JSON.stringify({ ...claims, role: 'admin' })).toString('base64url');
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/user',
      headers: bearer(`${header}.${forged}.${signature}`),
    });
    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe('unauthorized');
  });

  it('rejects an unsigned alg:none token and one signed with another secret', async () => {
    const { user } = await registerUser(t.app);
    const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const now = Math.floor(Date.now() / 1000);
    const none = `${encode({ alg: 'none', typ: 'JWT' })}.${encode({ sub: user.id, role: 'admin', iat: now, exp: now + 600 })}.`;
    const otherKey = await new SignJWT({ role: 'admin' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(user.id)
      .setIssuedAt()
      .setExpirationTime('10m')
      .sign(new TextEncoder().encode('another-secret-another-secret-another-secret'));
    for (const token of [none, otherKey, 'not.a.jwt']) {
      const response = await t.app.inject({ method: 'GET', url: '/api/user', headers: bearer(token) });
      expect(response.statusCode).toBe(401);
    }
  });
});

describe('refresh tokens', () => {
  it('rotates: the new pair works, with or without the trailing slash', async () => {
    const { email, password } = await registerUser(t.app);
    const first = await login(t.app, email, password);
    const second = await t.app.inject({
      method: 'POST',
      url: '/api/token/refresh/',
      payload: { refresh: first.refresh },
    });
    expect(second.statusCode).toBe(200);
    const pair = second.json();
    expect(pair.refresh).not.toBe(first.refresh);
    const third = await t.app.inject({
      method: 'POST',
      url: '/api/token/refresh',
      payload: { refresh: pair.refresh },
    });
    expect(third.statusCode).toBe(200);
    const me = await t.app.inject({ method: 'GET', url: '/api/user', headers: bearer(third.json().access) });
    expect(me.statusCode).toBe(200);
  });

  it('takes the role from the database, not from the old token', async () => {
    const { email, password, user } = await registerUser(t.app);
    const { refresh } = await login(t.app, email, password);
    await t.database.db.update(users).set({ role: 'editor' }).where(eq(users.id, user.id));
    const response = await t.app.inject({ method: 'POST', url: '/api/token/refresh', payload: { refresh } });
    const claims = JSON.parse(Buffer.from(response.json().access.split('.')[1], 'base64url').toString());
    expect(claims.role).toBe('editor');
  });

  it('revokes the whole family when a rotated token is presented again', async () => {
    const { email, password } = await registerUser(t.app);
    const first = await login(t.app, email, password);
    const rotated = (
      await t.app.inject({ method: 'POST', url: '/api/token/refresh', payload: { refresh: first.refresh } })
    ).json();

    const reuse = await t.app.inject({
      method: 'POST',
      url: '/api/token/refresh',
      payload: { refresh: first.refresh },
    });
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json().error.code).toBe('invalid_refresh_token');

    const legitimate = await t.app.inject({
      method: 'POST',
      url: '/api/token/refresh',
      payload: { refresh: rotated.refresh },
    });
    expect(legitimate.statusCode).toBe(401);
  });

  it('leaves other sessions of the same user alone when one family is revoked', async () => {
    const { email, password } = await registerUser(t.app);
    const phone = await login(t.app, email, password);
    const laptop = await login(t.app, email, password);
    await t.app.inject({ method: 'POST', url: '/api/token/refresh', payload: { refresh: phone.refresh } });
    await t.app.inject({ method: 'POST', url: '/api/token/refresh', payload: { refresh: phone.refresh } });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/token/refresh',
      payload: { refresh: laptop.refresh },
    });
    expect(response.statusCode).toBe(200);
  });

  it('refuses an unknown or expired refresh token with 401 and an empty one with 400', async () => {
    const { email, password, user } = await registerUser(t.app);
    const { refresh } = await login(t.app, email, password);
    await t.database.db
      .update(refreshTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(refreshTokens.userId, user.id));
    for (const token of [refresh, 'unknown-token']) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/token/refresh',
        payload: { refresh: token },
      });
      expect(response.statusCode).toBe(401);
    }
    const empty = await t.app.inject({ method: 'POST', url: '/api/token/refresh', payload: { refresh: '' } });
    expect(empty.statusCode).toBe(400);
  });
});

describe('logout', () => {
  it('revokes the refresh token and answers 204, also when repeated', async () => {
    const { email, password } = await registerUser(t.app);
    const { refresh } = await login(t.app, email, password);
    for (let i = 0; i < 2; i += 1) {
      const response = await t.app.inject({ method: 'POST', url: '/api/logout', payload: { refresh } });
      expect(response.statusCode).toBe(204);
      expect(response.body).toBe('');
    }
    const after = await t.app.inject({ method: 'POST', url: '/api/token/refresh', payload: { refresh } });
    expect(after.statusCode).toBe(401);
  });
});

describe('e-mail check', () => {
  it('answers 200 exists:true for a known e-mail, in any case', async () => {
    const { email } = await registerUser(t.app);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/email/check',
      payload: { email: email.toUpperCase() },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ exists: true });
  });

  it('answers 404 email_not_found with an error body for an unknown e-mail', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/email/check',
      payload: { email: uniqueEmail() },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('email_not_found');
  });

  it('refuses an invalid e-mail with 400', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/email/check',
      payload: { email: 'nope' },
    });
    expect(response.statusCode).toBe(400);
  });
});

describe('password change', () => {
  it('changes the password, revokes every refresh token and mails a notice', async () => {
    const { email, password } = await registerUser(t.app);
    const first = await login(t.app, email, password);
    const second = await login(t.app, email, password);
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/editPassword',
      headers: bearer(first.access),
      payload: { oldPassword: password, newPassword: 'Changed456' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toHaveProperty('message');
    for (const { refresh } of [first, second]) {
      const refreshed = await t.app.inject({
        method: 'POST',
        url: '/api/token/refresh',
        payload: { refresh },
      });
      expect(refreshed.statusCode).toBe(401);
    }
    await login(t.app, email, 'Changed456');
    const notice = await outboxMails(t.database.db, eq(mailOutbox.to, email));
    expect(notice.map((m) => m.template)).toContain('password_changed');
  });

  it('refuses a wrong current password with 400 wrong_password on oldPassword', async () => {
    const { email, password } = await registerUser(t.app);
    const { access, refresh } = await login(t.app, email, password);
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/editPassword',
      headers: { ...bearer(access), ...english },
      payload: { oldPassword: 'Wrong1234', newPassword: 'Changed456' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({
      code: 'wrong_password',
      fields: { oldPassword: 'The current password is not correct.' },
    });
    await login(t.app, email, password);
    const stillValid = await t.app.inject({
      method: 'POST',
      url: '/api/token/refresh',
      payload: { refresh },
    });
    expect(stillValid.statusCode).toBe(200);
  });

  it('refuses a weak new password with 400 and requires a login', async () => {
    const { email, password } = await registerUser(t.app);
    const { access } = await login(t.app, email, password);
    const weak = await t.app.inject({
      method: 'PUT',
      url: '/api/editPassword',
      headers: bearer(access),
      payload: { oldPassword: password, newPassword: 'short' },
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().error.fields.newPassword).toBeDefined();
    const anonymous = await t.app.inject({
      method: 'PUT',
      url: '/api/editPassword',
      payload: { oldPassword: password, newPassword: 'Changed456' },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('profile update', () => {
  const profile = (email: string) => ({
    firstName: 'Yasmine',
    lastName: 'Trabelsi',
    email,
    phone: '+216 71 000 000',
    country: 'tn',
    language: 'en',
  });

  it('updates the profile without closing sessions when the e-mail stays', async () => {
    const { email, password } = await registerUser(t.app);
    const { access, refresh } = await login(t.app, email, password);
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/update/user',
      headers: bearer(access),
      payload: profile(email),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      emailChangeRequested: false,
      user: {
        firstName: 'Yasmine',
        lastName: 'Trabelsi',
        phone: '+216 71 000 000',
        country: 'TN',
        language: 'en',
      },
    });
    const refreshed = await t.app.inject({ method: 'POST', url: '/api/token/refresh', payload: { refresh } });
    expect(refreshed.statusCode).toBe(200);
  });

  it('refuses an e-mail that belongs to someone else with 409 and changes nothing', async () => {
    const other = await registerUser(t.app);
    const { email, password, user } = await registerUser(t.app);
    const { access } = await login(t.app, email, password);
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/update/user',
      headers: bearer(access),
      payload: { ...profile(other.email), currentPassword: password },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.code).toBe('email_taken');
    const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ email, firstName: 'Nadia' });
  });

  it('refuses invalid fields with 400 and changes nothing, and ignores a role in the body', async () => {
    const { email, password, user } = await registerUser(t.app);
    const { access } = await login(t.app, email, password);
    const invalid = await t.app.inject({
      method: 'PUT',
      url: '/api/update/user',
      headers: { ...bearer(access), ...english },
      payload: { ...profile(email), phone: 'call me maybe' },
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().error.fields).toEqual({ phone: 'Enter a valid phone number.' });
    const promoted = await t.app.inject({
      method: 'PUT',
      url: '/api/update/user',
      headers: bearer(access),
      payload: { ...profile(email), role: 'admin' },
    });
    expect(promoted.json().user.role).toBe('customer');
    const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.role).toBe('customer');
  });
});
