import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { languages } from '@hls/contract';

/** Messages sent through the contact form; the team also receives each one by e-mail. */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    /** Language of the page the visitor wrote from; the acknowledgement uses it. */
    language: text('language', { enum: languages }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('contact_messages_created_idx').on(t.createdAt)],
);
