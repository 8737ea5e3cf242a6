import { z } from 'zod';
import { Email, Language, Role } from './accounts.ts';
import { Id, ProductKind, ProductStatus, Section } from './catalog.ts';
import { booleanField, optionalOf } from './form-fields.ts';
import { COMMENT_MAX, MAX_PAGE } from './values.ts';
import {
  Discount,
  ProposedPrice,
  ReportReason,
  ReportStatus,
  ReviewDecision,
  UserStatus,
} from './authoring.ts';
import { VERSION_NOTE_MAX } from './file-versions.ts';
import { Submission } from './submissions.ts';

/**
 * Editorial and admin back office (SPEC §6, §7; DESIGN §5): reports of published documents, the editors' queue,
 * the review of a submission and its decisions, and the users' accounts an admin manages.
 */

/* ---------------------------------------------------------------- reports */

/** POST /api/reports ("Report this document"): anyone, logged in or not; rate limited. Answers 201 { id }. */
export const ReportBody = z.object({
  productId: Id,
  reason: ReportReason,
  details: z
    .string({ error: 'details.required' })
    .trim()
    .min(10, 'details.tooShort')
    .max(COMMENT_MAX, 'details.tooLong'),
  /** Required from a visitor who is not logged in, to be answered. */
  email: optionalOf(Email),
});
export type ReportBody = z.input<typeof ReportBody>;
export const ReportCreated = z.object({ id: z.number().int() });

export const Report = z.object({
  id: z.number().int(),
  productId: z.number().int(),
  productTitle: z.string(),
  productKind: ProductKind,
  section: Section,
  submissionId: z.string().nullable(),
  reason: ReportReason,
  details: z.string(),
  /** The reporter's e-mail (editors only). */
  reporterEmail: z.string().nullable(),
  status: ReportStatus,
  decisionComment: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type Report = z.infer<typeof Report>;
export const ReportListQuery = z.object({
  status: optionalOf(ReportStatus),
  page: z.coerce.number().int().min(1).max(MAX_PAGE).default(1),
});
export const ReportPage = z.object({
  results: z.array(Report),
  count: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  pages: z.number().int(),
});
export type ReportPage = z.infer<typeof ReportPage>;
export const ReportParams = z.object({ id: Id });
/** POST /api/editorial/reports/{id}/decision: uphold (the product is unpublished, the author told) or dismiss. */
export const ReportDecisionBody = z.object({
  uphold: booleanField,
  comment: z
    .string({ error: 'comment.required' })
    .trim()
    .min(1, 'comment.required')
    .max(COMMENT_MAX, 'comment.tooLong'),
});
export type ReportDecisionBody = z.input<typeof ReportDecisionBody>;

/* ---------------------------------------------------------------- editorial back office */

/** GET /api/editorial/queue: oldest first; by default the submissions waiting for a decision (submitted, in review). */
export const QueueQuery = z.object({
  status: optionalOf(
    z.enum(['submitted', 'in_review', 'changes_requested', 'rejected', 'published', 'archived']),
  ),
  section: optionalOf(Section),
  kind: optionalOf(ProductKind),
  language: optionalOf(Language),
  /** Only the submissions the current editor claimed. */
  mine: optionalOf(booleanField),
  page: z.coerce.number().int().min(1).max(MAX_PAGE).default(1),
});
export type QueueQuery = z.input<typeof QueueQuery>;

export const QueueItem = z.object({
  id: z.string(),
  kind: ProductKind,
  section: Section,
  language: Language.nullable(),
  title: z.string(),
  authorName: z.string(),
  status: ProductStatus,
  version: z.number().int(),
  /** When the version waiting was submitted (the queue's order). */
  submittedAt: z.string(),
  claimedBy: z.object({ id: z.string(), name: z.string() }).nullable(),
  flags: z.array(z.enum(['macros', 'external_links', 'confidential', 'unpublish_requested'])),
  openReports: z.number().int(),
});
export type QueueItem = z.infer<typeof QueueItem>;
export const QueuePage = z.object({
  results: z.array(QueueItem),
  count: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  pages: z.number().int(),
  /** Open reports of published documents, shown beside the queue. */
  openReports: z.number().int(),
});
export type QueuePage = z.infer<typeof QueuePage>;

/** A field that differs between two versions (files compare by content hash). */
export const VersionChange = z.object({
  field: z.string(),
  before: z.string().nullable(),
  after: z.string().nullable(),
});
export const ReviewSubmission = Submission.extend({
  author: z.object({ id: z.string(), name: z.string(), email: z.string(), language: Language }),
  claimedBy: z.object({ id: z.string(), name: z.string() }).nullable(),
  /** What the last version changed from the one before (empty for version 1). */
  changes: z.array(VersionChange),
  reports: z.array(Report),
  /**
   * The copies in stock of the catalogue book's paper edition (a new version of a book already published, which the
   * publish form starts from); null when there is no such edition yet.
   */
  paperStock: z.number().int().nullable(),
});
export type ReviewSubmission = z.infer<typeof ReviewSubmission>;

/**
 * POST /api/editorial/submissions/{id}/decision (the claiming editor, or an admin): a comment is always required.
 * Publishing may set the final prices, discount, category and subcategory (the author's proposal otherwise); a
 * confidential report is published only with `confidentialityChecked`; a paper price comes with its `stock`.
 */
export const DecisionBody = z
  .object({
    decision: ReviewDecision,
    comment: z
      .string({ error: 'comment.required' })
      .trim()
      .min(1, 'comment.required')
      .max(COMMENT_MAX, 'comment.tooLong'),
    paperPriceCents: optionalOf(ProposedPrice),
    ebookPriceCents: optionalOf(ProposedPrice),
    priceCents: optionalOf(ProposedPrice),
    discountPercent: optionalOf(Discount),
    categoryId: optionalOf(Id),
    subcategoryId: optionalOf(Id),
    /** Paper books: copies in stock at publication, required with a paper price. */
    stock: optionalOf(
      z.coerce
        .number({ error: 'stock.invalid' })
        .int('stock.invalid')
        .min(0, 'stock.invalid')
        .max(1_000_000, 'stock.invalid'),
    ),
    confidentialityChecked: optionalOf(booleanField),
    /** A republished file: what changed, in a few words for its buyers (their e-mail and /download show it). */
    versionNote: optionalOf(z.string().trim().max(VERSION_NOTE_MAX, 'versionNote.tooLong')),
  })
  .superRefine((body, ctx) => {
    // A paper edition published without its copies would stay "out of stock" for good.
    if (body.decision === 'publish' && body.paperPriceCents !== undefined && body.stock === undefined) {
      ctx.addIssue({ code: 'custom', path: ['stock'], message: 'stock.required' });
    }
  });
export type DecisionBody = z.input<typeof DecisionBody>;
/** POST /api/editorial/submissions/{id}/unpublish: an editor unpublishes (an author's request, or of their own). */
export const UnpublishBody = z.object({
  comment: z
    .string({ error: 'comment.required' })
    .trim()
    .min(1, 'comment.required')
    .max(COMMENT_MAX, 'comment.tooLong'),
});

/* ---------------------------------------------------------------- users (admin) */

export const AdminUserQuery = z.object({
  q: optionalOf(z.string().trim().max(200, 'search.tooLong')),
  role: optionalOf(Role),
  status: optionalOf(UserStatus),
  page: z.coerce.number().int().min(1).max(MAX_PAGE).default(1),
});
export type AdminUserQuery = z.input<typeof AdminUserQuery>;
export const AdminUser = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: Role,
  status: UserStatus,
  language: Language,
  createdAt: z.string(),
  suspendedAt: z.string().nullable(),
});
export type AdminUser = z.infer<typeof AdminUser>;
export const AdminUserPage = z.object({
  results: z.array(AdminUser),
  count: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  pages: z.number().int(),
});
export type AdminUserPage = z.infer<typeof AdminUserPage>;
export const UserParams = z.object({ id: z.uuid({ error: 'id.invalid' }) });
/** POST /api/admin/users/{id}/role. An admin cannot change their own role or suspend themselves (400). */
export const RoleChangeBody = z.object({ role: Role });
/** POST /api/admin/users/{id}/suspend | /reactivate. */
export const SuspendBody = z.object({
  reason: optionalOf(z.string().trim().max(COMMENT_MAX, 'comment.tooLong')),
});
