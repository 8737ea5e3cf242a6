import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type {
  AuthorProduct,
  Category,
  LocalizedText,
  ProductKind,
  Role,
  Submission,
  SubmissionEvent,
  SubmissionFile,
  SubmissionValues,
} from '@hls/contract';
import type { DbOrTx } from '../../db/database.ts';
import type { CatalogQueries, CatalogSales } from '../catalog/index.ts';
import {
  submissionEvents,
  submissionFiles,
  submissions,
  submissionVersions,
  type StoredFields,
} from './submissions.tables.ts';

/**
 * A submission as the API shows it (contract `Submission`, `AuthorProduct`), read from its rows: shared by the
 * author's routes and the editors' (which add the review's parts on top).
 */

export type SubmissionRow = typeof submissions.$inferSelect;
export type SubmissionFileRow = typeof submissionFiles.$inferSelect;
export type SubmissionVersionRow = typeof submissionVersions.$inferSelect;

/** Who is looking: the owner author gets the actions; editors and admins see any submission, without actions. */
export type Viewer = { id: string; role: Role };

export type SubmissionViewDeps = {
  db: DbOrTx;
  /** Category names (cached reads) and the published product's public cover. */
  catalog: { reads: Pick<CatalogQueries, 'categoryList'>; sales: Pick<CatalogSales, 'offers'> };
  /** Copies sold per product (paid order lines, refunded ones left out). */
  unitsSold: (productIds: number[]) => Promise<Map<number, number>>;
  /** Downloads per free product (academic files); absent: 0. */
  freeDownloads?: (productIds: number[]) => Promise<Map<number, number>>;
};

/** The download URL of a submission's upload (owner author, editors and admins; a bearer token is required). */
export const submissionFileUrl = (submissionId: string, fileId: string) =>
  `/api/submissions/${submissionId}/files/${fileId}`;

/** Statuses in which the author edits the working copy. */
/** A published proposal's working copy is the author's next version of the product on sale. */
export const EDITABLE_STATUSES = ['draft', 'changes_requested', 'published'] as const;
/** Statuses an author may withdraw from (anything before publication that is still open). */
export const WITHDRAWABLE_STATUSES = ['draft', 'submitted', 'in_review', 'changes_requested'] as const;
const DECISION_KINDS = [
  'published',
  'changes_requested',
  'rejected',
  'unpublished',
  'report_upheld',
] as const;

const includes = <T extends string>(list: readonly T[], value: string): value is T =>
  (list as readonly string[]).includes(value);

export function toSubmissionFile(row: SubmissionFileRow): SubmissionFile {
  return {
    id: row.id,
    slot: row.slot,
    originalName: row.originalName,
    mime: row.mime,
    sizeBytes: row.sizeBytes,
    sha256: row.sha256,
    width: row.width,
    height: row.height,
    pages: row.pages,
    flags: row.flags.filter((flag): flag is 'macros' | 'external_links' =>
      includes(['macros', 'external_links'] as const, flag),
    ),
    epubReport: row.epubReport ?? null,
    url: submissionFileUrl(row.submissionId, row.id),
    uploadedAt: row.createdAt.toISOString(),
  };
}

/** Category id → names, from the catalogue's cached lists (a few hundred at most). */
export type CategoryNames = Map<number, LocalizedText>;

export async function categoryNames(catalog: SubmissionViewDeps['catalog']): Promise<CategoryNames> {
  const [top, sub] = await Promise.all([
    catalog.reads.categoryList({ subcategories: false }),
    catalog.reads.categoryList({ subcategories: true }),
  ]);
  return new Map([...top, ...sub].map((c: Category) => [c.id, c.name]));
}

/** The values of a version or of the working copy: every field as saved (null when not given), and its files. */
export function toValues(
  fields: StoredFields,
  files: SubmissionFileRow[],
  names: CategoryNames,
): SubmissionValues {
  const slotOrder = { cover: 0, manuscript: 1, file: 2 } as const;
  return {
    title: fields.title ?? null,
    description: fields.description ?? null,
    language: fields.language ?? null,
    categoryId: fields.categoryId ?? null,
    subcategoryId: fields.subcategoryId ?? null,
    categoryName: fields.categoryId ? (names.get(fields.categoryId) ?? null) : null,
    subcategoryName: fields.subcategoryId ? (names.get(fields.subcategoryId) ?? null) : null,
    paperPriceCents: fields.paperPriceCents ?? null,
    ebookPriceCents: fields.ebookPriceCents ?? null,
    isbn: fields.isbn ?? null,
    pages: fields.pages ?? null,
    fileType: fields.fileType ?? null,
    priceCents: fields.priceCents ?? null,
    rights: fields.rights ?? null,
    licence: fields.licence ?? null,
    confidential: fields.confidential ?? false,
    publisher: fields.publisher ?? null,
    publicationDate: fields.publicationDate ?? null,
    sheets: fields.sheets ?? null,
    slides: fields.slides ?? null,
    archiveParts: fields.archiveParts ?? [],
    software: fields.software ?? [],
    usage: fields.usage ?? null,
    twinProductId: fields.twinProductId ?? null,
    files: [...files].sort((a, b) => slotOrder[a.slot] - slotOrder[b.slot]).map(toSubmissionFile),
  };
}

/** What the owner author may do now (nothing for anyone else). */
export function authorActions(row: SubmissionRow, isOwner: boolean): Submission['actions'] {
  return {
    // A published proposal is changed through its next version (`resubmit`), not edited in place.
    edit: isOwner && includes(EDITABLE_STATUSES, row.status) && row.status !== 'published',
    submit: isOwner && row.status === 'draft',
    resubmit: isOwner && (row.status === 'changes_requested' || row.status === 'published'),
    withdraw: isOwner && includes(WITHDRAWABLE_STATUSES, row.status),
    requestUnpublish: isOwner && row.status === 'published' && row.unpublishRequestedAt === null,
  };
}

type DecisionRow = { submissionId: string; kind: string; comment: string | null; at: Date };

/** The last editorial decision of each submission. */
async function lastDecisions(db: DbOrTx, ids: string[]): Promise<Map<string, AuthorProduct['lastDecision']>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([submissionEvents.submissionId], {
      submissionId: submissionEvents.submissionId,
      kind: submissionEvents.kind,
      comment: submissionEvents.comment,
      at: submissionEvents.at,
    })
    .from(submissionEvents)
    .where(
      and(inArray(submissionEvents.submissionId, ids), inArray(submissionEvents.kind, [...DECISION_KINDS])),
    )
    .orderBy(submissionEvents.submissionId, desc(submissionEvents.at), desc(submissionEvents.id));
  return new Map(rows.map((row: DecisionRow) => [row.submissionId, toDecision(row)]));
}

function toDecision(row: Omit<DecisionRow, 'submissionId'>): AuthorProduct['lastDecision'] {
  if (!includes(DECISION_KINDS, row.kind)) return null;
  return { kind: row.kind, comment: row.comment, at: row.at.toISOString() };
}

/** Copies sold, or downloads of a free academic file, per submission with a catalogue product. */
async function salesCounts(
  deps: SubmissionViewDeps,
  rows: Pick<SubmissionRow, 'productId' | 'section'>[],
): Promise<Map<number, number>> {
  const productIds = rows.flatMap((r) => (r.productId === null ? [] : [r.productId]));
  const freeIds = rows.flatMap((r) =>
    r.productId !== null && r.section === 'academic' ? [r.productId] : [],
  );
  const [sold, downloads] = await Promise.all([
    deps.unitsSold(productIds),
    freeIds.length && deps.freeDownloads ? deps.freeDownloads(freeIds) : new Map<number, number>(),
  ]);
  for (const [id, count] of downloads) sold.set(id, (sold.get(id) ?? 0) + count);
  return sold;
}

/** Public covers of the catalogue products (once published, the product's own cover). */
async function productCovers(
  deps: SubmissionViewDeps,
  rows: Pick<SubmissionRow, 'productId' | 'status'>[],
): Promise<Map<number, string>> {
  const ids = rows.flatMap((r) => (r.productId !== null && r.status === 'published' ? [r.productId] : []));
  if (ids.length === 0) return new Map();
  const offers = await deps.catalog.sales.offers(ids);
  return new Map([...offers.values()].map((p) => [p.productId, p.coverUrl]));
}

/** The list line of each row (rows in the order given). */
async function toAuthorProducts(deps: SubmissionViewDeps, rows: SubmissionRow[]): Promise<AuthorProduct[]> {
  const ids = rows.map((r) => r.id);
  const [covers, decisions, sales, published] = await Promise.all([
    ids.length
      ? deps.db
          .select({ submissionId: submissionFiles.submissionId, id: submissionFiles.id })
          .from(submissionFiles)
          .where(
            and(
              inArray(submissionFiles.submissionId, ids),
              eq(submissionFiles.slot, 'cover'),
              eq(submissionFiles.working, true),
            ),
          )
      : [],
    lastDecisions(deps.db, ids),
    salesCounts(deps, rows),
    productCovers(deps, rows),
  ]);
  const coverOf = new Map(covers.map((c) => [c.submissionId, submissionFileUrl(c.submissionId, c.id)]));
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    section: row.section,
    title: row.working.title ?? '',
    language: row.working.language ?? null,
    coverUrl:
      (row.productId !== null ? published.get(row.productId) : undefined) ?? coverOf.get(row.id) ?? null,
    status: row.status,
    productId: row.productId,
    versions: row.versionCount,
    lastDecision: decisions.get(row.id) ?? null,
    salesCount: row.productId !== null ? (sales.get(row.productId) ?? 0) : 0,
    unpublishRequested: row.unpublishRequestedAt !== null,
    updatedAt: row.updatedAt.toISOString(),
  }));
}

/** The author's books or files, most recently changed first (GET /api/books/author, /api/category/author). */
export async function listAuthorProducts(
  deps: SubmissionViewDeps,
  authorId: string,
  kind: ProductKind,
): Promise<AuthorProduct[]> {
  const rows = await deps.db
    .select()
    .from(submissions)
    .where(and(eq(submissions.authorId, authorId), eq(submissions.kind, kind)))
    .orderBy(desc(submissions.updatedAt), desc(submissions.createdAt));
  return toAuthorProducts(deps, rows);
}

/**
 * One submission with its working copy, versions (newest first), history (oldest first; editors by their public
 * name, never their e-mail) and the owner's actions. Undefined when there is none, or when `viewer` is an author
 * who does not own it (404: another author's proposals do not exist for them). Call it after the commit, never
 * inside a transaction: its reads go through the pool (catalogue, orders), which a transaction's connection
 * must not wait on.
 */
export async function loadSubmission(
  deps: SubmissionViewDeps,
  id: string,
  options: { viewer: Viewer },
): Promise<Submission | undefined> {
  const { db } = deps;
  const [row] = await db.select().from(submissions).where(eq(submissions.id, id)).limit(1);
  if (!row) return undefined;
  const isOwner = row.authorId === options.viewer.id;
  if (!isOwner && options.viewer.role !== 'editor' && options.viewer.role !== 'admin') return undefined;

  const files = await db.select().from(submissionFiles).where(eq(submissionFiles.submissionId, id));
  const versions = await db
    .select()
    .from(submissionVersions)
    .where(eq(submissionVersions.submissionId, id))
    .orderBy(desc(submissionVersions.number));
  const events = await db
    .select({
      id: submissionEvents.id,
      at: submissionEvents.at,
      kind: submissionEvents.kind,
      version: submissionEvents.version,
      comment: submissionEvents.comment,
      actor: submissionEvents.actor,
      // The accounts module's public face: the name an author or editor shows, never the e-mail.
      actorName: sql<
        string | null
      >`CASE WHEN ${submissionEvents.actor} = 'editor' THEN (SELECT name FROM author_profiles ap WHERE ap.id = ${submissionEvents.actorUserId}) END`,
    })
    .from(submissionEvents)
    .where(eq(submissionEvents.submissionId, id))
    .orderBy(asc(submissionEvents.at), asc(submissionEvents.id));
  const names = await categoryNames(deps.catalog);
  const [line] = await toAuthorProducts(deps, [row]);

  const byId = new Map(files.map((f) => [f.id, f]));
  const working = files.filter((f) => f.working);
  return {
    ...line!,
    working: toValues(row.working, working, names),
    history: versions.map((v) => ({
      number: v.number,
      createdAt: v.createdAt.toISOString(),
      note: v.note,
      values: toValues(
        v.fields,
        v.fileIds.flatMap((fileId) => byId.get(fileId) ?? []),
        names,
      ),
    })),
    events: events.map((e): SubmissionEvent => ({
      id: e.id,
      at: e.at.toISOString(),
      kind: e.kind,
      version: e.version,
      comment: e.comment,
      actor: e.actor,
      actorName: e.actor === 'editor' ? (e.actorName ?? null) : null,
    })),
    actions: authorActions(row, isOwner),
    createdAt: row.createdAt.toISOString(),
  };
}
