import { eq, sql } from 'drizzle-orm';
import { computeTax, type Order, type TaxEvidence } from '@hls/contract';
import type { CheckoutSettings } from '../../config.ts';
import type { Tx } from '../../db/database.ts';
import { AppError } from '../../plugins/app-error.ts';
import type { AppTransaction } from '../../plugins/database.ts';
import { dayOf, ratesOn } from '../tax/index.ts';
import { toOrder, type LineRow, type OrderDetail, type OrderRow } from './orders.queries.ts';
import { addEvent, eventsOf, linesOf, lockOrder, notFound } from './orders.records.ts';
import { orderLines, orders } from './orders.tables.ts';

/**
 * An order's VAT (decision 0027): computed when the buyer says where they live, again when the delivery address
 * changes the country its books go to, with the rates of the day; each line keeps its country, rate and amounts.
 */

export type TaxingDeps = {
  transaction: AppTransaction;
  vat: CheckoutSettings['vat'];
};

/** The buyer's country and status as the billing step decided them. */
export type Billing = { country: string; vatNumber: string | null; evidence: TaxEvidence };

/**
 * Taxes the order's lines and totals in the caller's transaction (the order row locked), from its billing country,
 * its delivery country and the rates of today; returns the rows as written.
 */
export async function taxOrder(
  tx: Tx,
  row: OrderRow,
  lines: LineRow[],
  vat: CheckoutSettings['vat'],
): Promise<{ row: OrderRow; lines: LineRow[] }> {
  if (!row.billingCountry) return { row, lines };
  const shippingCountry = row.shippingAddress?.country ?? null;
  const rateOf = await ratesOn(
    tx,
    [row.billingCountry, ...(shippingCountry ? [shippingCountry] : [])],
    dayOf(new Date()),
  );
  const taxed = computeTax({
    lines: lines.map((l) => ({ id: l.id, format: l.format, totalCents: l.totalCents })),
    buyerCountry: row.billingCountry,
    shippingCountry,
    business: row.vatNumber !== null,
    pricesIncludeVat: vat.pricesIncludeVat,
    rateOf,
    importThresholdCents: vat.importThresholdCents,
  });
  // Every line in one statement.
  const values = sql.join(
    taxed.lines.map(
      (l) =>
        sql`(${l.id}::int, ${l.taxCountry}, ${l.treatment}, ${l.rateBp}::int, ${l.vatCents}::int, ${l.netCents}::int, ${l.amountCents}::int)`,
    ),
    sql`, `,
  );
  const written = await tx.execute<{ id: number }>(sql`
    UPDATE ${orderLines} AS l
    SET tax_country = v.country, tax_treatment = v.treatment, vat_rate_bp = v.rate, vat_cents = v.vat,
      net_cents = v.net, amount_cents = v.amount, updated_at = now()
    FROM (VALUES ${values}) AS v(id, country, treatment, rate, vat, net, amount)
    WHERE l.id = v.id AND l.order_id = ${row.id}
    RETURNING l.id`);
  if (written.rows.length !== lines.length) throw new Error(`order ${row.id}: not every line was taxed`);
  const [updated] = await tx
    .update(orders)
    .set({
      netCents: taxed.netCents,
      vatCents: taxed.vatCents,
      totalCents: taxed.totalCents,
      reverseCharge: taxed.lines.some((l) => l.treatment === 'reverse_charge'),
      pricesIncludeVat: vat.pricesIncludeVat,
      updatedAt: sql`now()`,
    })
    .where(eq(orders.id, row.id))
    .returning();
  return { row: updated!, lines: await linesOf(tx, row.id) };
}

export function createOrderTaxing(deps: TaxingDeps) {
  const { transaction, vat } = deps;
  return {
    /** POST /api/order/billing: the buyer's country (and business VAT number) on a pending order, and its VAT. */
    async saveBilling(userId: string, orderId: string, billing: Billing): Promise<Order> {
      const detail = await transaction(async ({ tx }): Promise<OrderDetail> => {
        const locked = await lockOrder(tx, orderId, userId);
        if (!locked) throw notFound();
        if (locked.status !== 'pending_payment') {
          throw new AppError('order_not_payable', 'This order is no longer waiting for payment.');
        }
        const [row] = await tx
          .update(orders)
          .set({
            billingCountry: billing.country,
            vatNumber: billing.vatNumber,
            taxEvidence: billing.evidence,
            updatedAt: sql`now()`,
          })
          .where(eq(orders.id, orderId))
          .returning();
        const taxed = await taxOrder(tx, row!, await linesOf(tx, orderId), vat);
        await addEvent(tx, orderId, {
          kind: 'billing_saved',
          status: taxed.row.status,
          actor: 'customer',
          actorUserId: userId,
          note: [billing.country, billing.vatNumber].filter(Boolean).join(' '),
        });
        return { ...taxed, events: await eventsOf(tx, orderId) };
      });
      return toOrder(detail, new Map());
    },
  };
}

export type OrderTaxing = ReturnType<typeof createOrderTaxing>;
