import { sql, type SQL } from 'drizzle-orm';
import { computeTax, type Order, type RateOf, type TaxEvidence } from '@hls/contract';
import type { CheckoutSettings } from '../../config.ts';
import type { Db, DbOrTx } from '../../db/database.ts';
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

/** A line's columns its VAT sets, from the row `v` of `taxedLineValues`. */
const taxedLineColumns = sql`tax_country = v.country, tax_treatment = v.treatment, vat_rate_bp = v.rate, vat_cents = v.vat,
      net_cents = v.net, amount_cents = v.amount, updated_at = now()`;

const taxedLineValues = (taxed: TaxedOrder): SQL =>
  sql.join(
    taxed.lines.map(
      (l) =>
        sql`(${l.id}::int, ${l.taxCountry}, ${l.treatment}, ${l.rateBp}::int, ${l.vatCents}::int, ${l.netCents}::int, ${l.amountCents}::int)`,
    ),
    sql`, `,
  );

/** `SET` of the order's totals in the statement of `writeOrderStep`. */
function taxedTotalsSet(taxed: TaxedOrder, vat: CheckoutSettings['vat']): SQL {
  const reverseCharge = taxed.lines.some((l) => l.treatment === 'reverse_charge');
  return sql`net_cents = ${taxed.netCents}::int, vat_cents = ${taxed.vatCents}::int, total_cents = ${taxed.totalCents}::int,
    reverse_charge = ${reverseCharge}::boolean, prices_include_vat = ${vat.pricesIncludeVat}::boolean`;
}

/**
 * One statement that updates the order (`set`, under the conditions `where` that the reads its tax was computed
 * from still hold), taxes its lines when `taxed` is given, and writes the event `event` (the order's status after
 * it). It answers the order, its lines and its whole history as written, or nothing when `where` did not hold.
 */
async function writeOrderStep(
  db: DbOrTx,
  step: {
    orderId: string;
    userId: string;
    set: SQL;
    where: SQL;
    taxed: TaxedOrder | null;
    vat: CheckoutSettings['vat'];
    event: { kind: 'billing_saved' | 'address_saved'; note: string | null };
  },
): Promise<OrderDetail | undefined> {
  const { orderId, userId, taxed, event } = step;
  const result = await db.execute<WrittenOrderJson>(sql`
    WITH o AS (
      UPDATE ${orders} SET ${step.set}, ${taxed ? sql`${taxedTotalsSet(taxed, step.vat)}, ` : sql``}updated_at = now()
      WHERE id = ${orderId} AND user_id = ${userId} AND ${step.where}
      RETURNING *
    ), l AS (
      ${
        taxed
          ? sql`UPDATE ${orderLines} AS l SET ${taxedLineColumns}
      FROM (VALUES ${taxedLineValues(taxed)}) AS v(id, country, treatment, rate, vat, net, amount), o
      WHERE l.id = v.id AND l.order_id = o.id
      RETURNING l.*`
          : sql`SELECT x.* FROM ${orderLines} AS x JOIN o ON x.order_id = o.id`
      }
    ), e AS (
      INSERT INTO ${orderEvents} (order_id, kind, status, actor, actor_user_id, note)
      SELECT o.id, ${event.kind}, o.status, 'customer', ${userId}::uuid, ${event.note} FROM o
      RETURNING *
    )
    SELECT row_to_json(o) AS "order",
      (SELECT coalesce(json_agg(l ORDER BY l.id), '[]'::json) FROM l) AS lines,
      (SELECT json_agg(h ORDER BY h.id) FROM (SELECT * FROM ${orderEvents} AS h WHERE h.order_id = o.id UNION ALL SELECT * FROM e) AS h) AS events
    FROM o`);
  const [written] = result.rows;
  return written && writtenOrder(written);
}

/**
 * The customer's order with its lines and the rates of today of the countries `countries` (SQL expressions over
 * the order `o`), in one statement; undefined when the customer has no such order.
 */
async function readForTax(
  db: DbOrTx,
  orderId: string,
  userId: string,
  countries: (o: SQL) => SQL,
): Promise<{ row: OrderRow; lines: LineRow[]; rateOf: RateOf } | undefined> {
  const result = await db.execute<{ order: unknown; lines: unknown; rates: unknown }>(sql`
    SELECT row_to_json(o) AS "order",
      (SELECT coalesce(json_agg(l ORDER BY l.id), '[]'::json) FROM ${orderLines} AS l WHERE l.order_id = o.id) AS lines,
      ${ratesJson(countries(sql`o`), dayOf(new Date()))} AS rates
    FROM ${orders} AS o WHERE o.id = ${orderId} AND o.user_id = ${userId}`);
  const [read] = result.rows;
  if (!read) return undefined;
  return { ...orderFromJson(read), rateOf: rateOfRows(parsedJson<RateRow[]>(read.rates)) };
}

/** How often a step reads its order again when the order changed between its read and its write. */
const STEP_ATTEMPTS = 5;

/**
 * A step of a pending order that may change its VAT (billing, address), in two statements: the order, its lines
 * and the rates read, then the order, its lines and its event written at once, on condition that what the tax was
 * computed from did not change meanwhile (an order changed in between is read again). The order must be the
 * customer's (404 otherwise), pending (409) and not refused by `refuses`, whose error is answered.
 */
export async function taxedStep(
  db: DbOrTx,
  step: {
    orderId: string;
    userId: string;
    vat: CheckoutSettings['vat'];
    /** The countries whose rates are read, as SQL over the order `o`. */
    countries: (o: SQL) => SQL;
    /** Why this order cannot take the step, checked once it is known to be the customer's and pending. */
    refuses: (row: OrderRow) => AppError | null;
    /** Where the buyer lives and the books go once the step is done, and whether they buy as a business. */
    after: (row: OrderRow) => {
      billingCountry: string | null;
      shippingCountry: string | null;
      business: boolean;
    };
    set: SQL;
    /** What must still hold of the order row for the tax computed to stand (beside its owner and status). */
    unchanged: (row: OrderRow) => SQL;
    event: { kind: 'billing_saved' | 'address_saved'; note: string | null };
  },
  write: (statement: (db: DbOrTx) => Promise<OrderDetail | undefined>) => Promise<OrderDetail | undefined> = (
    statement,
  ) => statement(db),
): Promise<OrderDetail> {
  for (let attempt = 1; ; attempt++) {
    const read = await readForTax(db, step.orderId, step.userId, step.countries);
    if (!read) throw notFound();
    if (read.row.status !== 'pending_payment') throw notPayable();
    const refused = step.refuses(read.row);
    if (refused) throw refused;
    const { billingCountry, shippingCountry, business } = step.after(read.row);
    const taxed = billingCountry
      ? orderTax({ billingCountry, shippingCountry, business }, read.lines, read.rateOf, step.vat)
      : null;
    const detail = await write((executor) =>
      writeOrderStep(executor, {
        orderId: step.orderId,
        userId: step.userId,
        set: step.set,
        where: sql`status = 'pending_payment' AND ${step.unchanged(read.row)}`,
        taxed,
        vat: step.vat,
        event: step.event,
      }),
    );
    if (detail) {
      if (detail.lines.length !== read.lines.length) {
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

export function createOrderTaxing(deps: TaxingDeps) {
  const { db, vat } = deps;

  return {
    /**
     * POST /api/order/billing: the buyer's country (and business VAT number) on a pending order, and its VAT: the
     * order and its lines read with the rates, then written with the event in one statement.
     */
    async saveBilling(userId: string, orderId: string, billing: Billing): Promise<Order> {
      const detail = await taxedStep(db, {
        orderId,
        userId,
        vat,
        countries: (o) => sql`${billing.country}, ${o}.shipping_address->>'country'`,
        refuses: () => null,
        after: (row) => ({
          billingCountry: billing.country,
          shippingCountry: row.shippingAddress?.country ?? null,
          business: billing.vatNumber !== null,
        }),
        set: sql`billing_country = ${billing.country}, vat_number = ${billing.vatNumber},
          tax_evidence = ${JSON.stringify(billing.evidence)}::jsonb`,
        unchanged: (row) =>
          sql`shipping_address->>'country' IS NOT DISTINCT FROM ${row.shippingAddress?.country ?? null}::text`,
        event: { kind: 'billing_saved', note: billingNote(billing) },
      });
      return toOrder(detail, new Map());
    },
  };
}

const billingNote = (billing: Billing) => [billing.country, billing.vatNumber].filter(Boolean).join(' ');

export type OrderTaxing = ReturnType<typeof createOrderTaxing>;
