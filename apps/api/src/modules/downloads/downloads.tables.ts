import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from '../accounts/accounts.tables.ts';
import { products } from '../catalog/catalog.tables.ts';
import { orderLines, orders } from '../orders/orders.tables.ts';

export const entitlementSources = ['purchase', 'free'] as const;
export const entitlementStatuses = ['active', 'revoked'] as const;
/** The buyer's stamped copy of a PDF: `none` when the original is served (not a PDF, free, or stamping off). */
export const stampStatuses = ['none', 'pending', 'ready', 'failed'] as const;

/**
 * What a user may download: a paid digital order line, or a free academic file. The count and the first
 * download time matter to the terms (digital goods are not refundable once downloaded).
 */
export const entitlements = pgTable(
  'entitlements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'restrict' }),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'restrict' }),
    orderLineId: integer('order_line_id')
      .unique('entitlements_order_line_unique')
      .references(() => orderLines.id, { onDelete: 'restrict' }),
    orderNumber: text('order_number'),
    /** The title as granted (the product may be renamed later). */
    title: text('title').notNull(),
    source: text('source', { enum: entitlementSources }).notNull(),
    status: text('status', { enum: entitlementStatuses }).notNull().default('active'),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    stampStatus: text('stamp_status', { enum: stampStatuses }).notNull().default('none'),
    /** Storage key, SHA-256 and size of the stamped copy, once made. */
    stampedKey: text('stamped_key'),
    stampedSha256: text('stamped_sha256'),
    stampedSizeBytes: integer('stamped_size_bytes'),
    downloadCount: integer('download_count').notNull().default(0),
    firstDownloadAt: timestamp('first_download_at', { withTimezone: true }),
    lastDownloadAt: timestamp('last_download_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('entitlements_user_idx').on(t.userId, t.createdAt.desc(), t.id),
    index('entitlements_order_idx').on(t.orderId),
    // A free file is granted once per user; purchases are one per order line.
    uniqueIndex('entitlements_free_unique')
      .on(t.userId, t.productId)
      .where(sql`source = 'free'`),
    check(
      'entitlements_source',
      sql`(${t.source} = 'purchase') = (${t.orderLineId} IS NOT NULL AND ${t.orderId} IS NOT NULL)`,
    ),
    check('entitlements_stamped', sql`${t.stampStatus} <> 'ready' OR ${t.stampedKey} IS NOT NULL`),
    check('entitlements_revoked', sql`(${t.status} = 'revoked') = (${t.revokedAt} IS NOT NULL)`),
    check('entitlements_count', sql`${t.downloadCount} >= 0`),
  ],
);
