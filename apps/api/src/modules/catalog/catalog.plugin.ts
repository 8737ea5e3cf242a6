import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppTxContext } from '../../plugins/database.ts';
import { createCatalogAssets, type CatalogAssets } from './catalog.assets.ts';
import { createMediaAccess } from './catalog.media.ts';
import { createCatalogQueries, type CatalogQueries } from './catalog.queries.ts';
import catalogRoutes from './catalog.routes.ts';
import { createCatalogSales, type CatalogSales } from './catalog.sales.ts';
import { createCatalogStock, type CatalogStock } from './catalog.stock.ts';
import {
  createStockAlerts,
  STOCK_ALERTS_CRON,
  STOCK_ALERTS_JOB,
  type StockAlerts,
} from './catalog.stock-alerts.ts';
import stockAlertRoutes from './catalog.stock-alerts.routes.ts';
import stockRoutes from './catalog.stock.routes.ts';
import { createCatalogWrites, type CatalogChange, type CatalogWrites } from './catalog.service.ts';
import type { VersionHook } from './catalog.versions.ts';
import mediaRoutes from './media.routes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    catalog: {
      reads: CatalogQueries;
      writes: CatalogWrites;
      sales: CatalogSales;
      assets: CatalogAssets;
      stock: CatalogStock;
      alerts: StockAlerts;
    };
  }
}

declare module '../../plugins/events.ts' {
  interface AppEvents {
    /** Something every catalogue page may show has changed and committed: caches of it must be emptied. */
    'catalog.changed': CatalogChange;
  }
}

/**
 * Categories, products, lists, search and details: `app.catalog.reads` (cached until the next change) and
 * `app.catalog.writes`, what the orders sell (`app.catalog.sales`: prices from the database, paper stock),
 * the file each product delivers (`app.catalog.assets`: files, and books' ebook PDFs), the paper stock set by hand
 * in the back office (`app.catalog.stock`, with its history), customers' back-in-stock requests
 * (`app.catalog.alerts`, e-mailed by a job when copies come back), and their routes under /api (with the public
 * covers, /api/media).
 */
export default fp(
  async function catalog(app: FastifyInstance) {
    // The queue is set up before any write may send to it inside its transaction.
    const alerts = createStockAlerts({
      db: app.db,
      transaction: app.transaction,
      accounts: app.accounts,
      mail: app.mail,
      publicUrl: app.config.publicUrl,
    });
    await app.jobs.work(STOCK_ALERTS_JOB, async () => {
      await alerts.notify();
    });
    await app.jobs.schedule(STOCK_ALERTS_JOB, STOCK_ALERTS_CRON);
    /** Copies may have come back: the open requests are e-mailed once this transaction commits. */
    const restocked = async (ctx: AppTxContext) => {
      await app.jobs.send(STOCK_ALERTS_JOB, {}, { ctx, singletonKey: 'restocked' });
    };

    const reads = createCatalogQueries(app.db, { stampPdfs: app.config.checkout.stampPdfs });
    // What other modules do in the transaction of a new version of a file (`assets.onVersioned`).
    const versionHooks: VersionHook[] = [];
    const writes = createCatalogWrites({
      transaction: app.transaction,
      accounts: app.accounts,
      restocked,
      versionHooks,
    });
    const sales = createCatalogSales({ db: app.db, restocked });
    const assets = createCatalogAssets({ db: app.db, transaction: app.transaction, versionHooks });
    const stock = createCatalogStock({
      db: app.db,
      transaction: app.transaction,
      accounts: app.accounts,
      restocked,
    });
    app.decorate('catalog', { reads, writes, sales, assets, stock, alerts });
    const media = createMediaAccess(app.db);

    const unsubscribe = [
      app.events.on('catalog.changed', reads.clearCaches),
      // A publication or an unpublication changes which covers are public.
      app.events.on('catalog.changed', media.clear),
      // Products carry a copy of their author's name, kept in step by a trigger on the users table.
      app.events.on('accounts.renamed', () => app.events.emit('catalog.changed', { what: 'author' })),
    ];
    app.addHook('onClose', async () => unsubscribe.forEach((off) => off()));

    await app.register(catalogRoutes, { prefix: '/api' });
    await app.register(mediaRoutes, { prefix: '/api', media });
    await app.register(stockRoutes, { prefix: '/api' });
    await app.register(stockAlertRoutes, { prefix: '/api' });
  },
  { name: 'catalog', dependencies: ['events', 'database', 'jobs', 'auth', 'mail', 'accounts', 'storage'] },
);
