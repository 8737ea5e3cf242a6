import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { readMails, useApp } from '../../../test/helper.ts';
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

  it('stores the message and queues a mail to the team and an acknowledgement in the sender’s language', async () => {
    const response = await post({ ...valid, email: 'Sender@Example.test' }, '10.0.0.2', 'en-GB,en;q=0.8');
    expect(response.statusCode).toBe(201);
    const { id } = response.json<{ id: string }>();
    const [row] = await t.database.db.select().from(contactMessages).where(eq(contactMessages.id, id));
    expect(row).toMatchObject({ name: valid.name, subject: valid.subject, language: 'en' });
    const mails = await t.database.db
      .select()
      .from(mailOutbox)
      .where(sql`${mailOutbox.template} like 'contact_%'`);
    const team = mails.find((m) => m.template === 'contact_team')!;
    const ack = mails.find((m) => m.template === 'contact_ack')!;
    expect(team.to).toBe('team@hls.test');
    expect(team.subject).toBe(`[Contact] ${valid.subject}`);
    expect(team.text).toContain('> Bonjour, je souhaite commander trente exemplaires');
    expect(team.text).toContain(id);
    expect(ack.to.toLowerCase()).toBe('sender@example.test');
    expect(ack.language).toBe('en');
    expect(ack.subject).toBe('We have received your message');
    expect(ack.html).toContain('Inès Karoui');

    await t.app.mail.sender.runOnce();
    const sent = readMails(t.mailDir);
    expect(sent.find((m) => m.to.includes('team@hls.test'))?.subject).toBe(`[Contact] ${valid.subject}`);
    expect(sent.find((m) => m.to.toLowerCase().includes('sender@example.test'))?.body).toContain(
      'Thank you for your message',
    );
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
