import { inArray } from 'drizzle-orm';
import type { ProductKind, ProductStatus, Section, UploadSlot } from '@hls/contract';
import type { AppTxContext } from '../../plugins/database.ts';
import {
  submissionEvents,
  submissionFiles,
  submissions,
  submissionVersions,
  type StoredFields,
} from './submissions.tables.ts';

/** A catalogue product written without a proposal (the demo data set, an import), and what its proposal holds. */
export type AdoptedProduct = {
  productId: number;
  authorId: string;
  kind: ProductKind;
  section: Section;
  /** The product's status: a draft stays a draft, a published product is published, the rest wait for review. */
  status: ProductStatus;
  fields: StoredFields;
  /** When it was proposed (the queue's order) and, if published, when. */
  submittedAt: Date;
  publishedAt: Date | null;
  /** The manuscript or file, already stored: editors download it from the submission. */
  file?: {
    slot: Extract<UploadSlot, 'manuscript' | 'file'>;
    storageKey: string;
    originalName: string;
    mime: string;
    sizeBytes: number;
    sha256: string;
    pages: number | null;
  };
};

const adoptedStatus = (status: ProductStatus) =>
  status === 'draft' || status === 'published' || status === 'archived' || status === 'rejected'
    ? status
    : 'submitted';

/**
 * Gives each product its proposal, as if its author had sent it: version 1 with its fields and file, the history
 * (sent, then published), the link to the product. A product that has a proposal already is left alone, so this
 * is safe to run again. Answers how many proposals were made.
 */
export async function adoptProducts({ tx }: AppTxContext, items: AdoptedProduct[]): Promise<number> {
  // One read finds the products that have their proposal already (every start after the first): nothing to write.
  const known = items.length
    ? await tx
        .select({ productId: submissions.productId })
        .from(submissions)
        .where(
          inArray(
            submissions.productId,
            items.map((item) => item.productId),
          ),
        )
    : [];
  const adoptedAlready = new Set(known.map((row) => row.productId));
  let adopted = 0;
  for (const item of items.filter((item) => !adoptedAlready.has(item.productId))) {
    const status = adoptedStatus(item.status);
    const sent = status !== 'draft';
    const [row] = await tx
      .insert(submissions)
      .values({
        authorId: item.authorId,
        kind: item.kind,
        section: item.section,
        status,
        working: item.fields,
        versionCount: sent ? 1 : 0,
        productId: item.productId,
        submittedAt: sent ? item.submittedAt : null,
        createdAt: item.submittedAt,
        updatedAt: item.publishedAt ?? item.submittedAt,
      })
      .onConflictDoNothing({ target: submissions.productId })
      .returning({ id: submissions.id });
    if (!row) continue;
    adopted += 1;
    const fileIds: string[] = [];
    if (item.file) {
      const [file] = await tx
        .insert(submissionFiles)
        .values({ submissionId: row.id, ...item.file, createdAt: item.submittedAt })
        .returning({ id: submissionFiles.id });
      fileIds.push(file!.id);
    }
    const events: (typeof submissionEvents.$inferInsert)[] = [
      {
        submissionId: row.id,
        kind: 'created',
        actor: 'author',
        actorUserId: item.authorId,
        at: item.submittedAt,
      },
    ];
    if (sent) {
      await tx.insert(submissionVersions).values({
        submissionId: row.id,
        number: 1,
        fields: item.fields,
        fileIds,
        createdAt: item.submittedAt,
      });
      events.push({
        submissionId: row.id,
        kind: 'submitted',
        version: 1,
        actor: 'author',
        actorUserId: item.authorId,
        at: item.submittedAt,
      });
    }
    if (status === 'published' && item.publishedAt) {
      events.push({
        submissionId: row.id,
        kind: 'published',
        version: 1,
        actor: 'system',
        at: item.publishedAt,
      });
    }
    await tx.insert(submissionEvents).values(events);
  }
  return adopted;
}
