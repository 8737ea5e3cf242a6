import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify/sync';
import { and, asc, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type {
  AuthorPayments,
  Language,
  RoyaltyEntry,
  RoyaltyFormat,
  RoyaltyMonth,
  RoyaltyProductLine,
  RoyaltyReportQuery,
  RoyaltyState,
} from '@hls/contract';
import { royaltyFormats } from '@hls/contract';
import type { z } from 'zod';
import type { Config, SiteSettings } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import type { AccountsService } from '../accounts/index.ts';
import type { BankService } from './royalties.bank.ts';
import type { Ledger } from './royalties.ledger.ts';
import type { PayoutService } from './royalties.payouts.ts';
import { euros, percent, renderStatement, statementWords } from './royalties.statement-pdf.ts';
import { payouts, royaltyEntries } from './royalties.tables.ts';
import { nextRunDate } from './royalties.proposals.ts';
import type { Clock } from './royalties.types.ts';
import type { WithholdingService } from './royalties.withholding.ts';

export type StatementDeps = {
  db: Db;
  clock: Clock;
  ledger: Pick<Ledger, 'ratesAt'>;
  bank: Pick<BankService, 'get'>;
  payouts: Pick<PayoutService, 'forAuthor'>;
  withholding: Pick<WithholdingService, 'rateFor'>;
  accounts: Pick<AccountsService, 'profiles' | 'authorName'>;
  settings: Pick<Config['royalties'], 'digitalHold' | 'paperHold' | 'minimumPayoutCents' | 'chargeBearer'>;
  company: SiteSettings['company'];
};

type ReportFilter = Omit<z.output<typeof RoyaltyReportQuery>, 'page'>;

/** Entries per page of the detailed report. */
export const REPORT_PAGE_SIZE = 50;
/** Entries read at a time while a CSV is written (the file streams; memory stays flat). */
const CSV_BATCH = 1000;
/** Months of the earnings chart, the current one included. */
const CHART_MONTHS = 12;
const DAY_MS = 86_400_000;

const e = royaltyEntries;

/** An entry as the report, the CSV and the statement read it (its payout joined). */
const entryColumns = {
  id: e.id,
  kind: e.kind,
  createdAt: e.createdAt,
  /** The exact time (microseconds) as text: the CSV's cursor. */
  cursor: sql<string>`${e.createdAt}::text`,
  orderNumber: e.orderNumber,
  orderLineId: e.orderLineId,
  productId: e.productId,
  title: e.title,
  format: e.format,
  quantity: e.quantity,
  grossCents: e.grossCents,
  vatCents: e.vatCents,
  netCents: e.netCents,
  rateBp: e.rateBp,
  royaltyCents: e.royaltyCents,
  availableAt: e.availableAt,
  payoutId: e.payoutId,
  paidAt: payouts.paidAt,
  payoutReference: payouts.reference,
  /** The withholding rate of the payout that paid it (the tax is withheld once per payout). */
  withholdingBp: payouts.withholdingBp,
  // Through the unique index on reverses_id.
  reversed: sql<boolean>`EXISTS (SELECT 1 FROM ${royaltyEntries} r WHERE r.reverses_id = ${e.id})`,
};

/** The entries with their payout, to be filtered and ordered. */
const selectEntries = (db: Db) =>
  db.select(entryColumns).from(e).leftJoin(payouts, eq(payouts.id, e.payoutId));
type EntryRow = Awaited<ReturnType<typeof selectEntries>>[number];

/** Paid once a payout settled it; available once its hold ended (by the app's clock); pending until then. */
export function stateOf(
  entry: { payoutId: string | null; availableAt: Date | null },
  now: Date,
): RoyaltyState {
  if (entry.payoutId) return 'paid';
  return entry.availableAt && entry.availableAt.getTime() <= now.getTime() ? 'available' : 'pending';
}

function toEntry(row: EntryRow, now: Date): RoyaltyEntry {
  return {
    id: row.id,
    kind: row.kind,
    createdAt: row.createdAt.toISOString(),
    orderNumber: row.orderNumber,
    orderLineId: row.orderLineId,
    productId: row.productId,
    title: row.title,
    format: row.format,
    quantity: row.quantity,
    grossCents: row.grossCents,
    vatCents: row.vatCents,
    netCents: row.netCents,
    rateBp: row.rateBp,
    royaltyCents: row.royaltyCents,
    state: stateOf(row, now),
    availableAt: row.availableAt?.toISOString() ?? null,
    paidAt: row.paidAt?.toISOString() ?? null,
    payoutReference: row.payoutReference ?? null,
    reversed: Boolean(row.reversed),
  };
}

/** The report's filters: dates are whole UTC days, `to` included. */
function reportWhere(authorId: string, filter: ReportFilter): SQL {
  const conditions = [eq(e.authorId, authorId)];
  if (filter.from) conditions.push(gte(e.createdAt, new Date(`${filter.from}T00:00:00Z`)));
  if (filter.to) conditions.push(lt(e.createdAt, new Date(Date.parse(`${filter.to}T00:00:00Z`) + DAY_MS)));
  if (filter.productId !== undefined) conditions.push(eq(e.productId, filter.productId));
  return and(...conditions)!;
}

/** A sum of cents as a number (PostgreSQL sums integers as bigint, sent as text). */
const cents = (expression: SQL) => sql`coalesce(${expression}, 0)`.mapWith(Number);

/** Spreadsheets run a cell starting with = + - @ (or a tab, a CR) as a formula: such text gets a quote first. */
export const safeText = (value: string): string => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);

const formatOrder = (format: RoyaltyFormat) => royaltyFormats.indexOf(format);
const monthOf = (date: Date) => date.toISOString().slice(0, 7);

/**
 * The author's Paid Products: what each sale earned, per product and format, by month, line by line with its
 * state, the payouts received, and the same as a CSV and a monthly PDF statement. Reads the author's own entries
 * only (aggregates in the database, through the (author, created_at) index); states by the app's clock.
 */
export function createStatementService(deps: StatementDeps) {
  const { db, clock, settings } = deps;

  /** Per product and format: units, net, royalties, refunds, and the royalties pending / available / paid now. */
  async function productLines(authorId: string, now: Date): Promise<RoyaltyProductLine[]> {
    const at = sql`${now.toISOString()}::timestamptz`;
    const reversal = sql`${e.kind} = 'reversal'`;
    const rows = await db
      .select({
        productId: e.productId,
        format: e.format,
        // The title of the latest sale (a product renamed since shows its new name).
        title: sql<string>`(array_agg(${e.title} ORDER BY ${e.createdAt} DESC, ${e.id} DESC))[1]`,
        sold: cents(sql`sum(${e.quantity}) FILTER (WHERE ${e.kind} = 'accrual')`),
        refundedUnits: cents(sql`sum(${e.quantity}) FILTER (WHERE ${reversal})`),
        netCents: cents(sql`sum(${e.netCents})`),
        royaltyCents: cents(sql`sum(${e.royaltyCents})`),
        refundedCents: cents(sql`-sum(${e.royaltyCents}) FILTER (WHERE ${reversal})`),
        paidCents: cents(sql`sum(${e.royaltyCents}) FILTER (WHERE ${e.payoutId} IS NOT NULL)`),
        availableCents: cents(
          sql`sum(${e.royaltyCents}) FILTER (WHERE ${e.payoutId} IS NULL AND ${e.availableAt} <= ${at})`,
        ),
        pendingCents: cents(
          sql`sum(${e.royaltyCents}) FILTER (WHERE ${e.payoutId} IS NULL AND (${e.availableAt} IS NULL OR ${e.availableAt} > ${at}))`,
        ),
      })
      .from(e)
      .where(eq(e.authorId, authorId))
      .groupBy(e.productId, e.format);
    return rows
      .map(({ sold, ...row }) => ({ ...row, units: sold - row.refundedUnits }))
      .sort(
        (a, b) =>
          a.title.localeCompare(b.title) ||
          a.productId - b.productId ||
          formatOrder(a.format) - formatOrder(b.format),
      );
  }

  /** Royalties per UTC month and format over the last CHART_MONTHS months, months without any at zero. */
  async function monthly(authorId: string, now: Date): Promise<RoyaltyMonth[]> {
    const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (CHART_MONTHS - 1), 1));
    const end = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
    const month = sql<string>`to_char(${e.createdAt} AT TIME ZONE 'UTC', 'YYYY-MM')`;
    const rows = await db
      .select({ month, format: e.format, royaltyCents: cents(sql`sum(${e.royaltyCents})`) })
      .from(e)
      .where(and(eq(e.authorId, authorId), gte(e.createdAt, start), lt(e.createdAt, end)))
      .groupBy(month, e.format);
    return Array.from({ length: CHART_MONTHS }, (_, i) => {
      const key = monthOf(new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + i, 1)));
      const of = (format: RoyaltyFormat) =>
        rows.find((row) => row.month === key && row.format === format)?.royaltyCents ?? 0;
      return {
        month: key,
        paper: of('paper'),
        ebook: of('ebook'),
        professional_file: of('professional_file'),
      };
    });
  }

  async function report(authorId: string, query: z.output<typeof RoyaltyReportQuery>, now: Date) {
    const where = reportWhere(authorId, query);
    const [rows, [total]] = await Promise.all([
      selectEntries(db)
        .where(where)
        .orderBy(desc(e.createdAt), desc(e.id))
        .limit(REPORT_PAGE_SIZE)
        .offset((query.page - 1) * REPORT_PAGE_SIZE),
      db
        .select({ count: sql<number>`count(*)::int` })
        .from(e)
        .where(where),
    ]);
    const count = total?.count ?? 0;
    return {
      results: rows.map((row) => toEntry(row, now)),
      count,
      page: query.page,
      pageSize: REPORT_PAGE_SIZE,
      pages: Math.max(1, Math.ceil(count / REPORT_PAGE_SIZE)),
    };
  }

  /**
   * The author's name and e-mail, for the files they download, and their language: the page's they download from
   * when it is given, else their account's.
   */
  async function authorOf(
    authorId: string,
    pageLanguage?: Language,
  ): Promise<{ language: Language; name: string; email: string }> {
    const [profiles, publicName] = await Promise.all([
      deps.accounts.profiles([authorId]),
      deps.accounts.authorName(authorId),
    ]);
    const profile = profiles.get(authorId);
    return {
      language: pageLanguage ?? profile?.language ?? 'fr',
      name: publicName ?? profile?.name ?? '',
      email: profile?.email ?? '',
    };
  }

  return {
    /** GET /api/checkout/list: the author's Paid Products screen, the detailed report at the query's page. */
    async authorPayments(
      authorId: string,
      query: z.output<typeof RoyaltyReportQuery>,
    ): Promise<AuthorPayments> {
      const now = clock.now();
      const [products, payoutList, months, entries, rates, bank] = await Promise.all([
        productLines(authorId, now),
        deps.payouts.forAuthor(authorId),
        monthly(authorId, now),
        report(authorId, query, now),
        deps.ledger.ratesAt(now),
        deps.bank.get(authorId),
      ]);
      const withholdingBp = await deps.withholding.rateFor(bank?.residenceCountry ?? null);
      const sum = (key: 'pendingCents' | 'availableCents' | 'paidCents' | 'refundedCents') =>
        products.reduce((total, line) => total + line[key], 0);
      const totals = {
        pendingCents: sum('pendingCents'),
        availableCents: sum('availableCents'),
        paidCents: sum('paidCents'),
        refundedCents: sum('refundedCents'),
        balanceCents: sum('pendingCents') + sum('availableCents'),
      };
      const choices = new Map<number, string>();
      for (const line of products) if (!choices.has(line.productId)) choices.set(line.productId, line.title);
      return {
        totals,
        products,
        payouts: payoutList,
        monthly: months,
        report: entries,
        productChoices: [...choices].map(([id, title]) => ({ id, title })),
        terms: {
          rates,
          digitalHoldDays: Math.round(settings.digitalHold / 86_400),
          paperHoldDays: Math.round(settings.paperHold / 86_400),
          minimumPayoutCents: settings.minimumPayoutCents,
          payment: {
            scheme: bank?.scheme ?? null,
            chargeBearer: settings.chargeBearer,
            nextRunDate: nextRunDate(now),
            residenceCountry: bank?.residenceCountry ?? null,
            withholdingBp,
          },
        },
        hasBankDetails: bank !== null,
      };
    },

    /**
     * GET /api/checkout/list.csv: every entry of the report's filters, newest first, one row each, read and
     * written a batch at a time, headed in the page's language (else the account's). Amounts are decimal euros with a dot and stay numbers; text cells that a
     * spreadsheet would run as a formula are quoted out.
     */
    async csv(
      authorId: string,
      filter: ReportFilter,
      pageLanguage?: Language,
    ): Promise<{ filename: string; body: Readable }> {
      const now = clock.now();
      const { language } = await authorOf(authorId, pageLanguage);
      const w = statementWords[language];
      const where = reportWhere(authorId, filter);
      const columns = [
        w.date,
        w.order,
        w.productId,
        w.titleColumn,
        w.format,
        w.kind,
        w.quantity,
        w.gross,
        w.vat,
        w.net,
        w.rate,
        w.royalty,
        w.state,
        w.availableAt,
        w.paidAt,
        w.payoutReference,
        w.withholdingRate,
      ];
      const record = (row: EntryRow) => [
        row.createdAt.toISOString(),
        safeText(row.orderNumber),
        String(row.productId),
        safeText(row.title),
        safeText(w.formats[row.format]),
        safeText(w.kinds[row.kind]),
        String(row.quantity),
        euros(row.grossCents),
        euros(row.vatCents),
        euros(row.netCents),
        percent(row.rateBp),
        euros(row.royaltyCents),
        safeText(w.states[stateOf(row, now)]),
        row.availableAt?.toISOString() ?? '',
        row.paidAt?.toISOString() ?? '',
        safeText(row.payoutReference ?? ''),
        row.withholdingBp === null ? '' : percent(row.withholdingBp),
      ];
      async function* chunks() {
        // The byte order mark tells Excel the file is UTF-8: without it, it reads it in the system's code page
        // and "Relevé", "Leïla" come out garbled. Lines end with CRLF, as RFC 4180 has them.
        yield stringify([], { bom: true, header: true, columns, record_delimiter: 'windows' });
        let after: { cursor: string; id: number } | undefined;
        for (;;) {
          const rows: EntryRow[] = await selectEntries(db)
            .where(
              after
                ? and(where, sql`(${e.createdAt}, ${e.id}) < (${after.cursor}::timestamptz, ${after.id})`)
                : where,
            )
            .orderBy(desc(e.createdAt), desc(e.id))
            .limit(CSV_BATCH);
          if (rows.length > 0) yield stringify(rows.map(record), { record_delimiter: 'windows' });
          if (rows.length < CSV_BATCH) return;
          const last = rows[rows.length - 1]!;
          after = { cursor: last.cursor, id: last.id };
        }
      }
      const today = now.toISOString().slice(0, 10);
      return {
        filename: `hls-royalties-${filter.from ?? 'all'}-${filter.to ?? today}.csv`,
        body: Readable.from(chunks()),
      };
    },

    /**
     * GET /api/checkout/statement/{YYYY-MM}: the month's statement as a PDF in the language of the page it is
     * downloaded from, else the account's (a month without entries or payouts still gives one, saying so).
     */
    async statement(
      authorId: string,
      month: string,
      pageLanguage?: Language,
    ): Promise<{ filename: string; bytes: Buffer }> {
      const start = new Date(`${month}-01T00:00:00Z`);
      const end = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 1));
      const [author, rows, payoutList, [earned]] = await Promise.all([
        authorOf(authorId, pageLanguage),
        selectEntries(db)
          .where(and(eq(e.authorId, authorId), gte(e.createdAt, start), lt(e.createdAt, end)))
          .orderBy(asc(e.createdAt), asc(e.id)),
        deps.payouts.forAuthor(authorId),
        db
          .select({
            before: cents(
              sql`sum(${e.royaltyCents}) FILTER (WHERE ${e.createdAt} < ${start.toISOString()}::timestamptz)`,
            ),
            byEnd: cents(sql`sum(${e.royaltyCents})`),
          })
          .from(e)
          .where(and(eq(e.authorId, authorId), lt(e.createdAt, end))),
      ]);
      const paidBefore = (at: Date) =>
        payoutList
          .filter((p) => Date.parse(p.paidAt) < at.getTime())
          .reduce((sum, p) => sum + p.royaltiesCents, 0);
      const bytes = await renderStatement({
        language: author.language,
        month,
        issuedAt: clock.now(),
        company: deps.company,
        author,
        entries: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
        payouts: payoutList
          .filter((p) => Date.parse(p.paidAt) >= start.getTime() && Date.parse(p.paidAt) < end.getTime())
          .reverse(),
        openingCents: (earned?.before ?? 0) - paidBefore(start),
        closingCents: (earned?.byEnd ?? 0) - paidBefore(end),
      });
      return { filename: `hls-royalties-${month}.pdf`, bytes };
    },
  };
}

export type StatementService = ReturnType<typeof createStatementService>;
