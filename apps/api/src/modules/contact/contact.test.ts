import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  bearer,
  confirmEmail,
  login,
  outboxMails,
  readMails,
  registerUser,
  useApp,
} from '../../../test/helper.ts';
import { mailOutbox } from '../../db/schema.ts';
import { contactMessages } from './contact.tables.ts';

const valid = {
  name: 'Inès Karoui',
  email: 'ines.karoui@example.test',
  subject: 'Commande de livres pour une classe',
  message: 'Bonjour, je souhaite commander trente exemplaires pour mes étudiants.\nMerci !',
};

describe('POST /api/contact', () => {
  const t = useApp({ env: { CONTACT_TO: 'team@hls.test', RATE_LIMIT_CONTACT_MAX: '4' } });
  const count = async () =>
    (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(contactMessages))[0]!.n;
  const post = (payload: unknown, ip = '10.0.0.1', lng = 'fr') =>
    t.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: payload as object,
      remoteAddress: ip,
      headers: { 'accept-language': lng },
    });

  const contactMails = async () => outboxMails(t.database.db, sql`${mailOutbox.template} like 'contact_%'`);

  it('stores a guest’s message and queues it to the team, and writes nothing to the address a guest typed', async () => {
    const before = (await contactMails()).length;
    const response = await post({ ...valid, email: 'Sender@Example.test' }, '10.0.0.2', 'en-GB,en;q=0.8');
    expect(response.statusCode).toBe(201);
    const { id } = response.json<{ id: string }>();
    const [row] = await t.database.db.select().from(contactMessages).where(eq(contactMessages.id, id));
    expect(row).toMatchObject({ name: valid.name, subject: valid.subject, language: 'en' });
    const mails = (await contactMails()).slice(before);
    expect(mails.map((m) => m.template)).toEqual(['contact_team']);
    const team = mails[0]!;
    expect(team.to).toBe('team@hls.test');
    expect(team.subject).toBe(`[Contact] ${valid.subject}`);
    expect(team.text).toContain('> Bonjour, je souhaite commander trente exemplaires');
    expect(team.text).toContain(id);

    await t.app.mail.sender.runOnce();
    const sent = readMails(t.mailDir);
    expect(sent.find((m) => m.to.includes('team@hls.test'))?.subject).toBe(`[Contact] ${valid.subject}`);
    expect(sent.some((m) => m.to.toLowerCase().includes('sender@example.test'))).toBe(false);
  });

  it('acknowledges only to the confirmed address of the signed-in sender, quoting nothing of the message', async () => {
    const sender = await registerUser(t.app, { firstName: 'Inès', lastName: 'Karoui' });
    const { access } = await login(t.app, sender.email, sender.password);
    const send = (email: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/contact',
        payload: { ...valid, email, message: `${valid.message} https://phishing.example.test/win` },
        remoteAddress: '10.0.0.3',
        headers: { 'accept-language': 'fr', ...bearer(access) },
      });

    // Not confirmed yet: nothing to the address.
    let before = (await contactMails()).length;
    expect((await send(sender.email)).statusCode).toBe(201);
    expect((await contactMails()).slice(before).map((m) => m.template)).toEqual(['contact_team']);

    // Confirmed, but another address typed in the form: nothing to it either.
    await confirmEmail(t.app, sender.email);
    before = (await contactMails()).length;
    expect((await send('victim@example.test')).statusCode).toBe(201);
    expect((await contactMails()).slice(before).map((m) => m.template)).toEqual(['contact_team']);

    before = (await contactMails()).length;
    const response = await send(sender.email.toUpperCase());
    expect(response.statusCode).toBe(201);
    const { id } = response.json<{ id: string }>();
    const ack = (await contactMails()).slice(before).find((m) => m.template === 'contact_ack')!;
    expect(ack.to.toLowerCase()).toBe(sender.email.toLowerCase());
    expect(ack.language).toBe('fr');
    expect(ack.subject).toBe('Nous avons bien reçu votre message');
    expect(ack.text).toContain(id);
    for (const stranger of [valid.name, valid.subject, 'trente exemplaires', 'phishing.example.test']) {
      expect(ack.text).not.toContain(stranger);
      expect(ack.html).not.toContain(stranger);
    }

    // A stale token is a guest's: the team still gets the message.
    before = (await contactMails()).length;
    const stale = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: valid,
      remoteAddress: '10.0.0.4',
      headers: { authorization: 'Bearer not-a-token' },
    });
    expect(stale.statusCode).toBe(201);
    expect((await contactMails()).slice(before).map((m) => m.template)).toEqual(['contact_team']);
  });

  it.each([
    [{ ...valid, name: '' }, 'name'],
    [{ ...valid, email: 'not-an-email' }, 'email'],
    [{ ...valid, subject: '   ' }, 'subject'],
    [{ ...valid, message: 'Too short' }, 'message'],
    [{ ...valid, message: 'x'.repeat(5001) }, 'message'],
    [{ name: valid.name }, 'email'],
  ])('refuses bad input with 400 and its field, storing nothing (%#)', async (payload, field) => {
    const before = await count();
    const response = await post(payload, `10.0.1.${field.length}`);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toHaveProperty(field);
    expect(await count()).toBe(before);
  });

  it('limits the number of messages per client', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i += 1) statuses.push((await post(valid, '10.0.9.9')).statusCode);
    expect(statuses).toEqual([201, 201, 201, 201, 429]);
  });
});
