import { eq, inArray, sql } from 'drizzle-orm';
import type { Order } from '@hls/contract';
import type { Db } from '../db/database.ts';
import { payoutRuns, payouts, royaltyEntries } from '../db/schema.ts';
import { AppError } from '../plugins/app-error.ts';
import {
  demoAccountEmail,
  demoBankDetails,
  demoBuyerAddress,
  demoCard,
  demoPayout,
  demoRefundReason,
  demoSales,
  demoShipping,
} from './demo.dataset.ts';
import type { DemoDeps } from './demo.seed.ts';
import { demoSeedItems } from './demo.tables.ts';

type SaleLine = Parameters<DemoDeps['orders']['create']>[2]['lines'][number];

const saleKey = (key: string) => `sale:${key}`;
const PAYOUT_KEY = 'payout:author';

/**
 * The demo sales, made through the shop's services as a customer and the back office would (order, address, demo
 * card, shipping, delivery, refund; the author's bank details and a payout run), then — demo data only — their
 * royalty entries and the payout moved back in time. Safe to run again: what demo_seed_items records is left
 * alone. Needs the demo payment provider (with Stripe configured, nothing is sold). Returns the sales made.
 */
export async function seedDemoSales(deps: DemoDeps): Promise<number> {
  const { db } = deps;
  if (!deps.demoPayments) return 0;
  const keys = [...demoSales.map((sale) => saleKey(sale.key)), PAYOUT_KEY];
  const done = new Map(
    (await db.select().from(demoSeedItems).where(inArray(demoSeedItems.key, keys))).map((row) => [
      row.key,
      row.ref,
    ]),
  );
  if (keys.every((key) => done.has(key))) return 0;

  const products = new Map(
    (
      await db
        .select()
        .from(demoSeedItems)
        .where(
          inArray(
            demoSeedItems.key,
            demoSales.flatMap((sale) => sale.lines.map((line) => `product:${line.product}`)),
          ),
        )
    ).map((row) => [row.key.slice('product:'.length), Number(row.ref)]),
  );
  const [buyer, author, admin, editor] = await Promise.all(
    (['customer', 'author', 'admin', 'editor'] as const).map((role) =>
      deps.accounts.findUserByEmail(demoAccountEmail(role)),
    ),
  );
  if (!buyer || !author || !admin || !editor) return 0;
  const record = (key: string, ref: string) =>
    db.insert(demoSeedItems).values({ key, ref }).onConflictDoNothing();

  let made = 0;
  for (const sale of demoSales) {
    if (!done.has(saleKey(sale.key))) {
      const lines: SaleLine[] = [];
      for (const line of sale.lines) {
        const productId = products.get(line.product);
        if (productId === undefined) break;
        lines.push({
          productId,
          ...(line.edition ? { edition: line.edition } : {}),
          quantity: line.quantity ?? 1,
        });
      }
      if (lines.length !== sale.lines.length) continue;
      const order = await sell(deps, buyer.id, lines);
      if (sale.delivered) {
        await deps.shipping.ship(editor.id, order.id, {
          carrier: demoShipping.carrier,
          trackingNumber: `DEMO${order.number}`,
        });
        await deps.shipping.deliver(editor.id, order.id);
      }
      if (sale.refunded) {
        await deps.payments.refund({
          orderId: order.id,
          lineIds: undefined,
          reason: demoRefundReason,
          actorId: admin.id,
        });
      }
      // Demo data only: the sale (and its hold, its refund) moved back to `daysAgo`.
      await backdateSale(db, order.id, sale.daysAgo);
      await record(saleKey(sale.key), order.id);
      made += 1;
    }

    if (sale.key === demoPayout.after && !done.has(PAYOUT_KEY)) {
      const ref = await payTheAuthor(deps, author.id, admin.id);
      // Demo data only: the payout moved back to demoPayout.daysAgo.
      if (ref) await backdatePayout(db, ref, demoPayout.daysAgo);
      await record(PAYOUT_KEY, ref ?? 'none');
    }
  }
  return made;
}

/**
 * An order placed, its buyer's country given (France), addressed, paid with the demo card and completed by the
 * payment, as the browser does it.
 */
async function sell(deps: DemoDeps, buyerId: string, lines: SaleLine[]): Promise<Order> {
  const created = await deps.orders.create(buyerId, 'fr', { lines });
  const billing = await deps.tax.decideBilling({ country: demoBuyerAddress.country, ip: null });
  await deps.orders.saveBilling(buyerId, created.id, billing);
  if (created.needsAddress) {
    await deps.orders.saveAddress(buyerId, { orderId: created.id, ...demoBuyerAddress });
  }
  const intent = await deps.payments.startPayment({
    orderId: created.id,
    userId: buyerId,
    consent: { immediateDelivery: true, withdrawalWaiver: true },
    language: 'fr',
  });
  const paid = await deps.payments.demoPay(
    intent.intentId,
    { ...demoCard, clientSecret: intent.clientSecret },
    'fr',
  );
  if (paid.status !== 'succeeded') throw new Error(`demo sale: the demo card was ${paid.status}`);
  return created;
}

/**
 * The author's bank details (unless they saved their own) and a payout run paying what is available now; the
 * payout's id, or null when nothing reached the minimum.
 */
async function payTheAuthor(deps: DemoDeps, authorId: string, adminId: string): Promise<string | null> {
  const { bank } = deps.royalties;
  if (!(await bank.get(authorId))) {
    await bank.save({ id: authorId }, demoBankDetails, 'create', { route: 'demo seed', ip: null });
  }
  try {
    const run = await deps.royalties.payouts.run(adminId, { authorIds: [authorId] });
    return run.payouts.find((payout) => payout.authorId === authorId)?.id ?? null;
  } catch (error) {
    // Nothing payable: under the configured minimum (PAYOUT_MINIMUM_EUR), the demo has no payout.
    if (error instanceof AppError && error.status === 409) return null;
    throw error;
  }
}

/*
 * The past, written by the demo alone. The sales are made today through the shop's own services; these move what
 * they wrote in the royalty ledger back in time, so that a fresh install shows sales of past months, holds that
 * ended and a payout already paid. The shop never edits a ledger entry's dates: this is seed data written on the
 * tables (db/schema.ts), not a capability of the royalties module (decision 0024).
 */

const daysBack = (days: number) => sql`make_interval(days => ${days}::int)`;

/** Moves an order's royalty entries (written and payable dates) `days` back. */
async function backdateSale(db: Db, orderId: string, days: number): Promise<void> {
  await db
    .update(royaltyEntries)
    .set({
      createdAt: sql`${royaltyEntries.createdAt} - ${daysBack(days)}`,
      availableAt: sql`${royaltyEntries.availableAt} - ${daysBack(days)}`,
    })
    .where(eq(royaltyEntries.orderId, orderId));
}

/** Moves a payout (paid date) and its run (made, executed) `days` back. */
async function backdatePayout(db: Db, payoutId: string, days: number): Promise<void> {
  const [payout] = await db
    .update(payouts)
    .set({ paidAt: sql`${payouts.paidAt} - ${daysBack(days)}` })
    .where(eq(payouts.id, payoutId))
    .returning({ runId: payouts.runId });
  if (!payout) return;
  await db
    .update(payoutRuns)
    .set({
      createdAt: sql`${payoutRuns.createdAt} - ${daysBack(days)}`,
      executionDate: sql`${payoutRuns.executionDate} - ${days}::int`,
    })
    .where(eq(payoutRuns.id, payout.runId));
}
