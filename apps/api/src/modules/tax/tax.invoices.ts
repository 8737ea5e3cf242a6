import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { PgInsertValue } from 'drizzle-orm/pg-core';
import { categoryOf, type InvoiceKind, type InvoiceSummary, type Language } from '@hls/contract';
import type { SiteSettings } from '../../config.ts';
import type { Db, Tx } from '../../db/database.ts';
import { preparedForRows, rowPlaceholders } from '../../db/prepared.ts';
import {
  invoiceFilename,
  renderInvoice,
  type InvoiceDocument,
  type InvoiceLineData,
} from '../../lib/pdf/invoice.ts';
import { AppError } from '../../plugins/app-error.ts';
import type { AppTxContext } from '../../plugins/database.ts';
import {
  invoiceCounters,
  invoiceLines,
  invoices,
  type InvoiceBuyer,
  type InvoiceSeller,
} from './tax.tables.ts';

/** A line of an order as its invoice states it (the order's line as charged). */
export type InvoiceSnapshotLine = InvoiceLineData & { orderLineId: number };

/** A paid order as its invoice needs it: the checkout workflow maps the order's rows to it. */
export type InvoiceSnapshot = {
  orderId: string;
  orderNumber: string;
  userId: string;
  language: Language;
  buyer: InvoiceBuyer;
  reverseCharge: boolean;
  lines: InvoiceSnapshotLine[];
};

/** A refund as its credit note needs it: the order and the lines given back (refunds are whole lines). */
export type CreditNoteSnapshot = {
  orderId: string;
  orderLineIds: number[];
};

const prefixes: Record<InvoiceKind, string> = { invoice: 'INV', credit_note: 'CN' };

const notFound = () => new AppError('not_found', 'No such invoice.');

type InvoiceRow = typeof invoices.$inferSelect;

type InvoiceLineRow = typeof invoiceLines.$inferSelect;

/** An invoice's or credit note's document (what its PDF shows), read from its rows. */
async function documentOf(executor: Db | Tx, row: InvoiceRow): Promise<InvoiceDocument> {
  const lines = await executor
    .select()
    .from(invoiceLines)
    .where(eq(invoiceLines.invoiceId, row.id))
    .orderBy(asc(invoiceLines.id));
  let creditsNumber: string | null = null;
  if (row.creditsInvoiceId) {
    const [credited] = await executor
      .select({ number: invoices.number })
      .from(invoices)
      .where(eq(invoices.id, row.creditsInvoiceId));
    creditsNumber = credited?.number ?? null;
  }
  return toDocument(row, lines.map(lineData), creditsNumber);
}

/** What a document shows of an invoice line (stored, or as written). */
const lineData = (line: InvoiceLineData | InvoiceLineRow): InvoiceLineData => ({
  title: line.title,
  format: line.format as InvoiceLineData['format'],
  quantity: line.quantity,
  country: line.country,
  treatment: line.treatment,
  rateBp: line.rateBp,
  netCents: line.netCents,
  vatCents: line.vatCents,
  amountCents: line.amountCents,
});

/** What a document shows of an invoice's row. */
type InvoiceHead = Pick<
  InvoiceRow,
  | 'id'
  | 'kind'
  | 'number'
  | 'issuedAt'
  | 'language'
  | 'orderNumber'
  | 'seller'
  | 'buyer'
  | 'netCents'
  | 'vatCents'
  | 'totalCents'
  | 'reverseCharge'
>;

/** The document of an invoice's head, its lines (in their order) and the number of the invoice it credits. */
function toDocument(
  row: InvoiceHead,
  lines: InvoiceLineData[],
  creditsNumber: string | null,
): InvoiceDocument {
  return {
    id: row.id,
    kind: row.kind,
    number: row.number,
    issuedAt: row.issuedAt.toISOString(),
    language: row.language,
    orderNumber: row.orderNumber,
    creditsNumber,
    seller: row.seller,
    buyer: row.buyer,
    lines,
    netCents: row.netCents,
    vatCents: row.vatCents,
    totalCents: row.totalCents,
    reverseCharge: row.reverseCharge,
  };
}

/** What the seller's settings say of it when an invoice is issued (a copy kept with the invoice). */
const sellerOf = (company: SiteSettings['company']): InvoiceSeller => ({
  name: company.name,
  address: company.address,
  vatNumber: company.vatNumber,
  ossNumber: company.ossNumber,
  iossNumber: company.iossNumber,
});

/** A document's head as written (its number and totals are the statement's). */
type DocumentHead = Omit<typeof invoices.$inferInsert, 'number' | 'netCents' | 'vatCents' | 'totalCents'>;

/**
 * The statement numbering and writing a document and its lines (see `insertDocument`), given its values or the
 * placeholders of a statement built once. Six digits at least (lpad alone would cut a seventh). The lines refer to
 * the document written by the same statement; each answers its number and time.
 */
function documentInsert(
  executor: Db | Tx,
  kind: InvoiceKind,
  head: Omit<PgInsertValue<typeof invoices>, 'number' | 'kind'>,
  lines: Omit<PgInsertValue<typeof invoiceLines>, 'invoiceId'>[],
) {
  const counter = executor.$with('counter', {}).as(sql`
    INSERT INTO ${invoiceCounters} (kind, year, last)
    VALUES (${kind}, extract(year FROM now() AT TIME ZONE 'UTC')::int, 1)
    ON CONFLICT (kind, year) DO UPDATE SET last = ${invoiceCounters}.last + 1
    RETURNING ${prefixes[kind]}::text || '-' || year || '-' || lpad(last::text, greatest(6, length(last::text)), '0')
      AS number`);
  const document = executor.$with('document', {}).as(
    executor
      .insert(invoices)
      .values({ ...head, kind, number: sql`(SELECT number FROM counter)` })
      .returning({
        id: invoices.id,
        number: invoices.number,
        issuedMs: sql`(extract(epoch FROM ${invoices.issuedAt}) * 1000)::float8`.as('issued_ms'),
      })
      .getSQL(),
  );
  return executor
    .with(counter, document)
    .insert(invoiceLines)
    .values(lines.map((line) => ({ ...line, invoiceId: sql`(SELECT id FROM document)` })))
    .returning({
      id: invoiceLines.invoiceId,
      number: sql<string>`(SELECT number FROM document)`,
      issuedMs: sql<number>`(SELECT issued_ms FROM document)`.mapWith(Number),
    });
}

/** `documentInsert` of an invoice of `size` lines, its values `sql.placeholder`s (built once: `invoiceOf`). */
function invoiceStatement(db: Db, size: number) {
  const value = sql.placeholder;
  const head = {
    orderId: value('orderId'),
    orderNumber: value('orderNumber'),
    userId: value('userId'),
    language: value('language'),
    seller: value('seller'),
    buyer: value('buyer'),
    reverseCharge: value('reverseCharge'),
    netCents: value('netCents'),
    vatCents: value('vatCents'),
    totalCents: value('totalCents'),
  };
  const lines = Array.from({ length: size }, (_, i) => {
    const of = rowPlaceholders(i);
    return {
      orderLineId: of('orderLineId'),
      title: of('title'),
      format: of('format'),
      quantity: of('quantity'),
      category: of('category'),
      country: of('country'),
      treatment: of('treatment'),
      rateBp: of('rateBp'),
      netCents: of('netCents'),
      vatCents: of('vatCents'),
      amountCents: of('amountCents'),
    };
  });
  return documentInsert(db, 'invoice', head, lines);
}

/** The invoices built once (`preparedForRows` of `invoiceStatement`): the statement of these lines, if any. */
type InvoiceStatements = (
  tx: Tx,
  rows: readonly object[],
  values: Record<string, unknown>,
) => { execute(): Promise<{ id: string; number: string; issuedMs: number }[]> } | undefined;

/**
 * Numbers and writes an invoice or credit note with its lines, in one statement; answers its document as written.
 * The number is the next of its kind's sequence for the current year (UTC), taken in the caller's transaction: the
 * counter's row stays locked until it commits, so concurrent payments take 1, 2, 3… in turn, and a rollback gives
 * its number back to the next one — no number is skipped or used twice.
 */
async function insertDocument(
  tx: Tx,
  head: DocumentHead,
  lines: InvoiceSnapshotLine[],
  creditsNumber: string | null,
  /** The statements built once for such documents (`invoiceOf`), when there are. */
  builtOnce?: InvoiceStatements,
): Promise<InvoiceDocument> {
  const sum = (pick: (l: InvoiceSnapshotLine) => number) => lines.reduce((s, l) => s + pick(l), 0);
  const totals = {
    netCents: sum((l) => l.netCents),
    vatCents: sum((l) => l.vatCents),
    totalCents: sum((l) => l.amountCents),
  };
  const rows = lines.map((line) => ({
    ...lineData(line),
    orderLineId: line.orderLineId,
    category: categoryOf(line.format),
  }));
  const statement = builtOnce?.(tx, rows, { ...head, ...totals });
  const [written] = statement
    ? await statement.execute()
    : await documentInsert(tx, head.kind, { ...head, ...totals }, rows);
  const row = { ...head, ...totals, ...written!, issuedAt: new Date(written!.issuedMs) };
  return toDocument(
    { ...row, reverseCharge: head.reverseCharge ?? false },
    lines.map(lineData),
    creditsNumber,
  );
}

/**
 * Invoices and credit notes (decision 0027): issued in the payment's or the refund's transaction, never edited,
 * numbered without gaps; read back by their owner and the back office, as summaries and as PDFs.
 */
export function createInvoices(deps: { db: Db; company: SiteSettings['company'] }) {
  const { db } = deps;
  /** The invoice of an order of a few lines, built once per count of lines. */
  const invoiceOf: InvoiceStatements = preparedForRows(4, (size) => invoiceStatement(db, size));

  return {
    /**
     * The invoice of a paid order, in the payment's transaction: the seller's identifiers as set now, the buyer,
     * each line as charged. Called once per order, by the transaction that marked it paid (its row locked): an
     * order has one invoice, and a second one would break `invoices_order_invoice_unique`, rolling that back.
     */
    async issueInvoice(ctx: AppTxContext, snapshot: InvoiceSnapshot): Promise<InvoiceDocument> {
      return insertDocument(
        ctx.tx,
        {
          kind: 'invoice',
          orderId: snapshot.orderId,
          orderNumber: snapshot.orderNumber,
          userId: snapshot.userId,
          language: snapshot.language,
          seller: sellerOf(deps.company),
          buyer: snapshot.buyer,
          reverseCharge: snapshot.reverseCharge,
        },
        snapshot.lines,
        null,
        // The usual invoice, of a few lines, by its statement built once; a larger one built now.
        invoiceOf,
      );
    },

    /**
     * The credit note of a refund, in the refund's transaction: the refunded lines of the order's invoice, their
     * amounts negated. Once per refund (the same lines give the same credit note); null when the order has no
     * invoice (paid before invoices were issued) or none of the lines is on it.
     */
    async issueCreditNote(ctx: AppTxContext, snapshot: CreditNoteSnapshot): Promise<InvoiceDocument | null> {
      const { tx } = ctx;
      const refundKey = [...new Set(snapshot.orderLineIds)].sort((a, b) => a - b).join(',');
      const [existing] = await tx
        .select()
        .from(invoices)
        .where(and(eq(invoices.orderId, snapshot.orderId), eq(invoices.refundKey, refundKey)));
      if (existing) return documentOf(tx, existing);
      const [invoice] = await tx
        .select()
        .from(invoices)
        .where(and(eq(invoices.orderId, snapshot.orderId), eq(invoices.kind, 'invoice')));
      if (!invoice || snapshot.orderLineIds.length === 0) return null;
      const invoiced = await tx
        .select()
        .from(invoiceLines)
        .where(
          and(
            eq(invoiceLines.invoiceId, invoice.id),
            inArray(invoiceLines.orderLineId, snapshot.orderLineIds),
          ),
        )
        .orderBy(asc(invoiceLines.id));
      if (invoiced.length === 0) return null;
      return insertDocument(
        tx,
        {
          kind: 'credit_note',
          orderId: invoice.orderId,
          orderNumber: invoice.orderNumber,
          userId: invoice.userId,
          creditsInvoiceId: invoice.id,
          refundKey,
          language: invoice.language,
          seller: sellerOf(deps.company),
          buyer: invoice.buyer,
          reverseCharge: invoice.reverseCharge,
        },
        invoiced.map((line) => ({
          ...lineData(line),
          orderLineId: line.orderLineId,
          netCents: -line.netCents,
          vatCents: -line.vatCents,
          amountCents: -line.amountCents,
        })),
        invoice.number,
      );
    },

    /** An order's invoice and credit notes, oldest first; `userId` keeps them to their owner. */
    async ofOrder(orderId: string, userId?: string): Promise<InvoiceSummary[]> {
      // The credited invoice's number, named in full: a bare column would read the subquery's own row.
      const credited = sql<
        string | null
      >`(SELECT i2.number FROM ${invoices} i2 WHERE i2.id = "invoices"."credits_invoice_id")`;
      const rows = await db
        .select({
          id: invoices.id,
          kind: invoices.kind,
          number: invoices.number,
          orderId: invoices.orderId,
          orderNumber: invoices.orderNumber,
          issuedAt: invoices.issuedAt,
          totalCents: invoices.totalCents,
          creditsNumber: credited,
        })
        .from(invoices)
        .where(and(eq(invoices.orderId, orderId), userId ? eq(invoices.userId, userId) : undefined))
        .orderBy(asc(invoices.issuedAt), asc(invoices.number));
      return rows.map((r) => ({ ...r, issuedAt: r.issuedAt.toISOString() }));
    },

    /** One invoice's or credit note's PDF; 404 when it is not of this order (or, with `userId`, not theirs). */
    async pdf(
      orderId: string,
      invoiceId: string,
      userId?: string,
    ): Promise<{ filename: string; bytes: Uint8Array }> {
      const [row] = await db
        .select()
        .from(invoices)
        .where(
          and(
            eq(invoices.id, invoiceId),
            eq(invoices.orderId, orderId),
            userId ? eq(invoices.userId, userId) : undefined,
          ),
        );
      if (!row) throw notFound();
      const document = await documentOf(db, row);
      return { filename: invoiceFilename(document), bytes: await renderInvoice(document) };
    },
  };
}

export type Invoices = ReturnType<typeof createInvoices>;
