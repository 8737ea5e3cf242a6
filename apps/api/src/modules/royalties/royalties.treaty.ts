import { eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import { TREATY_FORM_MAX_BYTES, type Role, type TreatyForm } from '@hls/contract';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../plugins/app-error.ts';
import type { AppTransaction } from '../../plugins/database.ts';
import type { Storage } from '../storage/index.ts';
import type { UploadsService } from '../uploads/index.ts';
import { bankAccounts, treatyForms } from './royalties.tables.ts';

export type TreatyDeps = {
  db: Db;
  transaction: AppTransaction;
  uploads: Pick<UploadsService, 'receiveMultipart' | 'discard'>;
  storage: Pick<Storage, 'deleteObject'>;
  log: Pick<FastifyBaseLogger, 'warn'>;
};

type TreatyRow = typeof treatyForms.$inferSelect;

const toTreatyForm = (row: TreatyRow): TreatyForm => ({
  id: row.id,
  fileName: row.fileName,
  size: row.sizeBytes,
  residenceCountry: row.residenceCountry,
  uploadedAt: row.uploadedAt.toISOString(),
});

const invalid = (field: string, message: string, text: string) =>
  new AppError('validation_failed', text, { [field]: message });
const notFound = () => new AppError('not_found', 'No such treaty form.');

/**
 * Authors' treaty forms: the certificate of residence or double-taxation treaty form an author files with their
 * residence, one PDF each, kept in private storage (under `treaty-forms/`, which no public route serves). Its author
 * and the admins download it; anyone else is told it does not exist.
 */
export function createTreatyService(deps: TreatyDeps) {
  const { db, uploads, storage, log } = deps;

  return {
    /** The treaty forms of these authors, by author. */
    async ofAuthors(userIds: string[]): Promise<Map<string, TreatyForm>> {
      if (userIds.length === 0) return new Map();
      const rows = await db.select().from(treatyForms).where(inArray(treatyForms.userId, userIds));
      return new Map(rows.map((row) => [row.userId, toTreatyForm(row)]));
    },

    /**
     * PUT /api/checkout/bank/treaty-form: the author's PDF (part `file`), filed with the residence of their bank
     * details (saved first: 409 otherwise), replacing the one on file. Streamed to storage and checked by content
     * by the uploads module: anything but a PDF is refused (400 `upload.type`) and nothing is left stored.
     */
    async upload(authorId: string, request: FastifyRequest): Promise<TreatyForm> {
      const { files } = await uploads.receiveMultipart(request, {
        // The manuscript slot takes a PDF (or an EPUB, refused below), checked for damage and active content.
        files: { file: 'manuscript' },
        keyPrefix: `treaty-forms/${authorId}`,
        maxFields: 0,
      });
      const [file] = files;
      if (!file) throw invalid('file', 'upload.required', 'Choose a PDF file.');
      let replaced: string | null = null;
      try {
        if (file.mime !== 'application/pdf')
          throw invalid('file', 'upload.type', 'The treaty form must be a PDF.');
        if (file.sizeBytes > TREATY_FORM_MAX_BYTES)
          throw new AppError('payload_too_large', 'The treaty form is too large.', {
            file: 'upload.tooLarge',
          });
        const row = await deps.transaction(async ({ tx }) => {
          const [bank] = await tx
            .select({ residenceCountry: bankAccounts.residenceCountry })
            .from(bankAccounts)
            .where(eq(bankAccounts.userId, authorId));
          if (!bank)
            throw new AppError(
              'invalid_transition',
              'Save your bank details and country of residence before the treaty form.',
            );
          const [before] = await tx
            .select({ storageKey: treatyForms.storageKey })
            .from(treatyForms)
            .where(eq(treatyForms.userId, authorId))
            .for('update');
          replaced = before?.storageKey ?? null;
          const values = {
            storageKey: file.storageKey,
            fileName: file.originalName,
            sizeBytes: file.sizeBytes,
            sha256: file.sha256,
            residenceCountry: bank.residenceCountry,
            uploadedAt: new Date(),
          };
          const [saved] = await tx
            .insert(treatyForms)
            .values({ userId: authorId, ...values })
            .onConflictDoUpdate({
              target: treatyForms.userId,
              set: { ...values, id: sql`gen_random_uuid()` },
            })
            .returning();
          return saved!;
        });
        if (replaced && replaced !== file.storageKey)
          await storage.deleteObject(replaced).catch((error: unknown) => {
            log.warn({ err: error, key: replaced }, 'replaced treaty form not deleted');
          });
        return toTreatyForm(row);
      } catch (error) {
        await uploads.discard(files);
        throw error;
      }
    },

    /**
     * A treaty form for GET /api/checkout/bank/treaty-form/{id}: its author's own, or any for an admin; another
     * author's is a 404, as is one that does not exist.
     */
    async file(viewer: { id: string; role: Role }, id: string) {
      const [row] = await db.select().from(treatyForms).where(eq(treatyForms.id, id));
      if (!row) throw notFound();
      if (viewer.role !== 'admin' && row.userId !== viewer.id) throw notFound();
      return row;
    },
  };
}

export type TreatyService = ReturnType<typeof createTreatyService>;
