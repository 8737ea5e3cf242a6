import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { languages } from '@hls/contract';

export const mailStatuses = ['pending', 'sent', 'failed'] as const;

export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to').notNull(),
    language: text('language', { enum: languages }).notNull(),
    template: text('template').notNull(),
    /**
     * The message as sent: rendered by the sender from the template and its data (the transaction that queues a
     * message renders nothing), the subject kept once sent. Messages queued before rendering moved to the sender
     * carry their rendered text and HTML, sent as they are.
     */
    subject: text('subject'),
    text: text('text'),
    html: text('html'),
    /** The template's data, from which the sender renders the message and the files it attaches. */
    data: jsonb('data'),
    status: text('status', { enum: mailStatuses }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('mail_outbox_due_idx').on(t.status, t.nextAttemptAt)],
);
