import type { Language } from '@hls/contract';
import type { DbOrTx } from '../../db/database.ts';
import { mailOutbox } from './mail.tables.ts';
import { hasAttachments } from './mail-attachments.ts';
import { renderMail, type MailTemplate, type MailTemplates } from './mail-templates.ts';

export type OutgoingMail<T extends MailTemplate> = {
  to: string;
  language: Language;
  template: T;
  data: MailTemplates[T];
};

/** A message's outbox row: rendered now, with its data kept for the attachments the sender makes from it. */
export function outboxRow<T extends MailTemplate>(mail: OutgoingMail<T>): typeof mailOutbox.$inferInsert {
  return {
    to: mail.to,
    language: mail.language,
    template: mail.template,
    ...renderMail(mail.template, mail.language, mail.data),
    data: hasAttachments(mail.template) ? mail.data : null,
  };
}

/**
 * Inserts a rendered message into the outbox; pass the transaction of the change that causes it, so the mail
 * exists if and only if the change does. Other modules queue through `app.mail.queue` (mail.service.ts).
 */
export async function insertOutgoingMail<T extends MailTemplate>(
  db: DbOrTx,
  mail: OutgoingMail<T>,
): Promise<void> {
  await db.insert(mailOutbox).values(outboxRow(mail));
}
