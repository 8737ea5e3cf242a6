import type { AppTxContext } from '../../plugins/database.ts';
import { outboxRow, type OutgoingMail } from './mail-outbox.ts';
import type { MailSender } from './mail-sender.ts';
import { mailOutbox } from './mail.tables.ts';
import type { MailTemplate } from './mail-templates.ts';

export type MailService = {
  /**
   * Queues a message in the caller's transaction: it exists if and only if the change that causes it commits,
   * and the sender is woken once it has (the `mail.queued` event). The messages of one transaction are written
   * together, by one statement sent with its COMMIT; the sender renders each when it sends it.
   */
  queue<T extends MailTemplate>(ctx: AppTxContext, mail: OutgoingMail<T>): Promise<void>;
  /** The outbox sender loop (tests deliver with `app.mail.sender.runOnce()`). */
  sender: MailSender;
};

export function createMailService(deps: { sender: MailSender }): MailService {
  /** The rows each open transaction queued, until its work is done. */
  const queued = new WeakMap<AppTxContext, (typeof mailOutbox.$inferInsert)[]>();

  return {
    async queue(ctx, mail) {
      const row = outboxRow(mail);
      const rows = queued.get(ctx);
      if (rows) {
        rows.push(row);
      } else {
        const batch = [row];
        queued.set(ctx, batch);
        ctx.withCommit(() => {
          queued.delete(ctx);
          return ctx.tx.insert(mailOutbox).values(batch);
        });
      }
      ctx.raise('mail.queued', { template: mail.template });
    },
    sender: deps.sender,
  };
}
