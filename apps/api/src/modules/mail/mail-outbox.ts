import type { Language } from '@hls/contract';
import type { mailOutbox } from './mail.tables.ts';
import { renderMail, type MailTemplate, type MailTemplates, type RenderedMail } from './mail-templates.ts';

export type OutgoingMail<T extends MailTemplate> = {
  to: string;
  language: Language;
  template: T;
  data: MailTemplates[T];
};

/** A message as it is queued: rendered when it is sent. */
export type OutboxRow = Pick<typeof mailOutbox.$inferInsert, 'to' | 'language' | 'template' | 'data'>;

/**
 * A message's outbox row: its template and data, rendered by the sender (`messageOf`). Modules queue messages
 * through `app.mail.queue` (mail.service.ts), in the transaction of the change that causes them, which renders
 * nothing: a paying transaction holds its invoice number's lock until it commits.
 */

export function outboxRow<T extends MailTemplate>(mail: OutgoingMail<T>): OutboxRow {
  return { to: mail.to, language: mail.language, template: mail.template, data: mail.data };
}

type StoredMessage = Pick<
  typeof mailOutbox.$inferSelect,
  'template' | 'language' | 'subject' | 'text' | 'html' | 'data'
>;

/** The message of an outbox row: rendered from its template and data, or as it was rendered when queued. */
export function messageOf(row: StoredMessage): RenderedMail {
  if (row.subject !== null && row.text !== null && row.html !== null)
    return { subject: row.subject, text: row.text, html: row.html };
  return renderMail(row.template as MailTemplate, row.language, row.data as never);
}
