import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createDemoService, type DemoService } from './demo.seed.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The demo data set (`app.demo.seed()`), added at start outside production (SEED_DEMO). */
    demo: DemoService;
  }
}

/**
 * The only module that reads demo content; it writes through the accounts, catalogue, orders, payments,
 * royalties, reviews and downloads interfaces.
 */
export default fp(
  async function demo(app: FastifyInstance) {
    app.decorate(
      'demo',
      createDemoService({
        db: app.db,
        transaction: app.transaction,
        accounts: app.accounts,
        catalog: app.catalog.writes,
        assets: app.catalog.assets,
        storage: app.storage,
        submissions: app.submissions,
        orders: app.orders,
        checkout: app.checkout,
        payments: app.payments,
        royalties: app.royalties,
        reviews: app.reviews,
        downloads: app.downloads,
        demoPayments: app.config.checkout.payments.provider === 'demo',
      }),
    );
  },
  {
    name: 'demo',
    dependencies: [
      'database',
      'accounts',
      'catalog',
      'storage',
      'submissions',
      'orders',
      'checkout',
      'payments',
      'royalties',
      'reviews',
      'downloads',
    ],
  },
);
