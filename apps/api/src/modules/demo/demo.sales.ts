import { inArray } from 'drizzle-orm';
import type { Order } from '@hls/contract';
import { AppError } from '../../plugins/app-error.ts';
import { backdateDemoPayout, backdateDemoSale } from '../royalties/index.ts';
import type { DemoDeps } from './demo.seed.ts';
import { demoSeedItems } from './demo.tables.ts';

/** A sale of the demo author's work to the demo customer, made `daysAgo` days before the seed. */
type DemoSale = {
  key: string;
  daysAgo: number;
  lines: { product: string; edition?: 'paper' | 'ebook'; quantity?: number }[];
  /** Shipped and delivered (its paper royalties' hold starts). */
  delivered?: boolean;
  /** Refunded in full (its royalties reversed). */
  refunded?: boolean;
};

/**
 * Amira Ben Salah's (author@hls.test) sales, oldest first, so that her Paid Products screen shows every state:
 * the two oldest paid by a payout, sales whose hold has ended (available: above the default payout minimum, so
 * the admin's payouts screen has an author to pay), a refunded one, a paper book
 * delivered whose hold still runs and a recent sale not shipped yet (pending), across several months.
 */
export const demoSales: DemoSale[] = [
  {
    key: 'first',
    daysAgo: 230,
    lines: [{ product: 'p-powerbi-ventes' }, { product: 'b-droit-affaires', edition: 'ebook' }],
  },
  {
    key: 'paper',
    daysAgo: 160,
    lines: [{ product: 'b-droit-affaires', edition: 'paper', quantity: 3 }, { product: 'p-powerbi-ventes' }],
    delivered: true,
  },
  {
    key: 'files',
    daysAgo: 75,
    lines: [{ product: 'p-revue-trimestrielle' }, { product: 'b-analyse-financiere', edition: 'ebook' }],
  },
  {
    key: 'dashboards',
    daysAgo: 52,
    lines: [
      { product: 'p-powerbi-ventes' },
      { product: 'p-revue-trimestrielle' },
      { product: 'b-analyse-financiere', edition: 'ebook' },
    ],
  },
  {
    key: 'refunded',
    daysAgo: 40,
    lines: [{ product: 'b-droit-affaires', edition: 'ebook' }],
    refunded: true,
  },
  {
    key: 'delivered',
    daysAgo: 8,
    lines: [{ product: 'b-droit-affaires', edition: 'paper', quantity: 2 }],
    delivered: true,
  },
  {
    key: 'recent',
    daysAgo: 4,
    lines: [{ product: 'b-droit-affaires', edition: 'paper' }, { product: 'p-powerbi-ventes' }],
  },
];

/**
 * The sales up to `after` are paid by the payout, made this many days before the seed (at the default rates,
 * 69.08 €: above the default minimum of 50 €).
 */
const PAYOUT = { after: 'paper', daysAgo: 120 };

const DEMO_CARD = { number: '4242424242424242', expiry: '12/34', cvc: '123' };

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
    ['customer@hls.test', 'author@hls.test', 'admin@hls.test', 'editor@hls.test'].map((email) =>
      deps.accounts.findUserByEmail(email),
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
        await deps.checkout.ship(editor.id, order.id, {
          carrier: 'La Poste',
          trackingNumber: `DEMO${order.number}`,
        });
        await deps.checkout.deliver(editor.id, order.id);
      }
      if (sale.refunded) {
        await deps.payments.refund({
          orderId: order.id,
          lineIds: undefined,
          reason: 'Demo: the customer changed their mind',
          actorId: admin.id,
        });
      }
      // Demo data only: the sale (and its hold, its refund) moved back to `daysAgo`.
      await backdateDemoSale(db, order.id, sale.daysAgo);
      await record(saleKey(sale.key), order.id);
      made += 1;
    }

    if (sale.key === PAYOUT.after && !done.has(PAYOUT_KEY)) {
      const ref = await payTheAuthor(deps, author.id, admin.id);
      // Demo data only: the payout moved back to PAYOUT.daysAgo.
      if (ref) await backdateDemoPayout(db, ref, PAYOUT.daysAgo);
      await record(PAYOUT_KEY, ref ?? 'none');
    }
  }
  return made;
}

/** An order placed, addressed, paid with the demo card and completed by the payment, as the browser does it. */
async function sell(deps: DemoDeps, buyerId: string, lines: SaleLine[]): Promise<Order> {
  const created = await deps.orders.create(buyerId, 'fr', { lines });
  if (created.needsAddress) {
    await deps.orders.saveAddress(buyerId, {
      orderId: created.id,
      fullName: 'Camille Martin',
      line1: '8 rue des Lilas',
      postalCode: '69003',
      city: 'Lyon',
      country: 'FR',
    });
  }
  const intent = await deps.payments.startPayment({
    orderId: created.id,
    userId: buyerId,
    consent: { immediateDelivery: true, withdrawalWaiver: true },
    language: 'fr',
  });
  const paid = await deps.payments.demoPay(
    intent.intentId,
    { ...DEMO_CARD, clientSecret: intent.clientSecret },
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
  const { bank, payouts } = deps.royalties;
  if (!(await bank.get(authorId))) {
    await bank.save(
      { id: authorId },
      {
        holder: 'Amira Ben Salah',
        iban: 'FR7630006000011234567890189',
        bic: 'BNPAFRPP',
        bankName: 'BNP Paribas',
        country: 'FR',
      },
      'create',
      { route: 'demo seed', ip: null },
    );
  }
  try {
    const run = await payouts.run(adminId, { authorIds: [authorId] });
    return run.payouts.find((payout) => payout.authorId === authorId)?.id ?? null;
  } catch (error) {
    // Nothing payable: under the configured minimum (PAYOUT_MINIMUM_EUR), the demo has no payout.
    if (error instanceof AppError && error.status === 409) return null;
    throw error;
  }
}
