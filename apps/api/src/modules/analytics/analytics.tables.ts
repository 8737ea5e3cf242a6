import { date, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/** First-party analytics: a counter per path and day, nothing about the visitor. */
export const pageViews = pgTable(
  'page_views',
  {
    path: text('path').notNull(),
    day: date('day').notNull(),
    count: integer('count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.path, t.day] })],
);
