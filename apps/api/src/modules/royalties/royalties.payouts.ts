import { stringify } from 'csv-stringify/sync';
import { and, asc, count, desc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import {
  paths,
  withholdingOf,
  type AdminPayout,
  type PayoutScheme,
  type PayoutDue,
  type PayoutDueList,
  type PayoutRun,
  type PayoutRunBody,
  type PayoutRunList,
  type PayoutSummary,
  type TreatyForm,
} from '@hls/contract';
import type { Config } from '../../config.ts';
import type { Db, Tx } from '../../db/database.ts';
import { AppError } from '../../plugins/app-error.ts';
import type { AppTransaction, AppTxContext } from '../../plugins/database.ts';
import type { AccountsService, UserProfile } from '../accounts/index.ts';
import type { MailService } from '../mail/index.ts';
import { schemeOfRow, type BankService } from './royalties.bank.ts';
import { internationalPainXml, type InternationalTransfer } from './royalties.pain001.international.ts';
import { painXml, type Transfer } from './royalties.pain001.ts';
import { bankAccounts, payoutRuns, payouts, royaltyEntries } from './royalties.tables.ts';
import type { TreatyService } from './royalties.treaty.ts';
import type { Clock } from './royalties.types.ts';
import type { WithholdingService } from './royalties.withholding.ts';

export type PayoutDeps = {
  db: Db;
  transaction: AppTransaction;
  clock: Clock;
  bank: Pick<BankService, 'decryptCopy'>;
  mail: Pick<MailService, 'queue'>;
  accounts: Pick<AccountsService, 'profiles'>;
  withholding: Pick<WithholdingService, 'ratesOn'>;
  /** The authors' treaty forms, shown with what they are due (none when absent). */
  treaty?: Pick<TreatyService, 'ofAuthors'>;
  settings: Pick<Config['royalties'], 'minimumPayoutCents' | 'debtor' | 'chargeBearer'>;
  publicUrl: string;
};

/** Runs per page of the back office's list. */
export const PAYOUT_RUNS_PAGE_SIZE = 20;

type PayoutRow = typeof payouts.$inferSelect;
type RunRow = typeof payoutRuns.$inferSelect;

/** A transfer file made on demand from a run's stored payouts. */
export type TransferFileDownload = { fileName: string; xml: string };

/** A run's count and withholding per transfer file, read with it. */
type RunTotals = { sepaCount: number; internationalCount: number; withholdingCents: number };
const noTotals: RunTotals = { sepaCount: 0, internationalCount: 0, withholdingCents: 0 };

/** "HLS-PO-2026-000012": a prefix, the year, the running number on six digits. */
const referenceOf = (prefix: string, at: Date, n: number) =>
  `${prefix}-${at.getUTCFullYear()}-${String(n).padStart(6, '0')}`;

const isoDay = (at: Date) => at.toISOString().slice(0, 10);

const toSummary = (row: PayoutRow): PayoutSummary => ({
  id: row.id,
  reference: row.reference,
  amountCents: row.amountCents,
  royaltiesCents: row.amountCents + row.withholdingCents,
  withholdingBp: row.withholdingBp,
  withholdingCents: row.withholdingCents,
  residenceCountry: row.residenceCountry,
  scheme: row.scheme,
  periodFrom: row.periodFrom.toISOString(),
  periodTo: row.periodTo.toISOString(),
  paidAt: row.paidAt.toISOString(),
  ibanMasked: row.ibanMasked,
  entries: row.entries,
});

const toAdminPayout = (row: PayoutRow, author: UserProfile | undefined): AdminPayout => ({
  ...toSummary(row),
  authorId: row.authorId,
  authorName: author?.name ?? '',
  authorEmail: author?.email ?? '',
  holder: row.holder,
  bic: row.bic,
});

const toRun = (row: RunRow, totals: RunTotals) => ({
  id: row.id,
  reference: row.reference,
  createdAt: row.createdAt.toISOString(),
  createdBy: row.createdBy,
  executionDate: row.executionDate,
  totalCents: row.totalCents,
  count: row.count,
  ...totals,
});

const totalsOf = (rows: PayoutRow[]): RunTotals => ({
  sepaCount: rows.filter((p) => p.scheme === 'sepa').length,
  internationalCount: rows.filter((p) => p.scheme === 'international').length,
  withholdingCents: rows.reduce((sum, p) => sum + p.withholdingCents, 0),
});

/** A CSV whose text cells cannot be read as formulas by a spreadsheet (`= + - @`, tab, CR first). */
const csvOf = (rows: string[][]) =>
  stringify(rows.map((cells) => cells.map((cell) => (/^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell))));

/** What the bank statement's remittance says of a payout: the days its entries were written. */
function remittanceOf(row: PayoutRow): string {
  const from = isoDay(row.periodFrom);
  const to = isoDay(row.periodTo);
  return from === to ? `HLS royalties ${from}` : `HLS royalties ${from} to ${to}`;
}

/**
 * Payout runs: who is due, one payout per author in one transaction, the run's SEPA transfer file.
 *
 * A run locks the available unpaid entries (`FOR UPDATE`, in id order): a second run started at the same time
 * waits for the first to commit, then finds those entries paid (PostgreSQL re-reads a locked row's
 * `payout_id IS NULL` once its lock is released) and pays only what is left. An entry is never paid twice.
 */
export function createPayoutService(deps: PayoutDeps) {
  const { db, clock, settings } = deps;
  const minimum = settings.minimumPayoutCents;
  const pageUrl = `${deps.publicUrl}${paths.authorPayment.getHref()}`;

  async function payoutsOf(runId: string, executor: Db | Tx = db) {
    return executor.select().from(payouts).where(eq(payouts.runId, runId)).orderBy(asc(payouts.reference));
  }

  async function runWithPayouts(row: RunRow, rows: PayoutRow[], within?: AppTxContext): Promise<PayoutRun> {
    const authors = await deps.accounts.profiles(
      rows.map((p) => p.authorId),
      within,
    );
    return {
      ...toRun(row, totalsOf(rows)),
      payouts: rows.map((p) => toAdminPayout(p, authors.get(p.authorId))),
    };
  }

  return {
    /** Every author with unpaid entries: what is available now, what is still held, and whether a run pays it. */
    async due(): Promise<PayoutDueList> {
      const now = clock.now();
      const rows = await db
        .select({
          authorId: royaltyEntries.authorId,
          availableCents:
            sql<number>`coalesce(sum(${royaltyEntries.royaltyCents}) filter (where ${royaltyEntries.availableAt} <= ${now}), 0)`.mapWith(
              Number,
            ),
          pendingCents:
            sql<number>`coalesce(sum(${royaltyEntries.royaltyCents}) filter (where ${royaltyEntries.availableAt} is null or ${royaltyEntries.availableAt} > ${now}), 0)`.mapWith(
              Number,
            ),
          entries: count(),
          ibanMasked: bankAccounts.ibanMasked,
          accountKind: bankAccounts.accountKind,
          residenceCountry: bankAccounts.residenceCountry,
        })
        .from(royaltyEntries)
        .leftJoin(bankAccounts, eq(bankAccounts.userId, royaltyEntries.authorId))
        .where(isNull(royaltyEntries.payoutId))
        .groupBy(
          royaltyEntries.authorId,
          bankAccounts.ibanMasked,
          bankAccounts.accountKind,
          bankAccounts.residenceCountry,
        );
      const [authors, rates, treaties] = await Promise.all([
        deps.accounts.profiles(rows.map((r) => r.authorId)),
        deps.withholding.ratesOn(
          rows.flatMap((r) => (r.residenceCountry ? [r.residenceCountry] : [])),
          isoDay(now),
        ),
        deps.treaty?.ofAuthors(rows.map((r) => r.authorId)) ?? new Map<string, TreatyForm>(),
      ]);
      const results: PayoutDue[] = rows.map(({ accountKind, residenceCountry, ...row }) => {
        const author = authors.get(row.authorId);
        return {
          ...row,
          name: author?.name ?? '',
          email: author?.email ?? '',
          scheme:
            row.ibanMasked !== null && accountKind
              ? schemeOfRow({ accountKind, ibanMasked: row.ibanMasked })
              : null,
          withholdingBp: residenceCountry ? (rates.get(residenceCountry) ?? 0) : 0,
          payable: row.ibanMasked !== null && row.availableCents > 0 && row.availableCents >= minimum,
          treatyForm: treaties.get(row.authorId) ?? null,
        };
      });
      results.sort(
        (a, b) =>
          Number(b.payable) - Number(a.payable) ||
          b.availableCents - a.availableCents ||
          a.name.localeCompare(b.name),
      );
      return { minimumPayoutCents: minimum, results };
    },

    /**
     * Pays every payable author (or those named) their available balance, in one transaction: the entries
     * locked and marked paid, one payout per author with the bank details of the moment (the IBAN copied as
     * encrypted), the run, and an e-mail to each author. An author whose available sum is under the minimum
     * (a reversal may lower it) is left for a later run. Nothing payable: 409, nothing written.
     */
    async run(actorId: string, body: PayoutRunBody, within?: AppTxContext): Promise<PayoutRun> {
      const now = clock.now();
      const executionDate = body.executionDate ?? isoDay(now);
      if (executionDate < isoDay(now)) {
        throw new AppError('validation_failed', 'The execution date cannot be before today.', {
          executionDate: 'date.invalid',
        });
      }
      return deps.transaction(async (ctx) => {
        const { tx } = ctx;
        const locked = await tx
          .select({
            id: royaltyEntries.id,
            authorId: royaltyEntries.authorId,
            royaltyCents: royaltyEntries.royaltyCents,
            createdAt: royaltyEntries.createdAt,
          })
          .from(royaltyEntries)
          .innerJoin(bankAccounts, eq(bankAccounts.userId, royaltyEntries.authorId))
          .where(
            and(
              isNull(royaltyEntries.payoutId),
              lte(royaltyEntries.availableAt, now),
              body.authorIds ? inArray(royaltyEntries.authorId, body.authorIds) : undefined,
            ),
          )
          .orderBy(asc(royaltyEntries.id))
          .for('update', { of: royaltyEntries });

        const byAuthor = new Map<string, { ids: number[]; cents: number; from: Date; to: Date }>();
        for (const entry of locked) {
          const sum = byAuthor.get(entry.authorId);
          if (!sum) {
            byAuthor.set(entry.authorId, {
              ids: [entry.id],
              cents: entry.royaltyCents,
              from: entry.createdAt,
              to: entry.createdAt,
            });
            continue;
          }
          sum.ids.push(entry.id);
          sum.cents += entry.royaltyCents;
          if (entry.createdAt < sum.from) sum.from = entry.createdAt;
          if (entry.createdAt > sum.to) sum.to = entry.createdAt;
        }
        const payable = [...byAuthor].filter(([, sum]) => sum.cents > 0 && sum.cents >= minimum);
        if (payable.length === 0) {
          throw new AppError(
            'invalid_transition',
            `Nothing to pay: no author has an available balance of at least ${(minimum / 100).toFixed(2)} EUR with bank details saved.`,
          );
        }

        // The details payouts go to, as they are now (a change of them waits for this run's commit).
        const accounts = new Map(
          (
            await tx
              .select()
              .from(bankAccounts)
              .where(
                inArray(
                  bankAccounts.userId,
                  payable.map(([authorId]) => authorId),
                ),
              )
              .for('share')
          ).map((row) => [row.userId, row]),
        );

        const [runNumber] = (
          await tx.execute<{ n: string }>(sql`SELECT nextval('payout_run_number_seq') AS n`)
        ).rows;
        const payoutNumbers = (
          await tx.execute<{ n: string }>(
            sql`SELECT nextval('payout_number_seq') AS n FROM generate_series(1, ${payable.length}) ORDER BY 1`,
          )
        ).rows.map((row) => Number(row.n));
        // The withholding of each author's residence today, rounded once per payout; the rest is transferred.
        const rates = await deps.withholding.ratesOn(
          [...accounts.values()].flatMap((account) =>
            account.residenceCountry ? [account.residenceCountry] : [],
          ),
          isoDay(now),
          tx,
        );
        const paid = new Map(
          payable.map(([authorId, sum]) => {
            const account = accounts.get(authorId)!;
            const rateBp = account.residenceCountry ? (rates.get(account.residenceCountry) ?? 0) : 0;
            const withheld = withholdingOf(sum.cents, rateBp);
            return [authorId, { rateBp, withheld, amount: sum.cents - withheld }];
          }),
        );
        const totalCents = [...paid.values()].reduce((total, p) => total + p.amount, 0);
        const [run] = await tx
          .insert(payoutRuns)
          .values({
            reference: referenceOf('HLS-RUN', now, Number(runNumber!.n)),
            executionDate,
            totalCents,
            count: payable.length,
            createdAt: now,
            createdBy: actorId,
          })
          .returning();

        const inserted = await tx
          .insert(payouts)
          .values(
            payable.map(([authorId, sum], i) => {
              const account = accounts.get(authorId)!;
              const { rateBp, withheld, amount } = paid.get(authorId)!;
              return {
                runId: run!.id,
                authorId,
                reference: referenceOf('HLS-PO', now, payoutNumbers[i]!),
                amountCents: amount,
                entries: sum.ids.length,
                periodFrom: sum.from,
                periodTo: sum.to,
                holder: account.holder,
                ibanEncrypted: account.ibanEncrypted,
                ibanMasked: account.ibanMasked,
                bic: account.bic,
                accountKind: account.accountKind,
                scheme: schemeOfRow(account),
                creditor: {
                  street: account.holderStreet,
                  postcode: account.holderPostcode,
                  city: account.holderCity,
                  country: account.holderCountry,
                  bankName: account.bankName,
                  bankAddress: account.bankAddress,
                  bankCountry: account.country,
                },
                residenceCountry: account.residenceCountry,
                withholdingBp: rateBp,
                withholdingCents: withheld,
                paidAt: now,
              };
            }),
          )
          .returning();

        const payoutOf = new Map(inserted.map((p) => [p.authorId, p]));
        for (const [authorId, sum] of payable) {
          const marked = await tx
            .update(royaltyEntries)
            .set({ payoutId: payoutOf.get(authorId)!.id })
            .where(and(inArray(royaltyEntries.id, sum.ids), isNull(royaltyEntries.payoutId)))
            .returning({ id: royaltyEntries.id });
          // The entries are locked by this transaction: a difference is a bug, and rolls everything back.
          if (marked.length !== sum.ids.length)
            throw new Error(`payout run: ${sum.ids.length - marked.length} entries were paid meanwhile`);
        }

        const authors = await deps.accounts.profiles(
          inserted.map((p) => p.authorId),
          ctx,
        );
        for (const payout of inserted) {
          const author = authors.get(payout.authorId);
          if (!author) continue;
          await deps.mail.queue(ctx, {
            to: author.email,
            language: author.language,
            template: 'royalty_payout',
            data: {
              firstName: author.firstName,
              amountCents: payout.amountCents,
              reference: payout.reference,
              executionDate,
              ibanMasked: payout.ibanMasked,
              pageUrl,
            },
          });
        }
        inserted.sort((a, b) => a.reference.localeCompare(b.reference));
        return {
          ...toRun(run!, totalsOf(inserted)),
          payouts: inserted.map((p) => toAdminPayout(p, authors.get(p.authorId))),
        };
      }, within);
    },

    /** The runs, newest first, a page at a time. */
    async runs(page: number): Promise<PayoutRunList> {
      const [total] = await db.select({ n: count() }).from(payoutRuns);
      const rows = await db
        .select()
        .from(payoutRuns)
        .orderBy(desc(payoutRuns.createdAt), desc(payoutRuns.reference))
        .limit(PAYOUT_RUNS_PAGE_SIZE)
        .offset((page - 1) * PAYOUT_RUNS_PAGE_SIZE);
      const n = total?.n ?? 0;
      const totals = new Map<string, RunTotals>();
      if (rows.length > 0) {
        const sums = await db
          .select({
            runId: payouts.runId,
            sepaCount: sql<number>`count(*) filter (where ${payouts.scheme} = 'sepa')`.mapWith(Number),
            internationalCount:
              sql<number>`count(*) filter (where ${payouts.scheme} = 'international')`.mapWith(Number),
            withholdingCents: sql<number>`coalesce(sum(${payouts.withholdingCents}), 0)`.mapWith(Number),
          })
          .from(payouts)
          .where(
            inArray(
              payouts.runId,
              rows.map((r) => r.id),
            ),
          )
          .groupBy(payouts.runId);
        for (const { runId, ...sum } of sums) totals.set(runId, sum);
      }
      return {
        results: rows.map((row) => toRun(row, totals.get(row.id) ?? noTotals)),
        count: n,
        page,
        pageSize: PAYOUT_RUNS_PAGE_SIZE,
        pages: Math.max(1, Math.ceil(n / PAYOUT_RUNS_PAGE_SIZE)),
      };
    },

    /** One run with its payouts; 404 for an unknown id. */
    async getRun(id: string): Promise<PayoutRun> {
      const [row] = await db.select().from(payoutRuns).where(eq(payoutRuns.id, id));
      if (!row) throw new AppError('not_found', 'No such payout run.');
      return runWithPayouts(row, await payoutsOf(id));
    },

    /**
     * One of the run's transfer files, made again from its stored payouts (the accounts as they were at the run):
     * the SEPA credit transfer file of its SEPA payouts, or the international one of the others. Each IBAN or
     * account number is decrypted through the bank service, which audits it, the audit rows in one transaction.
     * 404 for an unknown run, or a run without payouts of that kind.
     */
    async transferFile(
      id: string,
      actorId: string,
      scheme: PayoutScheme = 'sepa',
    ): Promise<TransferFileDownload> {
      return deps.transaction(async (ctx) => {
        const [row] = await ctx.tx.select().from(payoutRuns).where(eq(payoutRuns.id, id));
        if (!row) throw new AppError('not_found', 'No such payout run.');
        const own = (await payoutsOf(id, ctx.tx)).filter((payout) => payout.scheme === scheme);
        if (own.length === 0)
          throw new AppError(
            'not_found',
            `This run has no ${scheme === 'sepa' ? 'SEPA' : 'international'} payout.`,
          );
        const account = (payout: PayoutRow) =>
          deps.bank.decryptCopy(
            payout.authorId,
            payout.ibanEncrypted,
            actorId,
            `pain.001 ${scheme} ${row.reference} (${payout.reference})`,
            ctx,
          );
        if (scheme === 'sepa') {
          const transfers: Transfer[] = [];
          for (const payout of own) {
            transfers.push({
              reference: payout.reference,
              holder: payout.holder,
              iban: await account(payout),
              bic: payout.bic,
              amountCents: payout.amountCents,
              remittance: remittanceOf(payout),
            });
          }
          const xml = painXml({
            reference: row.reference,
            createdAt: row.createdAt,
            executionDate: row.executionDate,
            debtor: settings.debtor,
            transfers,
          });
          return { fileName: `${row.reference}.xml`, xml };
        }
        const transfers: InternationalTransfer[] = [];
        for (const payout of own) {
          transfers.push({
            reference: payout.reference,
            holder: payout.holder,
            accountKind: payout.accountKind,
            account: await account(payout),
            bic: payout.bic,
            amountCents: payout.amountCents,
            remittance: remittanceOf(payout),
            creditor: payout.creditor ?? {
              street: null,
              postcode: null,
              city: null,
              country: null,
              bankName: '',
              bankAddress: null,
              bankCountry: payout.bic.slice(4, 6),
            },
          });
        }
        const xml = internationalPainXml({
          // A message id of its own: the bank refuses a second message with the SEPA file's.
          reference: `${row.reference}-INT`,
          createdAt: row.createdAt,
          executionDate: row.executionDate,
          debtor: settings.debtor,
          chargeBearer: settings.chargeBearer,
          transfers,
        });
        return { fileName: `${row.reference}-international.xml`, xml };
      });
    },

    /** The run's payouts as a CSV for the books: the royalties, the tax withheld and what was transferred. */
    async payoutsCsv(id: string): Promise<{ fileName: string; csv: string }> {
      const run = await this.getRun(id);
      const header = [
        'reference',
        'author',
        'email',
        'transfer_file',
        'account',
        'residence',
        'royalties_eur',
        'withholding_rate_percent',
        'withholding_eur',
        'paid_eur',
      ];
      const euros = (cents: number) => (cents / 100).toFixed(2);
      const lines = run.payouts.map((p) => [
        p.reference,
        p.authorName,
        p.authorEmail,
        p.scheme,
        p.ibanMasked,
        p.residenceCountry ?? '',
        euros(p.royaltiesCents),
        (p.withholdingBp / 100).toFixed(2),
        euros(p.withholdingCents),
        euros(p.amountCents),
      ]);
      return { fileName: `${run.reference}-payouts.csv`, csv: csvOf([header, ...lines]) };
    },

    /** An author's payouts, newest first (their payments page). */
    async forAuthor(authorId: string, within?: AppTxContext): Promise<PayoutSummary[]> {
      const rows = await (within?.tx ?? db)
        .select()
        .from(payouts)
        .where(eq(payouts.authorId, authorId))
        .orderBy(desc(payouts.paidAt), desc(payouts.reference));
      return rows.map(toSummary);
    },
  };
}

export type PayoutService = ReturnType<typeof createPayoutService>;
