import { asc, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  maskAccountNumber,
  maskIban,
  paths,
  payoutSchemeOf,
  type BankAccountKind,
  type BankDetails,
  type BankDetailsInput,
  type Role,
  type TreatyForm,
} from '@hls/contract';
import type { Db, Tx } from '../../db/database.ts';
import { AppError } from '../../plugins/app-error.ts';
import type { AppTransaction, AppTxContext } from '../../plugins/database.ts';
import type { AccountsService } from '../accounts/index.ts';
import type { MailService } from '../mail/index.ts';
import { bankAad, createBankCipher, type BankKeyRing } from './royalties.crypto.ts';
import { bankAccounts, bankAudit, payouts, treatyForms, type bankAuditActions } from './royalties.tables.ts';

export type BankDeps = {
  db: Db;
  transaction: AppTransaction;
  keys: BankKeyRing;
  mail: Pick<MailService, 'queue'>;
  accounts: Pick<AccountsService, 'profiles'>;
  publicUrl: string;
  /** The team's address for authors (the e-mail of a change names it). */
  contactEmail: string;
  log: Pick<FastifyBaseLogger, 'warn' | 'info'>;
};

/** The body of a create or update, validated and normalised by the contract (IBAN and BIC upper case, compact). */
export type { BankDetailsInput };

/** Who asks, from where: the route (or command) and the client address, for the audit. */
export type BankRequestInfo = { route: string; ip: string | null };

/** An author's details with the whole IBAN (or account number): only for a transfer file (every decryption is audited). */
export type BankAccountPlain = {
  holder: string;
  accountKind: BankAccountKind;
  /** The IBAN, or the account number for `accountKind` `account`. */
  iban: string;
  bic: string;
  bankName: string;
  country: string;
  /** The value to copy where the IBAN must be kept (a payout): same key ring, same additional data. */
  ibanEncrypted: string;
  ibanMasked: string;
};

export type RekeyCounts = { bankAccounts: number; payouts: number };

type BankAuditAction = (typeof bankAuditActions)[number];
type BankRow = typeof bankAccounts.$inferSelect;

/** Rows re-encrypted per transaction by a rotation. */
const REKEY_BATCH = 200;

/** How a saved account is paid: its masked IBAN still names its country. */
export const schemeOfRow = (row: { accountKind: BankAccountKind; ibanMasked: string }) =>
  payoutSchemeOf({ accountKind: row.accountKind, iban: row.ibanMasked });

/** The treaty form on file for an author, as the details show it. */
async function treatyOf(executor: Db | Tx, userId: string): Promise<TreatyForm | null> {
  const [row] = await executor.select().from(treatyForms).where(eq(treatyForms.userId, userId));
  return row
    ? {
        id: row.id,
        fileName: row.fileName,
        size: row.sizeBytes,
        residenceCountry: row.residenceCountry,
        uploadedAt: row.uploadedAt.toISOString(),
      }
    : null;
}

const toDetails = (row: BankRow, treatyForm: TreatyForm | null): BankDetails => ({
  holder: row.holder,
  accountKind: row.accountKind,
  ibanMasked: row.ibanMasked,
  bic: row.bic,
  bankName: row.bankName,
  bankAddress: row.bankAddress,
  country: row.country,
  holderStreet: row.holderStreet,
  holderPostcode: row.holderPostcode,
  holderCity: row.holderCity,
  holderCountry: row.holderCountry,
  residenceCountry: row.residenceCountry,
  scheme: schemeOfRow(row),
  treatyForm,
  updatedAt: row.updatedAt.toISOString(),
});

/**
 * Authors' bank details: validated by the contract, the IBAN encrypted under the key ring and bound to its author,
 * shown masked; every change e-mails the author (a hijacked account cannot quietly redirect payouts), and every
 * write, decryption, rotation and refusal leaves a row in `bank_audit`.
 */
export function createBankService(deps: BankDeps) {
  const { db, log } = deps;
  const cipher = createBankCipher(deps.keys);

  async function audit(
    executor: Db | Tx,
    rows: {
      ownerId: string | null;
      actorId: string | null;
      action: BankAuditAction;
      detail?: string | null;
      ip?: string | null;
    }[],
  ): Promise<void> {
    if (rows.length > 0) await executor.insert(bankAudit).values(rows);
  }

  /** Bank details still under another key than the current one, re-encrypted a batch per transaction. */
  async function rekeyBankAccounts(): Promise<number> {
    let moved = 0;
    for (;;) {
      const count = await deps.transaction(async ({ tx }) => {
        const rows = await tx
          .select({ userId: bankAccounts.userId, ibanEncrypted: bankAccounts.ibanEncrypted })
          .from(bankAccounts)
          .where(sql`NOT starts_with(${bankAccounts.ibanEncrypted}, ${`v1.${cipher.currentKeyId}.`})`)
          .orderBy(asc(bankAccounts.userId))
          .limit(REKEY_BATCH)
          .for('update');
        for (const row of rows) {
          const aad = bankAad(row.userId);
          await tx
            .update(bankAccounts)
            .set({ ibanEncrypted: cipher.encrypt(decryptRow(row.ibanEncrypted, aad, row.userId), aad) })
            .where(eq(bankAccounts.userId, row.userId));
        }
        await audit(
          tx,
          rows.map((row) => ({
            ownerId: row.userId,
            actorId: null,
            action: 'rekeyed' as const,
            detail: `bank details: ${cipher.keyIdOf(row.ibanEncrypted)} → ${cipher.currentKeyId}`,
          })),
        );
        return rows.length;
      });
      moved += count;
      if (count < REKEY_BATCH) return moved;
    }
  }

  /** The same for the IBANs the payouts copied (bound to their author too). */
  async function rekeyPayouts(): Promise<number> {
    let moved = 0;
    for (;;) {
      const count = await deps.transaction(async ({ tx }) => {
        const rows = await tx
          .select({
            id: payouts.id,
            authorId: payouts.authorId,
            reference: payouts.reference,
            ibanEncrypted: payouts.ibanEncrypted,
          })
          .from(payouts)
          .where(sql`NOT starts_with(${payouts.ibanEncrypted}, ${`v1.${cipher.currentKeyId}.`})`)
          .orderBy(asc(payouts.id))
          .limit(REKEY_BATCH)
          .for('update');
        for (const row of rows) {
          const aad = bankAad(row.authorId);
          await tx
            .update(payouts)
            .set({ ibanEncrypted: cipher.encrypt(decryptRow(row.ibanEncrypted, aad, row.authorId), aad) })
            .where(eq(payouts.id, row.id));
        }
        await audit(
          tx,
          rows.map((row) => ({
            ownerId: row.authorId,
            actorId: null,
            action: 'rekeyed' as const,
            detail: `payout ${row.reference}: ${cipher.keyIdOf(row.ibanEncrypted)} → ${cipher.currentKeyId}`,
          })),
        );
        return rows.length;
      });
      moved += count;
      if (count < REKEY_BATCH) return moved;
    }
  }

  /** Decrypts a stored value, naming the author (never the value) when it does not authenticate. */
  function decryptRow(value: string, aad: string, ownerId: string): string {
    try {
      return cipher.decrypt(value, aad);
    } catch (error) {
      throw new Error(`The IBAN stored for ${ownerId} cannot be decrypted: ${(error as Error).message}`, {
        cause: error,
      });
    }
  }

  return {
    /** The author's details, IBAN masked; null when none are saved. */
    async get(userId: string, within?: AppTxContext): Promise<BankDetails | null> {
      const executor = within?.tx ?? db;
      const [row] = await executor.select().from(bankAccounts).where(eq(bankAccounts.userId, userId));
      return row ? toDetails(row, await treatyOf(executor, userId)) : null;
    },

    /**
     * Saves the author's own details (the actor's: there is no other owner). `create` refuses when details exist
     * (409: update them), `update` when none do (404). The write, its audit row and the e-mail to the author
     * commit together.
     */
    save(
      actor: { id: string },
      body: BankDetailsInput,
      mode: 'create' | 'update',
      request: BankRequestInfo,
    ): Promise<BankDetails> {
      return deps.transaction(async (ctx) => {
        const now = new Date();
        // The IBAN, or the account number, under the same key ring and additional data.
        const account = body.accountKind === 'iban' ? body.iban! : body.accountNumber!;
        const values = {
          holder: body.holder,
          accountKind: body.accountKind,
          ibanEncrypted: cipher.encrypt(account, bankAad(actor.id)),
          ibanMasked: body.accountKind === 'iban' ? maskIban(account) : maskAccountNumber(account),
          bic: body.bic,
          bankName: body.bankName,
          bankAddress: body.bankAddress,
          country: body.country,
          holderStreet: body.holderStreet,
          holderPostcode: body.holderPostcode,
          holderCity: body.holderCity,
          holderCountry: body.holderCountry,
          residenceCountry: body.residenceCountry,
          updatedAt: now,
        };
        let row: BankRow | undefined;
        if (mode === 'create') {
          // A concurrent create waits for this one, then inserts nothing: one of the two is told to update.
          [row] = await ctx.tx
            .insert(bankAccounts)
            .values({ userId: actor.id, ...values, createdAt: now })
            .onConflictDoNothing()
            .returning();
          if (!row)
            throw new AppError(
              'invalid_transition',
              'Bank details are already saved for this account: update them instead.',
            );
        } else {
          [row] = await ctx.tx
            .update(bankAccounts)
            .set(values)
            .where(eq(bankAccounts.userId, actor.id))
            .returning();
          if (!row) throw new AppError('not_found', 'No bank details are saved yet: create them first.');
        }
        await audit(ctx.tx, [
          {
            ownerId: actor.id,
            actorId: actor.id,
            action: mode === 'create' ? 'created' : 'updated',
            detail: request.route,
            ip: request.ip,
          },
        ]);
        const author = (await deps.accounts.profiles([actor.id], ctx)).get(actor.id);
        if (author) {
          await deps.mail.queue(ctx, {
            to: author.email,
            language: author.language,
            template: 'bank_details_changed',
            data: {
              firstName: author.firstName,
              change: mode === 'create' ? 'created' : 'updated',
              at: row.updatedAt.toISOString(),
              holder: row.holder,
              ibanMasked: row.ibanMasked,
              bic: row.bic,
              bankName: row.bankName,
              pageUrl: `${deps.publicUrl}${paths.authorPayment.getHref()}`,
              resetUrl: `${deps.publicUrl}${paths.loginRegister.getHref()}`,
              contactEmail: deps.contactEmail,
            },
          });
        }
        return toDetails(row, await treatyOf(ctx.tx, actor.id));
      });
    },

    /**
     * The owner's details with the whole IBAN, for a payout's transfer file; null when none are saved. Writes a
     * `decrypted` audit row (in the caller's transaction when given one). `detail` says why (a run's reference).
     */
    decryptFor(
      ownerId: string,
      actorId: string | null,
      detail: string,
      within?: AppTxContext,
    ): Promise<BankAccountPlain | null> {
      return deps.transaction(async (ctx) => {
        const [row] = await ctx.tx.select().from(bankAccounts).where(eq(bankAccounts.userId, ownerId));
        if (!row) return null;
        const iban = decryptRow(row.ibanEncrypted, bankAad(ownerId), ownerId);
        await audit(ctx.tx, [{ ownerId, actorId, action: 'decrypted', detail }]);
        return {
          holder: row.holder,
          accountKind: row.accountKind,
          iban,
          bic: row.bic,
          bankName: row.bankName,
          country: row.country,
          ibanEncrypted: row.ibanEncrypted,
          ibanMasked: row.ibanMasked,
        };
      }, within);
    },

    /**
     * The whole IBAN of a value copied from the owner's details (a payout's `iban_encrypted`): same key ring,
     * same additional data. Audited like `decryptFor`.
     */
    decryptCopy(
      ownerId: string,
      ibanEncrypted: string,
      actorId: string | null,
      detail: string,
      within?: AppTxContext,
    ): Promise<string> {
      return deps.transaction(async (ctx) => {
        const iban = decryptRow(ibanEncrypted, bankAad(ownerId), ownerId);
        await audit(ctx.tx, [{ ownerId, actorId, action: 'decrypted', detail }]);
        return iban;
      }, within);
    },

    /**
     * Re-encrypts under the current key every IBAN still under another one, in the bank details and the payouts
     * (an audit row each); running it again moves nothing. Afterwards the old keys may leave the ring.
     */
    async rekey(): Promise<RekeyCounts> {
      const moved = { bankAccounts: await rekeyBankAccounts(), payouts: await rekeyPayouts() };
      log.info({ ...moved, key: cipher.currentKeyId }, 'bank details re-encrypted');
      return moved;
    },

    /** Someone other than an author asked for bank details: an audit row and a warning in the log. */
    async refused(actorId: string, role: Role, route: string, ip: string | null): Promise<void> {
      await audit(db, [{ ownerId: null, actorId, action: 'refused', detail: `${route} (${role})`, ip }]);
      log.warn({ actorId, role, route, ip }, 'bank details refused');
    },
  };
}

export type BankService = ReturnType<typeof createBankService>;
