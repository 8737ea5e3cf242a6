import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';

/** The job that empties the bodies of the messages sent more than MAIL_SENT_RETENTION ago. */
export const REDACT_SENT_JOB = 'mail.redact-sent';

/**
 * Empties the bodies of every message sent more than `retentionSeconds` ago: its text, HTML and
 * template data, which hold the links it carried (a password reset, an address confirmation). What the record
 * of a sending needs stays: recipient, language, template, subject, status, attempts and dates. Messages not
 * sent (pending, failed) are left as they are. Answers how many messages were emptied.
 */
export async function redactSentMail(db: Db, retentionSeconds: number): Promise<number> {
  const result = await db.execute(sql`
    UPDATE mail_outbox SET text = NULL, html = NULL, data = NULL, updated_at = now()
    WHERE status = 'sent' AND sent_at < now() - ${`${retentionSeconds} seconds`}::interval
      AND (text IS NOT NULL OR html IS NOT NULL OR data IS NOT NULL)`);
  return result.rowCount ?? 0;
}
