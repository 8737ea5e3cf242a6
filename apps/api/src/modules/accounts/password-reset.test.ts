import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { login, readMails, registerUser, uniqueEmail, useApp } from '../../../test/helper.ts';
import { passwordResets } from './accounts.tables.ts';

const t = useApp();

const resetLink = /http:\/\/shop\.test\/password\/reset\/confirm\/([\w-]{43})/;
const resetMail = (email: string) =>
  readMails(t.mailDir).find((m) => m.to === email && resetLink.test(m.body))!;

async function requestResetLink(email: string): Promise<string> {
  const response = await t.app.inject({ method: 'POST', url: '/api/password/reset', payload: { email } });
  expect(response.statusCode).toBe(200);
  await t.app.mail.sender.runOnce();
  const links = readMails(t.mailDir)
    .filter((m) => m.to === email)
    .map((m) => resetLink.exec(m.body)?.[1])
    .filter((token) => token !== undefined);
  expect(links, 'one reset mail holds the link').toHaveLength(1);
  return links[0]!;
}

describe('password reset', () => {
  it('mails a one-time link; the token sets a new password, closes sessions and cannot be reused', async () => {
    const { email, password } = await registerUser(t.app, { language: 'en' });
    const session = await login(t.app, email, password);
    const token = await requestResetLink(email);
    expect(resetMail(email).subject).toBe('Reset your password');

    const confirm = await t.app.inject({
      method: 'POST',
      url: '/api/password/confirm',
      payload: { token, password: 'BrandNew789' },
    });
    expect(confirm.statusCode).toBe(200);
    await login(t.app, email, 'BrandNew789');
    const oldLogin = await t.app.inject({ method: 'POST', url: '/api/login', payload: { email, password } });
    expect(oldLogin.statusCode).toBe(401);
    const oldSession = await t.app.inject({
      method: 'POST',
      url: '/api/token/refresh',
      payload: { refresh: session.refresh },
    });
    expect(oldSession.statusCode).toBe(401);

    const reuse = await t.app.inject({
      method: 'POST',
      url: '/api/password/confirm',
      payload: { token, password: 'Another789' },
    });
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json().error.code).toBe('invalid_reset_token');
  });

  it('writes the mail in the language stored on the account', async () => {
    const { email } = await registerUser(t.app, { language: 'fr' });
    await requestResetLink(email);
    const mail = resetMail(email);
    expect(mail.subject).toBe('Réinitialisation de votre mot de passe');
    expect(mail.body).toContain('Choisir un nouveau mot de passe');
  });

  it('stores only a hash of the token', async () => {
    const { email, user } = await registerUser(t.app);
    const token = await requestResetLink(email);
    const [row] = await t.database.db.select().from(passwordResets).where(eq(passwordResets.userId, user.id));
    expect(row!.tokenHash).not.toContain(token);
  });

  it('refuses an expired token with 400', async () => {
    const { email, password, user } = await registerUser(t.app);
    const token = await requestResetLink(email);
    await t.database.db
      .update(passwordResets)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(passwordResets.userId, user.id));
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/password/confirm',
      payload: { token, password: 'BrandNew789' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('invalid_reset_token');
    await login(t.app, email, password);
  });

  it('answers an address no account uses exactly as a known one, and mails it a note saying so', async () => {
    const known = (await registerUser(t.app, { language: 'fr' })).email;
    const unknown = uniqueEmail('ghost');
    const ask = (email: string, language: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/password/reset',
        headers: { 'accept-language': language },
        payload: { email },
      });
    const [forKnown, forUnknown] = [await ask(known, 'en'), await ask(unknown, 'en')];
    expect(forUnknown.statusCode).toBe(forKnown.statusCode);
    expect(forUnknown.statusCode).toBe(200);
    expect(forUnknown.body).toBe(forKnown.body);
    expect(forUnknown.headers['content-length']).toBe(forKnown.headers['content-length']);

    await t.app.mail.sender.runOnce();
    const note = readMails(t.mailDir).find((m) => m.to === unknown)!;
    expect(note.subject).toBe('Password reset request');
    expect(note.body).toContain(`for the address ${unknown}, but no account uses it`);
    expect(note.body).toContain('http://shop.test/login-register');
    expect(note.body).not.toMatch(resetLink);

    const french = uniqueEmail('fantome');
    await ask(french, 'fr-FR,fr;q=0.9');
    await t.app.mail.sender.runOnce();
    const frenchNote = readMails(t.mailDir).find((m) => m.to === french)!;
    expect(frenchNote.subject).toBe('Demande de réinitialisation de mot de passe');
    expect(frenchNote.body).toContain('mais aucun compte ne l’utilise');
  });

  it('refuses a weak new password or a missing token with 400 and keeps the token usable', async () => {
    const { email } = await registerUser(t.app);
    const token = await requestResetLink(email);
    const weak = await t.app.inject({
      method: 'POST',
      url: '/api/password/confirm',
      payload: { token, password: 'weak' },
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().error.fields.password).toBeDefined();
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/password/confirm',
      headers: { 'accept-language': 'en' },
      payload: { password: 'BrandNew789' },
    });
    expect(missing.json().error.fields).toEqual({ token: 'The reset link is incomplete.' });
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/password/confirm',
      payload: { token, password: 'BrandNew789' },
    });
    expect(ok.statusCode).toBe(200);
  });
});
