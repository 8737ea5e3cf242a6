import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.ts';
import type { Language } from '@hls/contract';
import { renderAttachments } from './mail-attachments.ts';
import { messageOf } from './mail-outbox.ts';
import type { MailTransport } from './mail-transport.ts';

export type MailSenderOptions = {
  db: Db;
  transport: MailTransport;
  from: string;
  logger: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  maxAttempts: number;
  /** Delay before the second attempt; doubles at each failure, capped by `maxDelayMs`. */
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** How often the loop looks for due messages when nothing wakes it. */
  pollIntervalMs?: number;
  /** A claimed message is retried after this long if the process died while sending it. */
  leaseMs?: number;
  batchSize?: number;
};

export type MailSender = {
  /** Sends every due message once; resolves with how many were attempted. */
  runOnce(): Promise<number>;
  start(): void;
  /** Asks the loop to look at the outbox now (called after an enqueue commits). */
  wake(): void;
  stop(): Promise<void>;
};

type ClaimedRow = {
  id: string;
  to: string;
  language: Language;
  template: string;
  subject: string | null;
  text: string | null;
  html: string | null;
  data: unknown;
  attempts: number;
};

/** The Message-ID of an outbox row: one per row, whatever the attempt, in the sender's domain. */
export function outboxMessageId(rowId: string, from: string): string {
  const domain = /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? 'localhost';
  return `<${rowId}@${domain}>`;
}

export function retryDelayMs(attempts: number, baseDelayMs: number, maxDelayMs: number): number {
  return Math.min(maxDelayMs, baseDelayMs * 2 ** Math.max(0, attempts - 1));
}

export function createMailSender(options: MailSenderOptions): MailSender {
  const { db, transport, logger, maxAttempts } = options;
  const baseDelayMs = options.baseDelayMs ?? 30_000;
  const maxDelayMs = options.maxDelayMs ?? 3_600_000;
  const pollIntervalMs = options.pollIntervalMs ?? 5_000;
  const leaseMs = options.leaseMs ?? 300_000;
  const batchSize = options.batchSize ?? 10;

  // Claiming moves next_attempt_at past a lease instead of holding a lock while talking to SMTP:
  // the embedded database has a single connection that the API needs meanwhile.
  async function claim(): Promise<ClaimedRow[]> {
    const result = await db.execute<ClaimedRow>(sql`
      UPDATE mail_outbox SET attempts = attempts + 1,
        next_attempt_at = now() + ${`${leaseMs} milliseconds`}::interval, updated_at = now()
      WHERE id IN (
        SELECT id FROM mail_outbox WHERE status = 'pending' AND next_attempt_at <= now()
        ORDER BY next_attempt_at LIMIT ${batchSize} FOR UPDATE SKIP LOCKED)
      RETURNING id, "to", language, template, subject, text, html, data, attempts`);
    return result.rows;
  }

  /**
   * Messages the server accepted whose row could not be marked sent yet (the database was away): marked before
   * anything is claimed again, so a message handed over is never sent again by this process. Should the process end
   * meanwhile, the lease runs out and the message goes again — with the same Message-ID, recognisable as a retry.
   */
  const unmarked = new Map<string, string>();

  /** The row marked sent, with the subject it was sent under (kept when its body is emptied). */
  async function markSent(id: string, subject: string): Promise<void> {
    await db.execute(sql`
      UPDATE mail_outbox SET status = 'sent', sent_at = now(), subject = ${subject}, last_error = NULL,
        updated_at = now()
      WHERE id = ${id}`);
    unmarked.delete(id);
  }

  async function deliver(row: ClaimedRow): Promise<void> {
    let handedOver = false;
    try {
      const message = messageOf(row);
      const attachments =
        row.data === null ? [] : await renderAttachments(row.template, row.language, row.data, row.to);
      const where = await transport.send({
        messageId: outboxMessageId(row.id, options.from),
        from: options.from,
        to: row.to,
        ...message,
        ...(attachments.length ? { attachments } : {}),
      });
      handedOver = true;
      unmarked.set(row.id, message.subject);
      await markSent(row.id, message.subject);
      logger.info({ mailId: row.id, delivered: where }, 'mail sent');
    } catch (error) {
      if (handedOver) {
        // Sent: only the bookkeeping failed. It is retried first thing, and the message never goes again from here.
        logger.warn({ mailId: row.id, err: error }, 'mail sent, but not yet marked sent');
        throw error;
      }
      const message = (error as Error).message ?? String(error);
      if (row.attempts >= maxAttempts) {
        await db.execute(sql`
          UPDATE mail_outbox SET status = 'failed', last_error = ${message}, updated_at = now() WHERE id = ${row.id}`);
        logger.error({ mailId: row.id, attempts: row.attempts, err: message }, 'mail failed for good');
      } else {
        const delay = retryDelayMs(row.attempts, baseDelayMs, maxDelayMs);
        await db.execute(sql`
          UPDATE mail_outbox SET last_error = ${message},
            next_attempt_at = now() + ${`${delay} milliseconds`}::interval, updated_at = now()
          WHERE id = ${row.id}`);
        logger.warn(
          { mailId: row.id, attempts: row.attempts, retryInMs: delay, err: message },
          'mail will be retried',
        );
      }
    }
  }

  /**
   * Rows this process claimed whose run was cut short (the database went away while the batch was being sent):
   * still its own while the lease lasts, so they go first at the next run instead of waiting for the lease to end.
   */
  let carried: { rows: ClaimedRow[]; claimedAt: number } | undefined;

  async function deliverAll(rows: ClaimedRow[], claimedAt: number): Promise<void> {
    for (const [index, row] of rows.entries()) {
      try {
        await deliver(row);
      } catch (error) {
        carried = { rows: rows.slice(index + 1), claimedAt };
        throw error;
      }
    }
  }

  async function runOnce(): Promise<number> {
    for (const [id, subject] of [...unmarked]) await markSent(id, subject);
    let attempted = 0;
    const left = carried;
    carried = undefined;
    // Past half the lease, another instance may be about to claim them: they are left to it.
    if (left && Date.now() - left.claimedAt < leaseMs / 2) {
      await deliverAll(left.rows, left.claimedAt);
      attempted += left.rows.length;
    }
    for (;;) {
      const claimedAt = Date.now();
      const rows = await claim();
      await deliverAll(rows, claimedAt);
      attempted += rows.length;
      if (rows.length < batchSize) return attempted;
    }
  }

  let running = false;
  let timer: NodeJS.Timeout | undefined;
  let current: Promise<void> | undefined;
  let again = false;

  function schedule(delay: number) {
    if (!running) return;
    clearTimeout(timer);
    timer = setTimeout(tick, delay);
    timer.unref();
  }

  function tick() {
    if (!running) return;
    if (current) {
      again = true;
      return;
    }
    current = runOnce()
      .then(() => undefined)
      // The loop must never take the API down: a database hiccup is logged and retried at the next tick.
      .catch((error: unknown) => logger.error({ err: error }, 'mail sender run failed'))
      .finally(() => {
        current = undefined;
        if (again) {
          again = false;
          schedule(0);
        } else schedule(pollIntervalMs);
      });
  }

  return {
    runOnce,
    start() {
      if (running) return;
      running = true;
      schedule(0);
    },
    wake() {
      if (running) schedule(0);
    },
    async stop() {
      running = false;
      clearTimeout(timer);
      await current;
    },
  };
}
