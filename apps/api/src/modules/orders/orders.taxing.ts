import { and, eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { computeTax, type Order, type RateOf, type TaxEvidence } from '@hls/contract';
import type { CheckoutSettings } from '../../config.ts';
import type { Db, DbOrTx, Tx } from '../../db/database.ts';
import {
  inTransaction,
  keptOrBuilt,
  preparedForRows,
  preparedOnce,
  rowPlaceholders,
} from '../../db/prepared.ts';
import { AppError } from '../../plugins/app-error.ts';
import { dayOf, rateOfRows, ratesJson, type RateRow } from '../tax/index.ts';
import { toOrder, type LineRow, type OrderDetail, type OrderRow } from './orders.queries.ts';
import {
  notFound,
  notPayable,
  parsedJson,
  orderFromJson,
  writtenOrder,
  type WrittenOrderJson,
} from './orders.records.ts';
import { orderEvents, orderLines, orders } from './orders.tables.ts';

/**
 * An order's VAT (decision 0027): computed when the buyer says where they live, again when the delivery address
 * changes the country its books go to, with the rates of the day; each line keeps its country, rate and amounts.
 */

export type TaxingDeps = {
  db: Db;
  vat: CheckoutSettings['vat'];
};

/** The buyer's country and status as the billing step decided them. */
export type Billing = { country: string; vatNumber: string | null; evidence: TaxEvidence };

type TaxedOrder = ReturnType<typeof computeTax>;

/** The VAT of an order's lines and totals, from where its buyer lives and its books go, with the rates given. */
function orderTax(
  order: { billingCountry: string; shippingCountry: string | null; business: boolean },
  lines: LineRow[],
  rateOf: RateOf,
  vat: CheckoutSettings['vat'],
): TaxedOrder {
  return computeTax({
    lines: lines.map((l) => ({ id: l.id, format: l.format, totalCents: l.totalCents })),
    buyerCountry: order.billingCountry,
    shippingCountry: order.shippingCountry,
    business: order.business,
    pricesIncludeVat: vat.pricesIncludeVat,
    rateOf,
    importThresholdCents: vat.importThresholdCents,
  });
}

/**
 * A step of a pending order that may change its VAT (billing, address), as its statements are built: once, their
 * values `sql.placeholder`s filled at each run from `taxedStep`'s `values` and `unchanged`.
 */
export type TaxedStepKind = {
  /** The countries whose rates are read, as SQL over the order `o`. */
  countries: (o: SQL) => SQL;
  /** What the step sets on the order. */
  set: SQL;
  /** What must still hold of the order row for the tax computed to stand (beside its owner and status). */
  unchanged: SQL;
  event: 'billing_saved' | 'address_saved';
};

/** A taxed line's values in the statement of `writeStepStatement`, in the order of its `VALUES`. */
const taxedLineColumns = ['id', 'country', 'treatment', 'rate', 'vat', 'net', 'amount'] as const;
type TaxedLineValue = (column: (typeof taxedLineColumns)[number]) => unknown;

/** The values of a taxed order's lines, named as `taxedLineColumns`. */
const taxedLineRows = (taxed: TaxedOrder) =>
  taxed.lines.map((l) => ({
    id: l.id,
    country: l.taxCountry,
    treatment: l.treatment,
    rate: l.rateBp,
    vat: l.vatCents,
    net: l.netCents,
    amount: l.amountCents,
  }));

/** The totals a taxed order's row takes. */
const taxedTotals = (taxed: TaxedOrder, vat: CheckoutSettings['vat']) => ({
  netCents: taxed.netCents,
  vatCents: taxed.vatCents,
  totalCents: taxed.totalCents,
  reverseCharge: taxed.lines.some((l) => l.treatment === 'reverse_charge'),
  pricesIncludeVat: vat.pricesIncludeVat,
});

/**
 * The statement that updates the order (`kind.set`, on condition that it is the customer's, pending, and
 * `kind.unchanged`), taxes its lines when `lines` are given (else leaves them), and writes the event `kind.event`
 * (the order's status after it). It answers the order, its lines and its whole history as written, or nothing.
 */
function writeStepStatement(executor: DbOrTx, kind: TaxedStepKind, lines: TaxedLineValue[] | null) {
  const value = sql.placeholder;
  const totals = lines
    ? sql`net_cents = ${value('netCents')}::int, vat_cents = ${value('vatCents')}::int,
        total_cents = ${value('totalCents')}::int, reverse_charge = ${value('reverseCharge')}::boolean,
        prices_include_vat = ${value('pricesIncludeVat')}::boolean, `
    : sql``;
  const o = executor.$with('o', { id: sql<string>`id`.as('id') }).as(sql`
    UPDATE ${orders} SET ${kind.set}, ${totals}updated_at = now()
    WHERE id = ${value('orderId')} AND user_id = ${value('userId')} AND status = 'pending_payment'
      AND ${kind.unchanged}
    RETURNING *`);
  const values = lines
    ? sql.join(
        lines.map(
          (of) =>
            sql`(${of('id')}::int, ${of('country')}::text, ${of('treatment')}::text, ${of('rate')}::int, ${of('vat')}::int,
              ${of('net')}::int, ${of('amount')}::int)`,
        ),
        sql`, `,
      )
    : undefined;
  const l = executor.$with('l', {}).as(
    values
      ? sql`UPDATE ${orderLines} AS l SET tax_country = v.country, tax_treatment = v.treatment, vat_rate_bp = v.rate,
          vat_cents = v.vat, net_cents = v.net, amount_cents = v.amount, updated_at = now()
        FROM (VALUES ${values}) AS v(id, country, treatment, rate, vat, net, amount), o
        WHERE l.id = v.id AND l.order_id = o.id
        RETURNING l.*`
      : sql`SELECT x.* FROM ${orderLines} AS x JOIN o ON x.order_id = o.id`,
  );
  const e = executor.$with('e', {}).as(sql`
    INSERT INTO ${orderEvents} (order_id, kind, status, actor, actor_user_id, note)
    SELECT o.id, ${kind.event}, o.status, 'customer', ${value('userId')}::uuid, ${value('note')}::text FROM o
    RETURNING *`);
  return executor
    .with(o, l, e)
    .select({
      order: sql<unknown>`row_to_json(o)`.as('order'),
      lines: sql<unknown>`(SELECT coalesce(json_agg(l ORDER BY l.id), '[]'::json) FROM l)`.as('lines'),
      events: sql<unknown>`(SELECT json_agg(h ORDER BY h.id)
        FROM (SELECT * FROM ${orderEvents} AS h WHERE h.order_id = o.id UNION ALL SELECT * FROM e) AS h)`.as(
        'events',
      ),
    })
    .from(o);
}

/**
 * The customer's order with its lines and the rates of the day of the countries `kind.countries`, in one
 * statement; it answers nothing when the customer has no such order.
 */
function readStatement(db: Db, kind: TaxedStepKind) {
  const value = sql.placeholder;
  const o = alias(orders, 'o');
  return preparedOnce(
    db
      .select({
        order: sql<unknown>`row_to_json(o)`.as('order'),
        lines: sql<unknown>`(SELECT coalesce(json_agg(l ORDER BY l.id), '[]'::json)
          FROM ${orderLines} AS l WHERE l.order_id = o.id)`.as('lines'),
        rates: sql<unknown>`${ratesJson(kind.countries(sql`o`), value('day'))}`.as('rates'),
      })
      .from(o)
      .where(and(eq(o.id, value('orderId')), eq(o.userId, value('userId')))),
  );
}

/** The statements of a kind of step: its read, and its write without taxed lines and per count of them. */
const stepStatements = (db: Db, kind: TaxedStepKind) => ({
  read: readStatement(db, kind),
  untaxed: preparedOnce(writeStepStatement(db, kind, null)),
  taxed: preparedForRows(4, (size) =>
    writeStepStatement(
      db,
      kind,
      Array.from({ length: size }, (_, n) => rowPlaceholders(n)),
    ),
  ),
});
/** Each database's statements of each kind, built when first needed. */
const builtSteps = new WeakMap<Db, WeakMap<TaxedStepKind, ReturnType<typeof stepStatements>>>();

/** How often a step reads its order again when the order changed between its read and its write. */
const STEP_ATTEMPTS = 5;

/**
 * A step of a pending order that may change its VAT (billing, address), in two statements built once per `kind`:
 * the order, its lines and the rates read, then the order, its lines and its event written at once, on condition
 * that what the tax was computed from did not change meanwhile (an order changed in between is read again). The
 * order must be the customer's (404 otherwise), pending (409) and not refused by `refuses`, whose error is
 * answered. `write` runs the write's statement (in a transaction of its own, say; on the pool by default).
 */
export async function taxedStep(
  db: Db,
  kind: TaxedStepKind,
  step: {
    orderId: string;
    userId: string;
    vat: CheckoutSettings['vat'];
    /** The values of the placeholders of `kind.countries` and `kind.set`. */
    values: Record<string, unknown>;
    /** Why this order cannot take the step, checked once it is known to be the customer's and pending. */
    refuses: (row: OrderRow) => AppError | null;
    /** Where the buyer lives and the books go once the step is done, and whether they buy as a business. */
    after: (row: OrderRow) => {
      billingCountry: string | null;
      shippingCountry: string | null;
      business: boolean;
    };
    /** The values of the placeholders of `kind.unchanged`, from the order as read. */
    unchanged: (row: OrderRow) => Record<string, unknown>;
    note: string | null;
  },
  write: (
    statement: (tx: Tx | undefined) => Promise<OrderDetail | undefined>,
  ) => Promise<OrderDetail | undefined> = (statement) => statement(undefined),
): Promise<OrderDetail> {
  const statements = keptOrBuilt(
    keptOrBuilt(builtSteps, db, () => new WeakMap<TaxedStepKind, ReturnType<typeof stepStatements>>()),
    kind,
    () => stepStatements(db, kind),
  );
  const keys = { orderId: step.orderId, userId: step.userId };
  for (let attempt = 1; ; attempt++) {
    const [read] = await statements.read.execute({ ...step.values, ...keys, day: dayOf(new Date()) });
    if (!read) throw notFound();
    const { row, lines } = orderFromJson(read);
    if (row.status !== 'pending_payment') throw notPayable();
    const refused = step.refuses(row);
    if (refused) throw refused;
    const { billingCountry, shippingCountry, business } = step.after(row);
    const rateOf = rateOfRows(parsedJson<RateRow[]>(read.rates));
    const taxed = billingCountry
      ? orderTax({ billingCountry, shippingCountry, business }, lines, rateOf, step.vat)
      : null;
    const values = {
      ...step.values,
      ...step.unchanged(row),
      ...keys,
      note: step.note,
      ...(taxed ? taxedTotals(taxed, step.vat) : {}),
    };
    const detail = await write(async (tx) => {
      const taxedRows = taxed ? taxedLineRows(taxed) : null;
      const run = (): Promise<unknown[]> => {
        if (!taxedRows)
          return (tx ? inTransaction(statements.untaxed, tx) : statements.untaxed).execute(values);
        const builtOnce = statements.taxed(tx, taxedRows, values);
        if (builtOnce) return builtOnce.execute();
        // More lines than built once: built as it runs, with the lines' values in its text.
        const lineValues = taxedRows.map(
          (r): TaxedLineValue =>
            (column) =>
              r[column],
        );
        return preparedOnce(writeStepStatement(tx ?? db, kind, lineValues)).execute(values);
      };
      const [written] = (await run()) as WrittenOrderJson[];
      return written && writtenOrder(written);
    });
    if (detail) {
      if (detail.lines.length !== lines.length) {
        throw new Error(`order ${step.orderId}: not every line was taxed`);
      }
      return detail;
    }
    // Changed between the read and the write (another step, a payment, the expiry): read it again, a few times.
    if (attempt === STEP_ATTEMPTS) {
      throw new AppError(
        'service_unavailable',
        'The order changed while this step was being saved, again and again: try again in a moment.',
      );
    }
  }
}

/** The billing step, built once: the buyer's country and VAT number, with the rates of that country and of where
 * the books go, on condition that the delivery country did not change. */
const billingStep: TaxedStepKind = {
  countries: (o) => sql`${sql.placeholder('country')}::text, ${o}.shipping_address->>'country'`,
  set: sql`billing_country = ${sql.placeholder('country')}::text, vat_number = ${sql.placeholder('vatNumber')}::text,
    tax_evidence = ${sql.placeholder('evidence')}::jsonb`,
  unchanged: sql`shipping_address->>'country' IS NOT DISTINCT FROM ${sql.placeholder('shippingCountry')}::text`,
  event: 'billing_saved',
};

export function createOrderTaxing(deps: TaxingDeps) {
  const { db, vat } = deps;

  return {
    /**
     * POST /api/order/billing: the buyer's country (and business VAT number) on a pending order, and its VAT: the
     * order and its lines read with the rates, then written with the event in one statement.
     */
    async saveBilling(userId: string, orderId: string, billing: Billing): Promise<Order> {
      const detail = await taxedStep(db, billingStep, {
        orderId,
        userId,
        vat,
        values: {
          country: billing.country,
          vatNumber: billing.vatNumber,
          evidence: JSON.stringify(billing.evidence),
        },
        refuses: () => null,
        after: (row) => ({
          billingCountry: billing.country,
          shippingCountry: row.shippingAddress?.country ?? null,
          business: billing.vatNumber !== null,
        }),
        unchanged: (row) => ({ shippingCountry: row.shippingAddress?.country ?? null }),
        note: billingNote(billing),
      });
      return toOrder(detail, new Map());
    },
  };
}

const billingNote = (billing: Billing) => [billing.country, billing.vatNumber].filter(Boolean).join(' ');

export type OrderTaxing = ReturnType<typeof createOrderTaxing>;
