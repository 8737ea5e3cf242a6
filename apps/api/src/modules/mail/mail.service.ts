import type { AppTxContext } from '../../plugins/database.ts';
import { insertOutgoingMail, type OutgoingMail } from './mail-outbox.ts';
import type { MailSender } from './mail-sender.ts';
import type { MailTemplate } from './mail-templates.ts';

export type MailService = {
  /**
   * Queues a message in the caller's transaction: it exists if and only if the change that causes it commits,
   * and the sender is woken once it has (the `mail.queued` event).
   */
  queue<T extends MailTemplate>(ctx: AppTxContext, mail: OutgoingMail<T>): Promise<void>;
  /** The outbox sender loop (tests deliver with `app.mail.sender.runOnce()`). */
  sender: MailSender;
};

export function createMailService(deps: { sender: MailSender }): MailService {
  return {
    async queue(ctx, mail) {
      await insertOutgoingMail(ctx.tx, mail);
      ctx.raise('mail.queued', { template: mail.template });
    },
    sender: deps.sender,
  };
}
