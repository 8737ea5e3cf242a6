import type { Db } from '../../db/database.ts';
import { preparedForRows, rowPlaceholders } from '../../db/prepared.ts';
import type { Unsent } from '../../db/transaction.ts';
import type { AppTxContext } from '../../plugins/database.ts';
import { outboxRow, type OutboxRow, type OutgoingMail } from './mail-outbox.ts';
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

/** Batches of up to this many messages are written by a statement built once (one per size). */
const PREPARED_BATCH = 4;

export function createMailService(deps: { db: Db; sender: MailSender }): MailService {
  /** The rows each open transaction queued, until its work is done. */
  const queued = new WeakMap<AppTxContext, OutboxRow[]>();
  /** The insert of a batch of a few rows, built once per size. */
  const insertOf = preparedForRows(PREPARED_BATCH, (size) =>
    deps.db.insert(mailOutbox).values(
      Array.from({ length: size }, (_, i) => {
        const value = rowPlaceholders(i);
        return {
          to: value('to'),
          language: value('language'),
          template: value('template'),
          data: value('data'),
        };
      }),
    ),
  );
  /** The statement writing `rows`: built once for the usual few, built now for a larger batch. */
  const insert = (ctx: AppTxContext, rows: OutboxRow[]): Unsent =>
    // No data is SQL's NULL, as Drizzle writes it (jsonb's encoder would write a JSON null).
    insertOf(
      ctx.tx,
      rows.map((row) => ({ ...row, data: row.data ?? undefined })),
    ) ?? ctx.tx.insert(mailOutbox).values(rows);

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
          return insert(ctx, batch);
        });
      }
      ctx.raise('mail.queued', { template: mail.template });
    },
    sender: deps.sender,
  };
}
