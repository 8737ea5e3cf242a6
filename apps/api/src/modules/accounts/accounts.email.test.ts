import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  bearer,
  confirmationToken,
  confirmEmail,
  login,
  readMails,
  registerUser,
  uniqueEmail,
  useApp,
} from '../../../test/helper.ts';
import { openShop } from '../../../test/checkout-fixtures.ts';
import { emailChanges, emailTokens, passwordResets, users } from './accounts.tables.ts';

const t = useApp();

const english = { 'accept-language': 'en' };
const confirmLink = /http:\/\/shop\.test\/email\/confirm\/([\w-]{43})/;
const reportLink = /http:\/\/shop\.test\/email\/report\/([\w-]{43})/;

/** Delivers the outbox, then the mails sent to `email` (oldest first). */
async function mailsTo(email: string) {
  await t.app.mail.sender.runOnce();
  return readMails(t.mailDir).filter((mail) => mail.to === email);
}

/** The mail sent to `email` with this subject (one delivery may write several, in any order). */
async function mailWith(email: string, subject: string) {
  const mail = (await mailsTo(email)).find((sent) => sent.subject === subject);
  expect(mail, `"${subject}" mailed to ${email}`).toBeDefined();
  return mail!;
}

/** The token of the newest link of this kind in the mails sent to `email`. */
async function linkIn(email: string, kind: RegExp): Promise<string> {
  const tokens = (await mailsTo(email)).map((mail) => kind.exec(mail.body)?.[1]).filter(Boolean);
  expect(tokens.length, `a link mailed to ${email}`).toBeGreaterThan(0);
  return tokens.at(-1)!;
}

const follow = (token: string) =>
  t.app.inject({ method: 'POST', url: '/api/email/confirm', headers: english, payload: { token } });
const report = (token: string) =>
  t.app.inject({ method: 'POST', url: '/api/email/report', headers: english, payload: { token } });
const me = async (access: string) =>
  (await t.app.inject({ method: 'GET', url: '/api/user', headers: bearer(access) })).json();
const refresh = (token: string) =>
  t.app.inject({ method: 'POST', url: '/api/token/refresh', payload: { refresh: token } });

/** A customer with a confirmed address, logged in. */
async function confirmedUser(language: 'fr' | 'en' = 'en') {
  const registered = await registerUser(t.app, { language });
  await confirmEmail(t.app, registered.email);
  const session = await login(t.app, registered.email, registered.password);
  return { ...registered, ...session };
}

const profile = (email: string, extra: Record<string, string> = {}) => ({
  firstName: 'Nadia',
  lastName: 'Haddad',
  email,
  ...extra,
});

const updateUser = (access: string, payload: object) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/update/user',
    headers: { ...bearer(access), ...english },
    payload,
  });

/** Asks to move the account to a new address with the password; answers the new address. */
async function requestChange(user: { access: string; password: string }, newEmail = uniqueEmail('moved')) {
  const response = await updateUser(user.access, profile(newEmail, { currentPassword: user.password }));
  expect(response.statusCode, response.body).toBe(200);
  return newEmail;
}

describe('e-mail confirmation', () => {
  it('mails a new account a link that confirms its address once; the account is unconfirmed until then', async () => {
    const { email, password } = await registerUser(t.app, { language: 'en' });
    const { access } = await login(t.app, email, password);
    expect(await me(access)).toMatchObject({ email, emailConfirmed: false, pendingEmail: null });

    const [welcome] = await mailsTo(email);
    expect(welcome!.subject).toBe('Welcome to HLS');
    const token = confirmLink.exec(welcome!.body)![1]!;
    const [stored] = await t.database.db.select().from(emailTokens).where(eq(emailTokens.email, email));
    expect(stored!.tokenHash, 'only a hash is stored').not.toContain(token);

    const confirmed = await follow(token);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({ outcome: 'confirmed', email });
    expect(await me(access)).toMatchObject({ emailConfirmed: true });

    const again = await follow(token);
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toMatchObject({
      code: 'invalid_email_token',
      fields: { token: 'This link is not valid any more.' },
    });
  });

  it('refuses an expired confirmation link, and a link that is missing, forged or of another kind', async () => {
    const { email, password } = await registerUser(t.app);
    const token = await confirmationToken(t.app, email);
    await t.database.db
      .update(emailTokens)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(emailTokens.email, email));
    expect((await follow(token)).json().error.code).toBe('invalid_email_token');
    const { access } = await login(t.app, email, password);
    expect(await me(access)).toMatchObject({ emailConfirmed: false });

    expect((await follow('x'.repeat(43))).statusCode).toBe(400);
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/email/confirm',
      headers: english,
      payload: {},
    });
    expect(missing.json().error.fields).toEqual({ token: 'The link is incomplete.' });
    // A report link is no confirmation link.
    const owner = await confirmedUser();
    await requestChange(owner);
    const reportToken = await linkIn(owner.email, reportLink);
    expect((await follow(reportToken)).json().error.code).toBe('invalid_email_token');
  });

  it('lets a new account browse and log in, but refuses its order with 403 email_unconfirmed until confirmed', async () => {
    const shop = await openShop(t.app);
    const { email, password } = await registerUser(t.app);
    const { access } = await login(t.app, email, password);
    const books = await t.app.inject({ method: 'GET', url: `/api/books/list/${shop.bookId}` });
    expect(books.statusCode).toBe(200);

    const order = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/order/create',
        headers: { ...bearer(access), ...english },
        payload: { lines: [{ productId: shop.fileId }] },
      });
    const refused = await order();
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('email_unconfirmed');

    await confirmEmail(t.app, email);
    expect((await order()).statusCode).toBe(201);
  });

  it('counts the accounts the user:create command and the demo data make as confirmed', async () => {
    const email = uniqueEmail('made');
    await t.app.accounts.createUser({
      firstName: 'Sami',
      lastName: 'Trabelsi',
      email,
      password: 'Secret123',
      role: 'customer',
    });
    const { access } = await login(t.app, email, 'Secret123');
    expect(await me(access)).toMatchObject({ emailConfirmed: true });
  });

  it('mails the link again to a logged-in user at once, then at most once a minute, and only while unconfirmed', async () => {
    const { email, password } = await registerUser(t.app, { language: 'fr' });
    const { access } = await login(t.app, email, password);
    const resend = () =>
      t.app.inject({ method: 'POST', url: '/api/email/resend', headers: { ...bearer(access), ...english } });

    expect((await t.app.inject({ method: 'POST', url: '/api/email/resend' })).statusCode).toBe(401);
    // Right after the welcome mail (lost, or in the spam folder): sent at once.
    expect((await resend()).statusCode).toBe(200);
    expect((await mailsTo(email)).map((mail) => mail.subject).sort()).toEqual([
      'Bienvenue sur HLS',
      'Confirmez votre adresse e-mail',
    ]);
    const tooSoon = await resend();
    expect(tooSoon.statusCode).toBe(429);
    expect(tooSoon.json().error.code).toBe('rate_limited');

    const aMinuteLater = () =>
      t.database.db
        .update(emailTokens)
        .set({ createdAt: sql`now() - interval '2 minutes'` })
        .where(eq(emailTokens.email, email));
    await aMinuteLater();
    expect((await resend()).statusCode).toBe(200);
    expect(await mailsTo(email)).toHaveLength(3);

    const first = confirmLink.exec((await mailWith(email, 'Bienvenue sur HLS')).body)![1]!;
    const newest = await confirmationToken(t.app, email);
    expect((await follow(newest)).statusCode).toBe(200);
    // Once confirmed, the other links are spent too and nothing more is sent.
    expect((await follow(first)).statusCode).toBe(400);
    await aMinuteLater();
    const confirmed = await resend();
    expect(confirmed.statusCode).toBe(409);
    expect(confirmed.json().error.code).toBe('invalid_transition');
  });
});

describe('e-mail change', () => {
  it('keeps the address when a stolen access token alone asks for a new one', async () => {
    const victim = await confirmedUser();
    const attacker = uniqueEmail('attacker');
    const response = await updateUser(victim.access, profile(attacker));
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({
      code: 'validation_failed',
      fields: { currentPassword: 'Enter your password.' },
    });
    expect(await me(victim.access)).toMatchObject({ email: victim.email, pendingEmail: null });
    expect(await mailsTo(attacker)).toHaveLength(0);
    await login(t.app, victim.email, victim.password);
  });

  it('refuses a wrong current password with a field-level 400 and changes nothing, not even the other fields', async () => {
    const user = await confirmedUser();
    const response = await updateUser(
      user.access,
      profile(uniqueEmail('moved'), { firstName: 'Changed', currentPassword: 'Wrong-pass1' }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({
      code: 'wrong_password',
      fields: { currentPassword: 'The current password is not correct.' },
    });
    expect(await me(user.access)).toMatchObject({
      firstName: 'Nadia',
      email: user.email,
      pendingEmail: null,
    });
  });

  it('answers 429 past five wrong current passwords on a session, the password change’s count', async () => {
    const user = await confirmedUser();
    const guess = () =>
      updateUser(user.access, profile(uniqueEmail('moved'), { currentPassword: 'Wrong-pass1' }));
    for (let i = 0; i < 5; i += 1) expect((await guess()).statusCode).toBe(400);
    const locked = await guess();
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error.code).toBe('rate_limited');
    const rightOne = await updateUser(
      user.access,
      profile(uniqueEmail('moved'), { currentPassword: user.password }),
    );
    expect(rightOne.statusCode, 'even the right password waits').toBe(429);
    const password = await t.app.inject({
      method: 'PUT',
      url: '/api/editPassword',
      headers: bearer(user.access),
      payload: { oldPassword: user.password, newPassword: 'Another789' },
    });
    expect(password.statusCode).toBe(429);
    // Other fields still change: they ask for no password.
    expect((await updateUser(user.access, profile(user.email, { firstName: 'Leila' }))).statusCode).toBe(200);
  });

  it('changes the other fields without the password when the address stays', async () => {
    const user = await confirmedUser();
    const response = await updateUser(
      user.access,
      profile(user.email.toUpperCase(), { firstName: 'Yasmine' }),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      emailChangeRequested: false,
      user: { firstName: 'Yasmine', email: user.email },
    });
  });

  it('takes effect only when the link mailed to the new address is followed: then every session ends and the old address is told', async () => {
    const user = await confirmedUser();
    const newEmail = uniqueEmail('moved');
    const response = await updateUser(
      user.access,
      profile(newEmail, { firstName: 'Yasmine', currentPassword: user.password }),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      emailChangeRequested: true,
      user: { firstName: 'Yasmine', email: user.email, emailConfirmed: true, pendingEmail: newEmail },
    });

    // Nothing changed yet: the old address still logs in, the sessions go on.
    await login(t.app, user.email, user.password);
    const early = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: newEmail, password: user.password },
    });
    expect(early.statusCode).toBe(401);
    const [toNew] = await mailsTo(newEmail);
    expect(toNew!.subject).toBe('Confirm your new e-mail address');
    const notice = await mailWith(user.email, 'A change of your e-mail address was asked for');
    expect(notice.body).toContain(newEmail);
    expect(notice.body).toMatch(reportLink);

    // A reset link asked for meanwhile (at the old address) must not outlive the change.
    await t.app.inject({ method: 'POST', url: '/api/password/reset', payload: { email: user.email } });

    const done = await follow(confirmLink.exec(toNew!.body)![1]!);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ outcome: 'changed', email: newEmail });

    expect((await refresh(user.refresh)).statusCode).toBe(401);
    const old = await t.app.inject({ method: 'GET', url: '/api/user', headers: bearer(user.access) });
    expect(old.statusCode, 'the access token ended with its session').toBe(401);
    const [reset] = await t.database.db
      .select()
      .from(passwordResets)
      .where(eq(passwordResets.userId, user.user.id));
    expect(reset, 'the pending reset link is cancelled').toBeUndefined();

    const session = await login(t.app, newEmail, user.password);
    expect(await me(session.access)).toMatchObject({
      email: newEmail,
      emailConfirmed: true,
      pendingEmail: null,
    });
    const refusedOld = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: user.email, password: user.password },
    });
    expect(refusedOld.statusCode).toBe(401);
    const doneNotice = await mailWith(user.email, 'Your e-mail address was changed');
    expect(doneNotice.body).toContain(newEmail);
    expect(doneNotice.body).toMatch(reportLink);
  });

  it('refuses at request time, and again when the link is followed, an address another account uses', async () => {
    const other = await registerUser(t.app);
    const user = await confirmedUser();
    const taken = await updateUser(user.access, profile(other.email, { currentPassword: user.password }));
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error).toMatchObject({ code: 'email_taken', fields: { email: expect.any(String) } });

    const newEmail = await requestChange(user);
    const token = await linkIn(newEmail, confirmLink);
    // Someone registers the address before the link is followed.
    await registerUser(t.app, { email: newEmail });
    const race = await follow(token);
    expect(race.statusCode).toBe(409);
    expect(race.json().error.code).toBe('email_taken');
    const [row] = await t.database.db.select().from(users).where(eq(users.id, user.user.id));
    expect(row!.email).toBe(user.email);
  });

  it('applies a link only to its own change: a newer request or another account’s change never takes it', async () => {
    const user = await confirmedUser();
    const first = await requestChange(user);
    const firstToken = await linkIn(first, confirmLink);
    const second = await requestChange(user);
    const secondToken = await linkIn(second, confirmLink);
    expect((await me(user.access)).pendingEmail).toBe(second);

    expect((await follow(firstToken)).statusCode, 'the first request was replaced').toBe(400);
    const other = await confirmedUser();
    const othersNew = await requestChange(other);
    expect((await follow(secondToken)).json()).toEqual({ outcome: 'changed', email: second });
    const [otherRow] = await t.database.db.select().from(users).where(eq(users.id, other.user.id));
    expect(otherRow!.email, 'another account is untouched').toBe(other.email);
    expect((await me(other.access)).pendingEmail).toBe(othersNew);
  });

  it('refuses an expired change link and a used one, leaving the address as it is', async () => {
    const user = await confirmedUser();
    const newEmail = await requestChange(user);
    const token = await linkIn(newEmail, confirmLink);
    // A day later: the link and the change it carries have expired.
    await t.database.db
      .update(emailTokens)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(emailTokens.email, newEmail));
    await t.database.db
      .update(emailChanges)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(emailChanges.newEmail, newEmail));
    expect((await follow(token)).json().error.code).toBe('invalid_email_token');
    expect(await me(user.access)).toMatchObject({ email: user.email, pendingEmail: null });

    const again = await requestChange(user);
    const fresh = await linkIn(again, confirmLink);
    expect((await follow(fresh)).statusCode).toBe(200);
    expect((await follow(fresh)).statusCode).toBe(400);
  });

  it('lets the user withdraw a pending change, whose link then stops working', async () => {
    const user = await confirmedUser();
    const newEmail = await requestChange(user);
    const token = await linkIn(newEmail, confirmLink);
    const cancelled = await t.app.inject({
      method: 'DELETE',
      url: '/api/email/change',
      headers: bearer(user.access),
    });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({ email: user.email, pendingEmail: null });
    expect((await follow(token)).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'DELETE', url: '/api/email/change' })).statusCode).toBe(401);
  });

  it('sends no report link to an unconfirmed address (it may not be the owner’s); the new one is confirmed by its link', async () => {
    const { email, password } = await registerUser(t.app);
    const { access } = await login(t.app, email, password);
    const before = (await mailsTo(email)).length;
    const newEmail = await requestChange({ access, password });
    expect(await mailsTo(email)).toHaveLength(before);
    expect((await follow(await linkIn(newEmail, confirmLink))).json().outcome).toBe('changed');
    const session = await login(t.app, newEmail, password);
    expect(await me(session.access)).toMatchObject({ email: newEmail, emailConfirmed: true });
    expect(await mailsTo(email)).toHaveLength(before);
  });
});

describe('reporting an e-mail change from the old address', () => {
  it('cancels a pending change, ends every session, cancels reset links, and works once', async () => {
    const user = await confirmedUser('fr');
    const newEmail = await requestChange(user);
    const changeToken = await linkIn(newEmail, confirmLink);
    const notice = await mailWith(user.email, 'Demande de changement de votre adresse e-mail');
    const token = reportLink.exec(notice.body)![1]!;
    await t.app.inject({ method: 'POST', url: '/api/password/reset', payload: { email: user.email } });

    const reported = await report(token);
    expect(reported.statusCode).toBe(200);
    expect(reported.json()).toEqual({ outcome: 'cancelled', email: user.email });
    expect((await follow(changeToken)).statusCode, 'the new address’s link is void').toBe(400);
    expect((await refresh(user.refresh)).statusCode).toBe(401);
    const [reset] = await t.database.db
      .select()
      .from(passwordResets)
      .where(eq(passwordResets.userId, user.user.id));
    expect(reset).toBeUndefined();
    const session = await login(t.app, user.email, user.password);
    expect(await me(session.access)).toMatchObject({ email: user.email, pendingEmail: null });

    const again = await report(token);
    expect(again.statusCode).toBe(400);
    expect(again.json().error.code).toBe('invalid_email_token');
  });

  it('puts the old address back after the change took effect, and ends the sessions opened with the new one', async () => {
    const user = await confirmedUser();
    const newEmail = await requestChange(user);
    await follow(await linkIn(newEmail, confirmLink));
    const intruder = await login(t.app, newEmail, user.password);
    const token = await linkIn(user.email, reportLink);

    const reported = await report(token);
    expect(reported.json()).toEqual({ outcome: 'restored', email: user.email });
    expect((await refresh(intruder.refresh)).statusCode).toBe(401);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: newEmail, password: user.password },
    });
    expect(refused.statusCode).toBe(401);
    const session = await login(t.app, user.email, user.password);
    expect(await me(session.access)).toMatchObject({ email: user.email, emailConfirmed: true });
  });

  it('keeps the current address when another account took the old one meanwhile, and still ends the sessions', async () => {
    const user = await confirmedUser();
    const newEmail = await requestChange(user);
    await follow(await linkIn(newEmail, confirmLink));
    const token = await linkIn(user.email, reportLink);
    const session = await login(t.app, newEmail, user.password);
    await registerUser(t.app, { email: user.email });

    expect((await report(token)).json()).toEqual({ outcome: 'kept', email: newEmail });
    expect((await refresh(session.refresh)).statusCode).toBe(401);
  });

  it('refuses an expired report link', async () => {
    const user = await confirmedUser();
    await requestChange(user);
    const token = await linkIn(user.email, reportLink);
    await t.database.db
      .update(emailTokens)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(emailTokens.email, user.email));
    expect((await report(token)).json().error.code).toBe('invalid_email_token');
    expect((await refresh(user.refresh)).statusCode).toBe(200);
  });
});
