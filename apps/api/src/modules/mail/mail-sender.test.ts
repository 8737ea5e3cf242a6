import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { build, readMails, registerUser, uniqueEmail, useApp } from '../../../test/helper.ts';
import { startMailServer, type MailServer, type ReceivedMail } from '../../../test/smtp-server.ts';
import { extractPdfText } from '../../lib/pdf/pdf-text.ts';
import { mailOutbox } from './mail.tables.ts';
import { orderConfirmationData } from './mail-fixtures.ts';
import { outboxRow } from './mail-outbox.ts';
import { createMailSender, retryDelayMs } from './mail-sender.ts';
import { createSmtpTransport, type MailMessage, type MailTransport } from './mail-transport.ts';

const silent = { info() {}, warn() {}, error() {} };

/** A transport that fails a given number of times, then delivers to memory. */
function flakyTransport(failures: number): MailTransport & { sent: MailMessage[]; calls: number } {
  const transport = {
    sent: [] as MailMessage[],
    calls: 0,
    async send(message: MailMessage) {
      transport.calls += 1;
      if (transport.calls <= failures) throw new Error(`connection refused (${transport.calls})`);
      transport.sent.push(message);
      return 'memory';
    },
    close() {},
  };
  return transport;
}

/** The bytes of the attachment `filename` of a raw MIME message (base64 part). */
function attachment(raw: string, filename: string): { contentType: string; bytes: Buffer } | undefined {
  const parts = raw.split(/\r?\n--[^\r\n]+\r?\n/);
  for (const part of parts) {
    const [head, ...body] = part.split(/\r?\n\r?\n/);
    if (!head || !new RegExp(`filename="?${filename.replace(/\./g, '\\.')}`).test(head)) continue;
    const contentType = /^Content-Type: ([^;\r\n]+)/im.exec(head)?.[1] ?? '';
    const base64 = body
      .join('\n')
      .split(/\r?\n--/)[0]!
      .replace(/\s+/g, '');
    return { contentType, bytes: Buffer.from(base64, 'base64') };
  }
  return undefined;
}

describe('mail sender', () => {
  const t = useApp();

  const queue = async (to: string) =>
    t.database.db.insert(mailOutbox).values(
      outboxRow({
        to,
        language: 'en',
        template: 'password_changed',
        data: { firstName: 'Ali', resetUrl: 'http://x' },
      }),
    );
  const row = async (to: string) =>
    (await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, to)))[0]!;
  const makeDue = (to: string) =>
    t.database.db
      .update(mailOutbox)
      .set({ nextAttemptAt: new Date(Date.now() - 1000) })
      .where(eq(mailOutbox.to, to));

  it('doubles the delay after each failure, up to a cap', () => {
    expect([1, 2, 3, 4].map((n) => retryDelayMs(n, 1000, 5000))).toEqual([1000, 2000, 4000, 5000]);
  });

  it(
    'retries a failing transport with backoff, then marks the message sent',
    { tags: ['postgres'] },
    async () => {
      const to = uniqueEmail('retry');
      await queue(to);
      const transport = flakyTransport(2);
      const sender = createMailSender({
        db: t.database.db,
        transport,
        from: 'HLS <a@b.c>',
        logger: silent,
        maxAttempts: 5,
        baseDelayMs: 60_000,
      });

      await sender.runOnce();
      let current = await row(to);
      expect(current).toMatchObject({ status: 'pending', attempts: 1, lastError: 'connection refused (1)' });
      const delay = current.nextAttemptAt.getTime() - Date.now();
      expect(delay).toBeGreaterThan(50_000);
      expect(delay).toBeLessThanOrEqual(60_000);

      await sender.runOnce();
      expect(transport.calls, 'not due yet: no new attempt').toBe(1);

      await makeDue(to);
      await sender.runOnce();
      current = await row(to);
      expect(current.attempts).toBe(2);
      expect(current.nextAttemptAt.getTime() - Date.now()).toBeGreaterThan(110_000);

      await makeDue(to);
      await sender.runOnce();
      current = await row(to);
      expect(current).toMatchObject({ status: 'sent', attempts: 3, lastError: null });
      expect(current.sentAt).toBeInstanceOf(Date);
      expect(transport.sent.map((m) => m.to)).toEqual([to]);
    },
  );

  it('sends a message the server accepted once, even when marking it sent fails, and every attempt carries the row’s Message-ID', async () => {
    const to = uniqueEmail('handover');
    await queue(to);
    const { id } = await row(to);
    // The database goes away between the server's "250 OK" and the row's update (one statement fails).
    let failMarking = true;
    const db = new Proxy(t.database.db, {
      get(target, key, receiver) {
        if (key !== 'execute') return Reflect.get(target, key, receiver) as unknown;
        return (query: Parameters<typeof target.execute>[0]) => {
          const text = JSON.stringify(query);
          if (failMarking && text.includes("status = 'sent'")) {
            failMarking = false;
            return Promise.reject(new Error('Connection terminated unexpectedly'));
          }
          return target.execute(query);
        };
      },
    });
    const transport = flakyTransport(0);
    const sender = createMailSender({
      db,
      transport,
      from: 'HLS <shop@hls.test>',
      logger: silent,
      maxAttempts: 5,
    });

    await expect(sender.runOnce()).rejects.toThrow('Connection terminated');
    expect(transport.sent).toHaveLength(1);
    expect(transport.sent[0]!.messageId).toBe(`<${id}@hls.test>`);
    expect((await row(to)).status, 'not marked yet').toBe('pending');

    // The next run marks it before claiming anything: even due again, it does not go twice.
    await makeDue(to);
    await sender.runOnce();
    expect(await row(to)).toMatchObject({ status: 'sent', lastError: null });
    expect(transport.sent).toHaveLength(1);

    // Another process retrying a message (its lease ran out) sends the same Message-ID.
    const other = uniqueEmail('lease');
    await queue(other);
    const attempts: (string | undefined)[] = [];
    const retried: MailTransport = {
      async send(message) {
        attempts.push(message.messageId);
        if (attempts.length === 1) throw new Error('451 try again later');
        return 'memory';
      },
      close() {},
    };
    const second = createMailSender({
      db: t.database.db,
      transport: retried,
      from: 'shop@hls.test',
      logger: silent,
      maxAttempts: 5,
    });
    await second.runOnce();
    await makeDue(other);
    await second.runOnce();
    const messageId = `<${(await row(other)).id}@hls.test>`;
    expect(attempts).toEqual([messageId, messageId]);
    expect((await row(other)).status).toBe('sent');
  });

  it('attaches the PDF receipt to an order confirmation when it sends it, in the .eml file too', async () => {
    const to = uniqueEmail('receipt');
    await t.database.db.insert(mailOutbox).values(
      outboxRow({
        to,
        language: 'en',
        template: 'order_confirmation',
        data: orderConfirmationData({ firstName: 'Zoë' }),
      }),
    );
    const stored = await row(to);
    expect(stored.data, 'the data is kept for the sender').toMatchObject({ orderNumber: 'HLS-2026-000042' });
    await t.app.mail.sender.runOnce();
    const mail = readMails(t.mailDir).find((m) => m.to === to)!;
    expect(mail.subject).toBe('Your order HLS-2026-000042 is confirmed');
    const pdf = attachment(mail.raw, 'receipt-HLS-2026-000042.pdf');
    expect(pdf?.contentType).toBe('application/pdf');
    const text = (await extractPdfText(pdf!.bytes)).join('\n');
    expect(text).toContain('Receipt');
    expect(text).toContain('HLS-2026-000042');
    expect(text).toContain(`Zoë Łukasz <${to}>`);
  });

  it('renders a message when it sends it and keeps its subject; one rendered when queued goes as it was', async () => {
    const to = uniqueEmail('rendered');
    await queue(to);
    expect(await row(to)).toMatchObject({ subject: null, text: null, html: null });
    const earlier = uniqueEmail('earlier');
    await t.database.db.insert(mailOutbox).values({
      to: earlier,
      language: 'en',
      template: 'password_changed',
      subject: 'Rendered before',
      text: 'The text stored',
      html: '<p>The HTML stored</p>',
    });
    await t.app.mail.sender.runOnce();
    const sent = readMails(t.mailDir);
    const mail = sent.find((m) => m.to === to)!;
    expect(mail.subject).toBe('Your password was changed');
    expect(mail.body).toContain('http://x');
    expect(await row(to)).toMatchObject({ status: 'sent', subject: 'Your password was changed' });
    expect(sent.find((m) => m.to === earlier)).toMatchObject({ subject: 'Rendered before' });
    expect(sent.find((m) => m.to === earlier)!.body).toContain('The text stored');
  });

  it('gives up after the maximum number of attempts', async () => {
    const to = uniqueEmail('dead');
    await queue(to);
    const transport = flakyTransport(Infinity);
    const sender = createMailSender({
      db: t.database.db,
      transport,
      from: 'a@b.c',
      logger: silent,
      maxAttempts: 2,
      baseDelayMs: 1,
    });
    await sender.runOnce();
    await makeDue(to);
    await sender.runOnce();
    await makeDue(to);
    await sender.runOnce();
    expect(await row(to)).toMatchObject({ status: 'failed', attempts: 2 });
    expect(transport.calls).toBe(2);
  });

  it('survives a database failure without crashing and keeps running', { tags: ['postgres'] }, async () => {
    const broken = await build();
    try {
      const logged: unknown[] = [];
      const sender = createMailSender({
        db: broken.database.db,
        transport: flakyTransport(0),
        from: 'a@b.c',
        logger: { ...silent, error: (entry: unknown) => logged.push(entry) },
        maxAttempts: 3,
        pollIntervalMs: 10,
      });
      await broken.database.pool.end();
      sender.start();
      await vi.waitFor(() => expect(logged.length).toBeGreaterThan(1), { timeout: 5000, interval: 10 });
      await sender.stop();
    } finally {
      await broken.close().catch(() => {});
    }
  });
});

describe('mail queue', () => {
  const t = useApp();

  it('writes the messages a transaction queued, however many, with its commit and never without it', async () => {
    for (const count of [1, 3, 6]) {
      const tag = uniqueEmail(`batch-${count}`);
      const to = Array.from({ length: count }, (_, i) => `${i}-${tag}`);
      const data = (i: number) => ({ firstName: `Ali ${i}`, resetUrl: `http://x/${i}` });
      await t.app.transaction(async (ctx) => {
        for (const [i, address] of to.entries())
          await t.app.mail.queue(ctx, {
            to: address,
            language: i % 2 ? 'fr' : 'en',
            template: 'password_changed',
            data: data(i),
          });
      });
      const rows = await t.database.db.select().from(mailOutbox).where(inArray(mailOutbox.to, to));
      expect(rows.sort((a, b) => a.to.localeCompare(b.to))).toMatchObject(
        to.map((address, i) => ({
          to: address,
          language: i % 2 ? 'fr' : 'en',
          template: 'password_changed',
          data: data(i),
        })),
      );
    }
    const tag = uniqueEmail('batch-rolled-back');
    await expect(
      t.app.transaction(async (ctx) => {
        await t.app.mail.queue(ctx, {
          to: tag,
          language: 'en',
          template: 'password_changed',
          data: { firstName: 'A', resetUrl: 'http://x' },
        });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, tag))).toEqual([]);
  });
});

describe('mail sender loop in the app', () => {
  it('delivers a registration mail right after the request, as an .eml file', async () => {
    const t = await build({ runMailSender: true });
    try {
      const { email } = await registerUser(t.app, { language: 'fr' });
      // The poll interval is 5 s: a delivery well before that proves the enqueue woke the loop.
      const mails = await vi.waitFor(
        () => {
          const found = readMails(t.mailDir);
          expect(found).toHaveLength(1);
          return found;
        },
        { timeout: 3000, interval: 20 },
      );
      expect(mails[0]).toMatchObject({ to: email, subject: 'Bienvenue sur HLS' });
      expect(mails[0]!.raw).toContain('Content-Type: multipart/alternative');
      expect(mails[0]!.raw).toMatch(/^From: HLS <no-reply@hls\.test>$/m);
    } finally {
      await t.close();
    }
  });
});

describe('SMTP transport', () => {
  let smtp: MailServer;
  let received: ReceivedMail[] = [];

  beforeAll(async () => {
    smtp = await startMailServer();
    received = smtp.received;
  });
  afterAll(() => smtp.close());

  it('delivers a reset mail through a real SMTP server when SMTP_URL is set', async () => {
    const t = await build({
      env: { SMTP_URL: smtp.url, MAIL_FROM: 'HLS <shop@hls.test>' },
    });
    try {
      const { email } = await registerUser(t.app, { language: 'en' });
      await t.app.inject({ method: 'POST', url: '/api/password/reset', payload: { email } });
      await t.app.mail.sender.runOnce();
      const toUser = received.filter((m) => m.to.includes(email));
      expect(toUser).toHaveLength(2);
      expect(toUser.every((m) => m.from === 'shop@hls.test')).toBe(true);
      expect(toUser.map((m) => /^Subject: (.*)$/m.exec(m.data)?.[1]).sort()).toEqual([
        'Reset your password',
        'Welcome to HLS',
      ]);
      expect(readMails(t.mailDir)).toHaveLength(0);
    } finally {
      await t.close();
    }
  });

  it('carries the PDF receipt of an order confirmation through a real SMTP exchange', async () => {
    const t = await build({ env: { SMTP_URL: smtp.url } });
    try {
      const to = uniqueEmail('smtp-receipt');
      const data = orderConfirmationData();
      await t.app.transaction((ctx) =>
        t.app.mail.queue(ctx, { to, language: 'fr', template: 'order_confirmation', data }),
      );
      await t.app.mail.sender.runOnce();
      const message = received.find((m) => m.to.includes(to))!;
      expect(message.data).toContain('Content-Type: multipart/mixed');
      const pdf = attachment(message.data, 'receipt-HLS-2026-000042.pdf')!;
      expect(pdf.contentType).toBe('application/pdf');
      expect(pdf.bytes.subarray(0, 5).toString()).toBe('%PDF-');
      const text = (await extractPdfText(pdf.bytes)).join('\n');
      expect(text).toContain('Reçu');
      expect(text).toContain(data.consent!.immediateDelivery);
      expect(text).toContain(data.consent!.withdrawalWaiver);
      expect(text).toMatch(/dont TVA/);
    } finally {
      await t.close();
    }
  });

  it('reports an unreachable server as an error the sender retries', async () => {
    const transport = createSmtpTransport('smtp://127.0.0.1:1');
    await expect(
      transport.send({ from: 'a@b.c', to: 'd@e.f', subject: 's', text: 't', html: 'h' }),
    ).rejects.toThrow();
    transport.close();
  });
});
