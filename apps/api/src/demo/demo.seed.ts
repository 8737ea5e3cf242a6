import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { AdminOrder, ShipBody } from '@hls/contract';
import type { Db } from '../db/database.ts';
import type { AccountsService } from '../modules/accounts/index.ts';
import type { CatalogAssets, CatalogWrites } from '../modules/catalog/index.ts';
import type { DownloadsService } from '../modules/downloads/index.ts';
import type { OrdersService } from '../modules/orders/index.ts';
import type { PaymentsService } from '../modules/payments/index.ts';
import type { ReviewsService } from '../modules/reviews/index.ts';
import type { Storage } from '../modules/storage/index.ts';
import type { TaxService } from '../modules/tax/index.ts';
import type { AppTransaction } from '../plugins/database.ts';
import { seedDemoAccounts } from './demo.accounts.ts';
import { seedDemoCatalog, type CatalogSeedResult } from './demo.catalog.ts';
import { seedDemoReviews } from './demo.reviews.ts';
import { seedDemoSales } from './demo.sales.ts';
import { adoptDemoProducts } from './demo.submissions.ts';

export type DemoSeedResult = {
  accounts: string[];
  catalog: CatalogSeedResult;
  sales: number;
  /** The demo customer's reviews, and first downloads of free documents, made by this run. */
  reviews: number;
  downloads: number;
};

/** A paid paper order leaves (carrier and tracking number) and arrives: the back office's two steps. */
export type DemoShipping = {
  ship(staffId: string, orderId: string, body: z.output<typeof ShipBody>): Promise<AdminOrder>;
  deliver(staffId: string, orderId: string): Promise<AdminOrder>;
};

/**
 * What the demo data goes through: the modules' interfaces, and the database (`db`) for the demo's own table and
 * the dates of its past sales.
 */
export type DemoDeps = {
  db: Db;
  transaction: AppTransaction;
  accounts: Pick<AccountsService, 'findUserByEmail' | 'createUser'>;
  catalog: Pick<CatalogWrites, 'createCategory' | 'createProduct' | 'linkTwins'>;
  /** Books' ebook PDFs. */
  assets: Pick<CatalogAssets, 'attach' | 'forProducts'>;
  storage: Storage;
  /** Proposals for the demo products (their authors' lists, the editorial queue). */
  submissions: Pick<FastifyInstance['submissions'], 'adopt'>;
  /** The demo author's sales (orders paid with the demo card, delivered, refunded) and their payout. */
  orders: Pick<OrdersService, 'create' | 'saveBilling' | 'saveAddress' | 'bought'>;
  /** The demo customer lives in France: the orders are taxed there. */
  tax: Pick<TaxService, 'decideBilling'>;
  shipping: DemoShipping;
  payments: Pick<PaymentsService, 'startPayment' | 'demoPay' | 'refund'>;
  royalties: {
    bank: Pick<FastifyInstance['royalties']['bank'], 'get' | 'save'>;
    payouts: Pick<FastifyInstance['royalties']['payouts'], 'run'>;
  };
  /** The demo customer's reviews of what they bought, and downloads of free documents. */
  reviews: Pick<ReviewsService, 'save' | 'approve'>;
  downloads: Pick<DownloadsService, 'takeFree' | 'count'>;
  /** The demo payment provider is the one configured: the demo sales need its card. */
  demoPayments: boolean;
};

/**
 * Everything the demo data set holds: one account per role, the catalogue, the products' proposals, the demo
 * author's sales, then the demo customer's reviews and downloads of free documents. Safe to run again.
 */
export async function runDemoSeed(deps: DemoDeps): Promise<DemoSeedResult> {
  const accounts = await deps.transaction((ctx) => seedDemoAccounts(deps.accounts, ctx));
  const catalog = await seedDemoCatalog(deps);
  await adoptDemoProducts(deps);
  const sales = await seedDemoSales(deps);
  const { reviews, downloads } = await seedDemoReviews(deps);
  return { accounts, catalog, sales, reviews, downloads };
}

/** The demo's dependencies, taken from a built app's modules. */
export function demoDeps(app: FastifyInstance): DemoDeps {
  return {
    db: app.db,
    transaction: app.transaction,
    accounts: app.accounts,
    catalog: app.catalog.writes,
    assets: app.catalog.assets,
    storage: app.storage,
    submissions: app.submissions,
    orders: app.orders,
    tax: app.tax,
    shipping: app.checkout,
    payments: app.payments,
    royalties: app.royalties,
    reviews: app.reviews,
    downloads: app.downloads,
    demoPayments: app.config.checkout.payments.provider === 'demo',
  };
}

/**
 * Adds the demo data set to the app's database, through its modules (`npm run seed`, and the server's start
 * outside production: SEED_DEMO). Production code never imports the demo: the server loads it only to seed.
 */
export function seedDemo(app: FastifyInstance): Promise<DemoSeedResult> {
  return runDemoSeed(demoDeps(app));
}
