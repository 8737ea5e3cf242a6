import type { Language } from '@hls/contract';
import type { DbOrTx } from '../../db/database.ts';
import { mailOutbox } from './mail.tables.ts';
import { renderMail, type MailTemplate, type MailTemplates } from './mail-templates.ts';

export type OutgoingMail<T extends MailTemplate> = {
  to: string;
  language: Language;
  template: T;
  data: MailTemplates[T];
};

/**
 * Queues a message; pass the transaction of the change that causes it, so the mail exists if and only if
 * the change does. The sender loop delivers it.
 */
export async function enqueueMail<T extends MailTemplate>(db: DbOrTx, mail: OutgoingMail<T>): Promise<void> {
  const rendered = renderMail(mail.template, mail.language, mail.data);
  await db
    .insert(mailOutbox)
    .values({ to: mail.to, language: mail.language, template: mail.template, ...rendered });
}
