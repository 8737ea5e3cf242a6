import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  productKinds,
  reportReasons,
  reportStatuses,
  sections,
  submissionEventKinds,
  submissionStatuses,
  uploadSlots,
  type EpubReport,
  type SubmissionFields,
} from '@hls/contract';
import type { z } from 'zod';
import { users } from '../accounts/accounts.tables.ts';
import { products } from '../catalog/catalog.tables.ts';

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

/** The fields of a proposal as stored (the contract's `SubmissionFields`, parsed): the working copy and each version. */
export type StoredFields = {
  [K in keyof z.output<typeof SubmissionFields>]?: z.output<typeof SubmissionFields>[K] | null;
};

/**
 * An author's proposal of a book or a file, from draft to publication (contract `Submission`). `working` holds the
 * fields being edited; the uploads being edited are the `submission_files` rows with `working = true`. Each submit
 * freezes them as a `submission_versions` row. `product_id` is the catalogue product once published.
 */
export const submissions = pgTable(
  'submissions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    kind: text('kind', { enum: productKinds }).notNull(),
    section: text('section', { enum: sections }).notNull(),
    status: text('status', { enum: submissionStatuses }).notNull().default('draft'),
    working: jsonb('working').$type<StoredFields>().notNull().default({}),
    versionCount: integer('version_count').notNull().default(0),
    productId: integer('product_id')
      .unique('submissions_product_unique')
      .references(() => products.id, { onDelete: 'restrict' }),
    claimedBy: uuid('claimed_by').references(() => users.id, { onDelete: 'set null' }),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    /** When the version waiting for a decision was submitted: the queue's order. */
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    unpublishRequestedAt: timestamp('unpublish_requested_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    check('submissions_kind_section', sql`(${t.kind} = 'book') = (${t.section} = 'book')`),
    check('submissions_version_count', sql`${t.versionCount} >= 0`),
    index('submissions_author_idx').on(t.authorId, t.updatedAt.desc()),
    index('submissions_queue_idx').on(t.status, t.submittedAt, t.id),
  ],
);

/**
 * An upload of a submission: a cover (re-encoded on the server), a book's manuscript or a file product's file.
 * Stored under a generated key; the author's file name is kept as metadata only. A file stays as long as a
 * version or the working copy refers to it.
 */
export const submissionFiles = pgTable(
  'submission_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    submissionId: uuid('submission_id')
      .notNull()
      .references(() => submissions.id, { onDelete: 'cascade' }),
    slot: text('slot', { enum: uploadSlots }).notNull(),
    /** Part of the working copy (one per slot); versions list their files by id. */
    working: boolean('working').notNull().default(true),
    storageKey: text('storage_key').notNull().unique('submission_files_key_unique'),
    originalName: text('original_name').notNull(),
    mime: text('mime').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    sha256: text('sha256').notNull(),
    width: integer('width'),
    height: integer('height'),
    pages: integer('pages'),
    /** `macros`, `external_links`: what editors should look at. */
    flags: text('flags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** EPUBs: their check's report (epubcheck, Ace, metadata), `pending` until the check job ran. */
    epubReport: jsonb('epub_report').$type<EpubReport>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('submission_files_working_slot_unique')
      .on(t.submissionId, t.slot)
      .where(sql`working`),
    check('submission_files_sha256', sql`${t.sha256} ~ '^[0-9a-f]{64}$'`),
    check('submission_files_size', sql`${t.sizeBytes} >= 0`),
  ],
);

/** A submitted version: the fields and files as they were sent for review; never changed afterwards. */
export const submissionVersions = pgTable(
  'submission_versions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    submissionId: uuid('submission_id')
      .notNull()
      .references(() => submissions.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    fields: jsonb('fields').$type<StoredFields>().notNull(),
    fileIds: uuid('file_ids').array().notNull(),
    note: text('note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('submission_versions_number_unique').on(t.submissionId, t.number)],
);

/** The editorial history of a submission (DESIGN §3 `review_events`): who, what, the comment, when. */
export const submissionEvents = pgTable(
  'submission_events',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    submissionId: uuid('submission_id')
      .notNull()
      .references(() => submissions.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    kind: text('kind', { enum: submissionEventKinds }).notNull(),
    version: integer('version'),
    comment: text('comment'),
    actor: text('actor', { enum: ['author', 'editor', 'system'] }).notNull(),
    actorUserId: uuid('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [index('submission_events_submission_idx').on(t.submissionId, t.at, t.id)],
);

/** "Report this document": a published product reported by anyone, decided by an editor. */
export const documentReports = pgTable(
  'document_reports',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    reason: text('reason', { enum: reportReasons }).notNull(),
    details: text('details').notNull(),
    reporterUserId: uuid('reporter_user_id').references(() => users.id, { onDelete: 'set null' }),
    reporterEmail: text('reporter_email'),
    status: text('status', { enum: reportStatuses }).notNull().default('open'),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decisionComment: text('decision_comment'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index('document_reports_status_idx').on(t.status, t.createdAt),
    index('document_reports_product_idx').on(t.productId),
    check('document_reports_decided', sql`(${t.status} = 'open') = (${t.decidedAt} IS NULL)`),
  ],
);
