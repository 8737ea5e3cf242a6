// @module-tag postgres — a scheduled job on pg-boss.
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { uniqueEmail, useApp } from '../../../test/helper.ts';
import { mailOutbox } from './mail.tables.ts';
import { messageOf, outboxRow } from './mail-outbox.ts';
import { REDACT_SENT_JOB } from './mail-retention.ts';

describe('sent mail retention', () => {
  const t = useApp({ env: { MAIL_SENT_RETENTION: '3d' } });
  const link = 'http://shop.test/password/reset/confirm/c2VjcmV0LXJlc2V0LXRva2Vu';

  /** A password reset message to a new address, in `status`, sent (or last tried) `hoursAgo`. */
  async function message(status: 'pending' | 'sent' | 'failed', hoursAgo: number) {
    const to = uniqueEmail(status);
    const queued = outboxRow({
      to,
      language: 'en',
      template: 'password_reset',
      data: { firstName: 'Ali', link, validMinutes: 60 },
    });
    await t.database.db.insert(mailOutbox).values(queued);
    const at = sql`now() - ${`${hoursAgo} hours`}::interval`;
    // A message sent keeps the subject the sender rendered.
    const sent = {
      sentAt: at,
      subject: messageOf({ subject: null, text: null, html: null, data: null, ...queued }).subject,
    };
    await t.database.db
      .update(mailOutbox)
      .set({ status, createdAt: at, updatedAt: at, ...(status === 'sent' ? sent : {}) })
      .where(eq(mailOutbox.to, to));
    return to;
  }
  const row = async (to: string) =>
    (await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, to)))[0]!;

  it('empties the bodies of messages sent before the retention through its hourly job, and nothing else', async () => {
    const old = await message('sent', 4 * 24);
    const recent = await message('sent', 2 * 24);
    const pending = await message('pending', 10 * 24);
    const failed = await message('failed', 10 * 24);
    const before = await Promise.all([recent, pending, failed].map(row));
    const schedules = await t.database.db.execute<{ name: string }>(
      sql`select name from pgboss.schedule where name = ${REDACT_SENT_JOB}`,
    );
    expect(schedules.rows).toHaveLength(1);

    await t.app.jobs.send(REDACT_SENT_JOB, {});
    await t.app.jobs.settle();

    const redacted = await row(old);
    expect(JSON.stringify(redacted)).not.toContain('/password/reset/confirm/');
    expect(redacted).toMatchObject({
      to: old,
      template: 'password_reset',
      language: 'en',
      subject: expect.stringMatching(/password/i),
      status: 'sent',
      text: null,
      html: null,
      data: null,
    });
    expect(redacted.sentAt).toBeInstanceOf(Date);
    const after = await Promise.all([recent, pending, failed].map(row));
    expect(after).toEqual(before);
    for (const kept of after) expect(JSON.stringify(kept.data)).toContain(link);
  });
});
