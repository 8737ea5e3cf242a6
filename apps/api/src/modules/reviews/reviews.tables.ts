import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { productReviewStatuses } from '@hls/contract';
import { users } from '../accounts/accounts.tables.ts';
import { products } from '../catalog/catalog.tables.ts';

/**
 * Customer reviews: one per user and product, public once an editor approves it. The approved ones' count and
 * stars are kept on the product (`products.rating_count`, `rating_total`) through the catalogue's interface.
 */
export const productReviews = pgTable(
  'product_reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The name shown with the review: the reviewer's first name and initial, kept in step on a rename. */
    reviewerName: text('reviewer_name').notNull(),
    rating: integer('rating').notNull(),
    text: text('text').notNull(),
    status: text('status', { enum: productReviewStatuses }).notNull().default('pending'),
    rejectionReason: text('rejection_reason'),
    moderatedBy: uuid('moderated_by').references(() => users.id, { onDelete: 'set null' }),
    moderatedAt: timestamp('moderated_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('product_reviews_user_product_unique').on(t.userId, t.productId),
    // A product's public reviews, newest first.
    index('product_reviews_product_idx')
      .on(t.productId, t.updatedAt.desc(), t.id)
      .where(sql`status = 'approved'`),
    // The editors' queue, oldest first, per status.
    index('product_reviews_status_idx').on(t.status, t.updatedAt, t.id),
    check('product_reviews_rating', sql`${t.rating} BETWEEN 1 AND 5`),
    check('product_reviews_rejected', sql`(${t.status} = 'rejected') = (${t.rejectionReason} IS NOT NULL)`),
  ],
);
