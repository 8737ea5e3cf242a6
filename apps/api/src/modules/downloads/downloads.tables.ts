import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from '../accounts/accounts.tables.ts';
import { fileVersions, products } from '../catalog/catalog.tables.ts';
import { orderLines, orders } from '../orders/orders.tables.ts';

export const entitlementSources = ['purchase', 'free'] as const;
export const entitlementStatuses = ['active', 'revoked'] as const;

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
    check('entitlements_revoked', sql`(${t.status} = 'revoked') = (${t.revokedAt} IS NOT NULL)`),
    check('entitlements_count', sql`${t.downloadCount} >= 0`),
  ],
);

/** A stamped copy's state: `pending` while the job makes it, `failed` once it gave up (asked again on a click). */
export const copyStatuses = ['pending', 'ready', 'failed'] as const;

/**
 * The buyer's stamped copy of one version of a PDF: one per entitlement and version, made by the stamping job the
 * same way for every version. No row: the original is served (not a PDF, free, or stamping off).
 */
export const stampedCopies = pgTable(
  'stamped_copies',
  {
    entitlementId: uuid('entitlement_id')
      .notNull()
      .references(() => entitlements.id, { onDelete: 'cascade' }),
    versionId: integer('version_id')
      .notNull()
      .references(() => fileVersions.id, { onDelete: 'cascade' }),
    status: text('status', { enum: copyStatuses }).notNull().default('pending'),
    storageKey: text('storage_key'),
    sha256: text('sha256'),
    sizeBytes: integer('size_bytes'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'stamped_copies_pk', columns: [t.entitlementId, t.versionId] }),
    index('stamped_copies_version_idx').on(t.versionId),
    check(
      'stamped_copies_ready',
      sql`${t.status} <> 'ready' OR (${t.storageKey} IS NOT NULL AND ${t.sha256} IS NOT NULL AND ${t.sizeBytes} IS NOT NULL)`,
    ),
  ],
);

/**
 * A buyer was told of a new version of a file they hold (or skipped: opted out): once per user and version,
 * whatever retries or instances run the notice job.
 */
export const versionNotices = pgTable(
  'version_notices',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    versionId: integer('version_id')
      .notNull()
      .references(() => fileVersions.id, { onDelete: 'cascade' }),
    /** `mailed`, or `opted_out` (the user had turned these e-mails off). */
    outcome: text('outcome', { enum: ['mailed', 'opted_out'] }).notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'version_notices_pk', columns: [t.userId, t.versionId] }),
    index('version_notices_version_idx').on(t.versionId),
  ],
);
