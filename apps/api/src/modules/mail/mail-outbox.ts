import type { Language } from '@hls/contract';
import type { mailOutbox } from './mail.tables.ts';
import { hasAttachments } from './mail-attachments.ts';
import { renderMail, type MailTemplate, type MailTemplates } from './mail-templates.ts';

export type OutgoingMail<T extends MailTemplate> = {
  to: string;
  language: Language;
  template: T;
  data: MailTemplates[T];
};

/**
 * A message's outbox row: rendered now, with its data kept for the attachments the sender makes from it. Modules
 * queue messages through `app.mail.queue` (mail.service.ts), in the transaction of the change that causes them.
 */
export function outboxRow<T extends MailTemplate>(mail: OutgoingMail<T>): typeof mailOutbox.$inferInsert {
  return {
    to: mail.to,
    language: mail.language,
    template: mail.template,
    ...renderMail(mail.template, mail.language, mail.data),
    data: hasAttachments(mail.template) ? mail.data : null,
  };
}
