/** What other modules, the commands and the tests may use of the mail module besides `app.mail`. */
export type { MailService } from './mail.service.ts';
export { messageOf, type OutgoingMail } from './mail-outbox.ts';
export { createMailSender, type MailSender } from './mail-sender.ts';
export {
  createMailTransport,
  type MailAttachment,
  type MailMessage,
  type MailTransport,
} from './mail-transport.ts';
export type { MailAuthorSale, MailOrderLine, MailTemplate, MailTemplates } from './mail-templates.ts';
