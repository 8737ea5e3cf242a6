import { index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../accounts/accounts.tables.ts';

/**
 * The kinds of e-mail an author is sent about their work. A sale's e-mail is sent by the payment that marks the
 * order paid, once by nature: 'sale' rows are those written before it needed none.
 */
export const authorNoticeKinds = ['proposal', 'sale', 'digest', 'review'] as const;

/**
 * One row per e-mail sent to an author about their work, keyed by what it is about (a proposal's version, a day, a
 * review): written in the transaction that queues the e-mail, so a second submission of the same version, a second
 * run of the day's digest or another instance finds it there and sends nothing more.
 */
export const authorNotices = pgTable(
  'author_notices',
  {
    kind: text('kind', { enum: authorNoticeKinds }).notNull(),
    /** What it is about: `<submission id>:<version>`, `<YYYY-MM-DD>`, `<review id>` (earlier: `<order id>`). */
    key: text('key').notNull(),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.kind, t.key, t.authorId] }),
    index('author_notices_author_idx').on(t.authorId),
  ],
);
