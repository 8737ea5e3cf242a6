import { eq, sql, type SQL } from 'drizzle-orm';
import type {
  Language,
  ProductKind,
  QueueItem,
  QueuePage,
  ReviewSubmission,
  Section,
  SubmissionValues,
} from '@hls/contract';
import { notFound, type Editor, type EditorialDeps } from './submissions.editorial.helpers.ts';
import type { Reports } from './submissions.reports.ts';
import { submissions, type StoredFields } from './submissions.tables.ts';
import { loadSubmission, type SubmissionViewDeps } from './submissions.view.ts';

export const QUEUE_PAGE_SIZE = 20;

const WAITING = ['submitted', 'in_review'] as const;

/** A human size for the list of changes: 245 KB, 1.2 MB. */
function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** The fields a change list compares, in the order of the forms. */
const comparedFields = [
  'title',
  'description',
  'language',
  'categoryName',
  'subcategoryName',
  'paperPriceCents',
  'ebookPriceCents',
  'isbn',
  'pages',
  'fileType',
  'priceCents',
  'rights',
  'licence',
  'confidential',
  'publisher',
  'publicationDate',
  'sheets',
  'slides',
  'archiveParts',
  'software',
  'usage',
  'twinProductId',
] as const satisfies readonly (keyof SubmissionValues)[];

const slots = ['cover', 'manuscript', 'file'] as const;

function shown(value: SubmissionValues[(typeof comparedFields)[number]]): string | null {
  if (value === null || value === undefined) return null;
  if (Array.isArray(value)) {
    if (value.length === 0) return null;
    return value
      .map((item) => (typeof item === 'string' ? item : [item.app, item.version].filter(Boolean).join(' ')))
      .join(', ');
  }
  if (typeof value === 'object') return value.fr === value.en ? value.fr : `${value.fr} / ${value.en}`;
  return String(value);
}

/**
 * What the last version changed from the one before: every field that differs, and each upload slot whose content
 * (sha256) differs, shown by name and size.
 */
export function versionChanges(
  before: SubmissionValues | undefined,
  after: SubmissionValues | undefined,
): ReviewSubmission['changes'] {
  if (!before || !after) return [];
  const changes: ReviewSubmission['changes'] = [];
  for (const field of comparedFields) {
    const a = shown(before[field]);
    const b = shown(after[field]);
    if (a !== b) changes.push({ field: field.replace(/Name$/, ''), before: a, after: b });
  }
  for (const slot of slots) {
    const a = before.files.find((f) => f.slot === slot);
    const b = after.files.find((f) => f.slot === slot);
    if (a?.sha256 === b?.sha256) continue;
    const label = (f: typeof a) => (f ? `${f.originalName} (${formatSize(f.sizeBytes)})` : null);
    changes.push({ field: slot, before: label(a), after: label(b) });
  }
  return changes;
}

export type EditorialReadDeps = Pick<EditorialDeps, 'db' | 'unitsSold' | 'accounts'> & {
  catalog: SubmissionViewDeps['catalog'];
  reports: Pick<Reports, 'forProduct'>;
};

/** What editors read: the queue of waiting submissions, and one submission's review with what changed. */
export function createEditorialReads(deps: EditorialReadDeps) {
  const { db, reports } = deps;
  const view: SubmissionViewDeps = { db, catalog: deps.catalog, unitsSold: deps.unitsSold };

  async function queue(
    editor: Editor,
    query: {
      status?: QueueItem['status'] | undefined;
      section?: Section | undefined;
      kind?: ProductKind | undefined;
      language?: Language | undefined;
      mine?: boolean | undefined;
      page: number;
    },
  ): Promise<QueuePage> {
    const where: SQL[] = [sql`s.version_count > 0`];
    where.push(
      query.status
        ? sql`s.status = ${query.status}`
        : sql`s.status IN (${sql.join(
            WAITING.map((s) => sql`${s}`),
            sql`, `,
          )})`,
    );
    if (query.section) where.push(sql`s.section = ${query.section}`);
    if (query.kind) where.push(sql`s.kind = ${query.kind}`);
    if (query.language) where.push(sql`coalesce(v.fields, s.working)->>'language' = ${query.language}`);
    if (query.mine) where.push(sql`s.claimed_by = ${editor.id}`);
    const offset = (query.page - 1) * QUEUE_PAGE_SIZE;

    const result = await db.execute<{
      id: string;
      kind: ProductKind;
      section: Section;
      status: QueueItem['status'];
      version_count: number;
      submitted_at: string | Date;
      unpublish_requested: boolean;
      fields: StoredFields;
      author_name: string;
      claimed_by: string | null;
      claimer_name: string | null;
      file_flags: string[] | string;
      open_reports: number;
      total: number;
    }>(sql`
      SELECT s.id, s.kind, s.section, s.status, s.version_count,
        coalesce(s.submitted_at, s.created_at) AS submitted_at,
        s.unpublish_requested_at IS NOT NULL AS unpublish_requested,
        coalesce(v.fields, s.working) AS fields,
        coalesce(a.name, '') AS author_name, s.claimed_by, c.name AS claimer_name,
        ARRAY(SELECT DISTINCT flag FROM submission_files f, unnest(f.flags) AS flag
          WHERE f.id = ANY(v.file_ids) ORDER BY flag) AS file_flags,
        (SELECT count(*) FROM document_reports r
          WHERE r.product_id = s.product_id AND r.status = 'open')::int AS open_reports,
        (count(*) OVER ())::int AS total
      FROM submissions s
      LEFT JOIN submission_versions v ON v.submission_id = s.id AND v.number = s.version_count
      LEFT JOIN author_profiles a ON a.id = s.author_id
      LEFT JOIN author_profiles c ON c.id = s.claimed_by
      WHERE ${sql.join(where, sql` AND `)}
      ORDER BY coalesce(s.submitted_at, s.created_at), s.id
      LIMIT ${QUEUE_PAGE_SIZE} OFFSET ${offset}`);
    const openReports = await db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM document_reports WHERE status = 'open'`,
    );
    const rows = result.rows;
    let count = rows[0]?.total ?? 0;
    if (rows.length === 0 && query.page > 1) {
      const counted = await db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM submissions s
        LEFT JOIN submission_versions v ON v.submission_id = s.id AND v.number = s.version_count
        WHERE ${sql.join(where, sql` AND `)}`);
      count = Number(counted.rows[0]?.n ?? 0);
    }
    const flagsOf = (value: string[] | string) =>
      Array.isArray(value)
        ? value
        : value
            .replace(/^\{|\}$/g, '')
            .split(',')
            .filter(Boolean);
    return {
      results: rows.map((r) => {
        const fileFlags = flagsOf(r.file_flags).filter(
          (flag): flag is 'macros' | 'external_links' => flag === 'macros' || flag === 'external_links',
        );
        return {
          id: r.id,
          kind: r.kind,
          section: r.section,
          language: r.fields.language ?? null,
          title: r.fields.title ?? '',
          authorName: r.author_name,
          status: r.status,
          version: Number(r.version_count),
          submittedAt: new Date(r.submitted_at).toISOString(),
          claimedBy: r.claimed_by ? { id: r.claimed_by, name: r.claimer_name ?? '' } : null,
          flags: [
            ...fileFlags,
            ...(r.fields.confidential ? (['confidential'] as const) : []),
            ...(r.unpublish_requested ? (['unpublish_requested'] as const) : []),
          ],
          openReports: Number(r.open_reports),
        };
      }),
      count: Number(count),
      page: query.page,
      pageSize: QUEUE_PAGE_SIZE,
      pages: Math.ceil(Number(count) / QUEUE_PAGE_SIZE),
      openReports: Number(openReports.rows[0]?.n ?? 0),
    };
  }

  /** The copies in stock of a catalogue book's paper edition; null for a product without one. */
  async function paperStock(productId: number): Promise<number | null> {
    const product = (await deps.catalog.sales.offers([productId])).get(productId);
    return product?.offers.find((offer) => offer.format === 'paper')?.stock ?? null;
  }

  /**
   * One submission as editors review it: S1's view plus the author, the claim, what changed, its reports and, for a
   * book already in the catalogue, its paper copies in stock.
   */
  async function review(id: string, editor: Editor): Promise<ReviewSubmission> {
    const submission = await loadSubmission(view, id, { viewer: editor });
    if (!submission) throw notFound();
    const [row] = await db
      .select({
        authorId: submissions.authorId,
        claimedBy: submissions.claimedBy,
        productId: submissions.productId,
      })
      .from(submissions)
      .where(eq(submissions.id, id));
    if (!row) throw notFound();
    const profiles = await deps.accounts.profiles([row.authorId]);
    const author = profiles.get(row.authorId);
    const [authorName, claimerName] = await Promise.all([
      deps.accounts.authorName(row.authorId),
      row.claimedBy ? deps.accounts.authorName(row.claimedBy) : undefined,
    ]);
    return {
      ...submission,
      author: {
        id: row.authorId,
        name: authorName ?? author?.name ?? '',
        email: author?.email ?? '',
        language: author?.language ?? 'fr',
      },
      claimedBy: row.claimedBy ? { id: row.claimedBy, name: claimerName ?? '' } : null,
      changes: versionChanges(submission.history[1]?.values, submission.history[0]?.values),
      reports: row.productId === null ? [] : await reports.forProduct(row.productId),
      paperStock: row.productId === null ? null : await paperStock(row.productId),
    };
  }

  return { queue, review };
}
export type EditorialReads = ReturnType<typeof createEditorialReads>;
