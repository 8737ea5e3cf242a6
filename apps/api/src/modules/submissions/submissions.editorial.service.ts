import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  paths,
  productPath,
  type DecisionBody,
  type EditionFormat,
  type FileType,
  type Language,
  type ProductKind,
  type QueueItem,
  type QueuePage,
  type ReviewSubmission,
  type Role,
  type Section,
  type SubmissionEventKind,
  type SubmissionValues,
} from '@hls/contract';
import { COVER_HEIGHT, COVER_MIME, COVER_WIDTH, renderCover } from '../../lib/cover.ts';
import { AppError } from '../../plugins/app-error.ts';
import type { AppTxContext } from '../../plugins/database.ts';
import type { NewEdition, NewProduct } from '../catalog/index.ts';
import type { MailTemplates } from '../mail/index.ts';
import { createReports } from './submissions.reports.ts';
import {
  submissionEvents,
  submissionFiles,
  submissions,
  submissionVersions,
  type StoredFields,
} from './submissions.tables.ts';
import { loadSubmission, type SubmissionViewDeps } from './submissions.view.ts';

export const QUEUE_PAGE_SIZE = 20;

/** Who acts: an editor or an admin (admins may take over another editor's claim). */
export type Editor = { id: string; role: Role };

type DecisionInput = {
  decision: DecisionBody['decision'];
  comment: string;
  paperPriceCents?: number | undefined;
  ebookPriceCents?: number | undefined;
  priceCents?: number | undefined;
  discountPercent?: number | undefined;
  categoryId?: number | undefined;
  subcategoryId?: number | undefined;
  stock?: number | undefined;
  confidentialityChecked?: boolean | undefined;
};

type SubmissionRow = typeof submissions.$inferSelect;
type FileRow = typeof submissionFiles.$inferSelect;
export type AuthorDecision = MailTemplates['editorial_decision']['decision'];

/** The product a decision is about; `id` null: a product without a submission (the author's list is linked instead). */
export type DecidedProduct = { id: string | null; authorId: string; kind: ProductKind };

/** What the decision e-mailed to the author says. */
export type AuthorNotice = {
  decision: AuthorDecision;
  title: string;
  comment: string;
  version: number | null;
  productId: number | null;
};

const notFound = () => new AppError('not_found', 404, 'No such submission.');
const conflict = (message: string) => new AppError('invalid_transition', 409, message);
const invalid = (fields: Record<string, string>, message: string) =>
  new AppError('validation_failed', 400, message, fields);

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

/**
 * The editors' side of the submissions: the queue, claiming, the review of one submission with what changed, the
 * decisions (publishing creates or replaces the catalogue product through `app.catalog`), unpublication and the
 * reports of published documents (`reports`). Every decision is recorded as an event with its comment and e-mailed
 * to the author in the author's language, in the transaction of the change.
 */
export function createEditorialService(deps: { app: FastifyInstance }) {
  const { app } = deps;
  const { db, transaction } = app;
  const publicUrl = app.config.publicUrl;
  const view: SubmissionViewDeps = {
    db,
    catalog: app.catalog,
    unitsSold: (ids) => app.orders.unitsSold(ids),
  };

  async function recordEvent(
    ctx: AppTxContext,
    submissionId: string,
    kind: SubmissionEventKind,
    actorUserId: string | null,
    extra: { version?: number | null; comment?: string | null; actor?: 'editor' | 'system' } = {},
  ) {
    await ctx.tx.insert(submissionEvents).values({
      submissionId,
      kind,
      version: extra.version ?? null,
      comment: extra.comment ?? null,
      actor: extra.actor ?? 'editor',
      actorUserId,
    });
  }

  /** The decision e-mailed to the author, in the author's language, queued in the change's transaction. */
  async function tellAuthor(ctx: AppTxContext, row: DecidedProduct, data: AuthorNotice) {
    const profile = (await app.accounts.profiles([row.authorId], ctx)).get(row.authorId);
    if (!profile) return;
    await app.mail.queue(ctx, {
      to: profile.email,
      language: profile.language,
      template: 'editorial_decision',
      data: {
        firstName: profile.firstName,
        title: data.title,
        decision: data.decision,
        comment: data.comment,
        version: data.version,
        submissionUrl: `${publicUrl}${row.id ? paths.authorProduct.getHref(row.id) : paths.fileBook.getHref()}`,
        productUrl:
          data.productId === null
            ? null
            : `${publicUrl}${productPath({ id: data.productId, kind: row.kind })}`,
      },
    });
  }

  async function lockSubmission(ctx: AppTxContext, id: string): Promise<SubmissionRow> {
    const [row] = await ctx.tx.select().from(submissions).where(eq(submissions.id, id)).for('update');
    if (!row) throw notFound();
    return row;
  }

  async function lastVersion(ctx: AppTxContext | undefined, row: SubmissionRow) {
    const [version] = await (ctx?.tx ?? db)
      .select()
      .from(submissionVersions)
      .where(
        and(eq(submissionVersions.submissionId, row.id), eq(submissionVersions.number, row.versionCount)),
      );
    if (!version) throw conflict('The submission has no submitted version.');
    const files = version.fileIds.length
      ? await (ctx?.tx ?? db)
          .select()
          .from(submissionFiles)
          .where(inArray(submissionFiles.id, version.fileIds))
      : [];
    return { ...version, files };
  }

  /** The decision or release is the claiming editor's (an admin may act on any claim). */
  function checkReviewer(row: SubmissionRow, editor: Editor) {
    if (row.status !== 'in_review') throw conflict('The submission is not in review.');
    if (row.claimedBy !== editor.id && editor.role !== 'admin') {
      throw conflict('Another editor has claimed this submission.');
    }
  }

  /* ------------------------------------------------------------------------------------------ publication */

  type Prepared = {
    input: Omit<NewProduct, 'status'>;
    ebook?: NonNullable<NewProduct['file']>;
    stored: string[];
  };

  const ebookFileType = (mime: string): FileType => (mime === 'application/pdf' ? 'pdf' : 'package');

  /**
   * The catalogue input of a version: the editor's final values over the author's proposal, the uploaded cover
   * copied under covers/ (or a drawn one), the file or manuscript as the asset, a sample cut for paid PDFs.
   * Storage objects are written before the transaction (keys named after the submission and version); `stored`
   * lists them so they can be removed if the transaction fails.
   */
  async function prepareProduct(
    row: SubmissionRow,
    version: Awaited<ReturnType<typeof lastVersion>>,
    body: DecisionInput,
  ): Promise<Prepared> {
    const f: StoredFields = version.fields;
    const missing: Record<string, string> = {};
    const title = f.title?.trim();
    if (!title) missing.title = 'title.required';
    if (!f.description) missing.description = 'description.required';
    if (!f.language) missing.language = 'language.required';
    const categoryId = body.categoryId ?? f.categoryId ?? undefined;
    if (categoryId === undefined) missing.categoryId = 'category.required';
    const subcategoryId =
      body.categoryId !== undefined && body.subcategoryId === undefined
        ? null
        : (body.subcategoryId ?? f.subcategoryId ?? null);
    const slot = (name: FileRow['slot']) => version.files.find((file) => file.slot === name);
    const cover = slot('cover');
    const main = slot(row.kind === 'book' ? 'manuscript' : 'file');

    if (row.section === 'academic' && f.confidential && !body.confidentialityChecked) {
      missing.confidentialityChecked = 'confidentiality.required';
    }
    const discountPercent = body.discountPercent ?? 0;
    let editions: NewEdition[] = [];
    if (row.kind === 'book') {
      const paper = body.paperPriceCents ?? f.paperPriceCents ?? undefined;
      const ebook = body.ebookPriceCents ?? f.ebookPriceCents ?? undefined;
      const isbn = f.isbn ?? null;
      const pages = f.pages ?? main?.pages ?? null;
      editions = [
        ...(paper !== undefined
          ? [
              {
                format: 'paper' as EditionFormat,
                priceCents: paper,
                discountPercent,
                isbn,
                pages,
                stock: body.stock ?? 0,
              },
            ]
          : []),
        ...(ebook !== undefined
          ? [
              {
                format: 'ebook' as EditionFormat,
                priceCents: ebook,
                discountPercent,
                isbn: paper === undefined ? isbn : null,
                pages,
              },
            ]
          : []),
      ];
      if (editions.length === 0) missing.editions = 'editions.required';
      if (ebook !== undefined && !main) missing.manuscript = 'upload.required';
    } else {
      if (!main) missing.file = 'upload.required';
      if (!f.fileType) missing.fileType = 'fileType.required';
      if (row.section === 'academic' && !f.licence) missing.licence = 'licence.required';
    }
    const priceCents =
      row.kind === 'file'
        ? row.section === 'academic'
          ? 0
          : (body.priceCents ?? f.priceCents ?? undefined)
        : 0;
    if (priceCents === undefined) missing.priceCents = 'price.required';
    if (Object.keys(missing).length) throw invalid(missing, 'The submission cannot be published as it is.');

    const stored: string[] = [];
    try {
      const base = `submissions/${row.id}/v${version.number}`;
      let coverInput: NewProduct['cover'];
      if (cover) {
        const found = await app.storage.getObject(cover.storageKey);
        if (!found) throw conflict('The uploaded cover is missing from storage.');
        const key = `covers/${base}.${cover.mime === 'image/webp' ? 'webp' : (cover.mime.split('/')[1] ?? 'img')}`;
        await app.storage.putObject(key, found.bytes, cover.mime);
        stored.push(key);
        coverInput = { key, width: cover.width ?? COVER_WIDTH, height: cover.height ?? COVER_HEIGHT };
      } else {
        const key = `covers/${base}.svg`;
        const authorName = (await app.accounts.authorName(row.authorId)) ?? '';
        await app.storage.putObject(
          key,
          renderCover({
            title: title!,
            author: authorName,
            section: row.section,
            language: f.language!,
            fileType: row.kind === 'file' ? f.fileType! : null,
            seed: row.id,
          }),
          COVER_MIME,
        );
        stored.push(key);
        coverInput = { key, width: COVER_WIDTH, height: COVER_HEIGHT };
      }

      const asset = main && {
        fileType: row.kind === 'file' ? f.fileType! : ebookFileType(main.mime),
        storageKey: main.storageKey,
        originalName: main.originalName,
        mime: main.mime,
        sizeBytes: main.sizeBytes,
        sha256: main.sha256,
        // A PDF's pages are counted; an Office file's are what the author said.
        pages: main.pages ?? (row.kind === 'file' ? (f.pages ?? null) : null),
        macros: main.flags.includes('macros'),
      };
      const paid =
        row.kind === 'file'
          ? priceCents! > 0
          : editions.some((e) => e.format === 'ebook' && e.priceCents > 0);
      let sampleKey: string | null = null;
      if (main && paid && main.mime === 'application/pdf') {
        const sample = await app.uploads.cutSample(main.storageKey, `samples/${base}.pdf`);
        if (sample) {
          stored.push(sample.key);
          sampleKey = sample.key;
        }
      }

      const input: Omit<NewProduct, 'status'> = {
        kind: row.kind,
        section: row.section,
        title: title!,
        description: f.description!,
        language: f.language!,
        authorId: row.authorId,
        categoryId: categoryId!,
        subcategoryId,
        cover: coverInput,
        sampleKey,
        licence: row.section === 'academic' ? (f.licence ?? null) : null,
        publisher: f.publisher ?? null,
        publicationDate: f.publicationDate ?? null,
        sheets: f.sheets ?? null,
        slides: f.slides ?? null,
        archiveParts: f.archiveParts ?? [],
        software: f.software ?? [],
        usage: f.usage ?? null,
        // A link made from the twin's side stays when this version names none.
        ...(f.twinProductId ? { twinId: f.twinProductId } : {}),
        ...(row.kind === 'book'
          ? { editions }
          : {
              file: asset!,
              priceCents: priceCents!,
              discountPercent: row.section === 'academic' ? 0 : discountPercent,
            }),
      };
      const ebookOffered = editions.some((e) => e.format === 'ebook');
      return { input, ...(row.kind === 'book' && asset && ebookOffered ? { ebook: asset } : {}), stored };
    } catch (error) {
      await Promise.allSettled(stored.map((key) => app.storage.deleteObject(key)));
      throw error;
    }
  }

  /* -------------------------------------------------------------------------------------------- the queue */

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

  const reports = createReports({ app, archive, tellAuthor });

  /** One submission as editors review it: S1's view plus the author, the claim, what changed and its reports. */
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
    const profiles = await app.accounts.profiles([row.authorId]);
    const author = profiles.get(row.authorId);
    const [authorName, claimerName] = await Promise.all([
      app.accounts.authorName(row.authorId),
      row.claimedBy ? app.accounts.authorName(row.claimedBy) : undefined,
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
    };
  }

  return {
    queue,
    review,
    reports,

    /**
     * Takes a waiting submission for review (submitted → in_review, claimed by the editor). One conditional
     * UPDATE: of two editors claiming at once, one wins and the other gets 409. An admin may take over a claim.
     */
    async claim(id: string, editor: Editor): Promise<ReviewSubmission> {
      await transaction(async (ctx) => {
        const taken = await ctx.tx
          .update(submissions)
          .set({ status: 'in_review', claimedBy: editor.id, claimedAt: sql`now()`, updatedAt: sql`now()` })
          .where(
            and(
              eq(submissions.id, id),
              sql`(${submissions.status} = 'submitted' OR (${submissions.status} = 'in_review' AND (${submissions.claimedBy} IS NULL OR ${submissions.claimedBy} = ${editor.id} OR ${editor.role === 'admin'})))`,
            ),
          )
          .returning({ versionCount: submissions.versionCount, previous: submissions.claimedAt });
        if (taken.length === 0) {
          const [row] = await ctx.tx
            .select({ status: submissions.status, claimedBy: submissions.claimedBy })
            .from(submissions)
            .where(eq(submissions.id, id));
          if (!row || row.status === 'draft') throw notFound();
          throw conflict(
            row.status === 'in_review'
              ? 'Another editor has claimed this submission.'
              : 'Only a submission waiting for review can be claimed.',
          );
        }
        await recordEvent(ctx, id, 'claimed', editor.id, { version: taken[0]!.versionCount });
      });
      return review(id, editor);
    },

    /** Gives a claimed submission back to the queue (in_review → submitted). */
    async release(id: string, editor: Editor): Promise<ReviewSubmission> {
      await transaction(async (ctx) => {
        const row = await lockSubmission(ctx, id);
        if (row.status === 'draft') throw notFound();
        checkReviewer(row, editor);
        await ctx.tx
          .update(submissions)
          .set({ status: 'submitted', claimedBy: null, claimedAt: null, updatedAt: sql`now()` })
          .where(eq(submissions.id, id));
        await recordEvent(ctx, id, 'released', editor.id, { version: row.versionCount });
      });
      return review(id, editor);
    },

    /**
     * Publish, request changes or reject the last version, with a comment the author sees and receives. Publishing
     * creates the catalogue product, or replaces it with this version when the submission was published before;
     * `catalog.changed` is raised after the commit, so lists, search and sitemap show it at once.
     */
    async decide(id: string, editor: Editor, body: DecisionInput): Promise<ReviewSubmission> {
      const [current] = await db.select().from(submissions).where(eq(submissions.id, id));
      if (!current || current.status === 'draft') throw notFound();
      checkReviewer(current, editor);
      const version = await lastVersion(undefined, current);
      const prepared = body.decision === 'publish' ? await prepareProduct(current, version, body) : undefined;

      try {
        await transaction(async (ctx) => {
          const row = await lockSubmission(ctx, id);
          checkReviewer(row, editor);
          if (row.versionCount !== version.number) throw conflict('A new version arrived meanwhile.');
          const title = version.fields.title ?? '';
          let productId = row.productId;
          let kind: AuthorDecision;
          if (prepared) {
            kind = 'published';
            const input: NewProduct = { ...prepared.input, status: 'published' };
            if (productId === null) {
              productId = (await app.catalog.writes.createProduct(input, ctx)).id;
            } else {
              const updated = await app.catalog.writes.updateProduct(productId, input, ctx);
              if (!updated) productId = (await app.catalog.writes.createProduct(input, ctx)).id;
            }
            if (prepared.ebook) await app.catalog.assets.attach(productId, prepared.ebook, ctx);
          } else {
            kind = body.decision === 'request_changes' ? 'changes_requested' : 'rejected';
          }
          await ctx.tx
            .update(submissions)
            .set({
              status: kind,
              productId,
              claimedBy: null,
              claimedAt: null,
              ...(kind === 'published' ? { unpublishRequestedAt: null } : {}),
              updatedAt: sql`now()`,
            })
            .where(eq(submissions.id, id));
          await recordEvent(ctx, id, kind, editor.id, { version: version.number, comment: body.comment });
          await tellAuthor(ctx, row, {
            decision: kind,
            title,
            comment: body.comment,
            version: version.number,
            productId: kind === 'published' ? productId : null,
          });
        });
      } catch (error) {
        if (prepared) await Promise.allSettled(prepared.stored.map((key) => app.storage.deleteObject(key)));
        throw error;
      }
      return review(id, editor);
    },

    /** Unpublishes a published submission (an author's request, or the editors' own): product archived, author told. */
    async unpublish(id: string, editor: Editor, comment: string): Promise<ReviewSubmission> {
      await transaction(async (ctx) => {
        const row = await lockSubmission(ctx, id);
        if (row.status === 'draft') throw notFound();
        if (row.status !== 'published' || row.productId === null) {
          throw conflict('Only a published submission can be unpublished.');
        }
        await archive(ctx, row, editor.id, 'unpublished', comment);
      });
      return review(id, editor);
    },
  };

  /** A published submission archived with its product; the event and the author's e-mail carry the comment. */
  async function archive(
    ctx: AppTxContext,
    row: SubmissionRow,
    editorId: string,
    kind: 'unpublished' | 'report_upheld',
    comment: string,
  ) {
    if (row.productId !== null) await app.catalog.writes.setProductStatus(row.productId, 'archived', ctx);
    await ctx.tx
      .update(submissions)
      .set({
        status: 'archived',
        claimedBy: null,
        claimedAt: null,
        unpublishRequestedAt: null,
        updatedAt: sql`now()`,
      })
      .where(eq(submissions.id, row.id));
    await recordEvent(ctx, row.id, kind, editorId, { comment });
    const [version] = await ctx.tx
      .select({ fields: submissionVersions.fields })
      .from(submissionVersions)
      .where(
        and(eq(submissionVersions.submissionId, row.id), eq(submissionVersions.number, row.versionCount)),
      );
    await tellAuthor(ctx, row, {
      decision: kind,
      title: version?.fields.title ?? row.working.title ?? '',
      comment,
      version: null,
      productId: null,
    });
  }
}
export type EditorialService = ReturnType<typeof createEditorialService>;
