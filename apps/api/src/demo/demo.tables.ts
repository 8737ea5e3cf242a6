import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** What the demo seed already created (by a stable key), so that running it again adds nothing. */
export const demoSeedItems = pgTable('demo_seed_items', {
  key: text('key').primaryKey(),
  /** Id of the created row (category or product). */
  ref: text('ref').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
