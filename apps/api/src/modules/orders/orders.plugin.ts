import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import ordersAdminRoutes from './orders.admin.routes.ts';
import ordersRoutes from './orders.routes.ts';
import { createOrdersService, type OrdersService } from './orders.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    orders: OrdersService;
  }
}

declare module '../../plugins/events.ts' {
  interface AppEvents {
    /** Pending orders were cancelled because their payment window closed (their payment intents may go). */
    'orders.expired': { orderIds: string[] };
  }
}

/**
 * Orders: priced from the catalogue, paper stock held until payment or expiry, the customer's list, address and
 * withdrawal, the back office's list, shipment and delivery; `app.orders` for the payments module (fulfil, refund).
 */
export default fp(
  async function orders(app: FastifyInstance) {
    const { config } = app;
    const service = createOrdersService({
      db: app.db,
      transaction: app.transaction,
      publicUrl: config.publicUrl,
      checkout: config.checkout,
      company: config.site.company,
      mail: app.mail,
      accounts: app.accounts,
      sales: app.catalog.sales,
      downloads: app.downloads,
      royalties: app.royalties.ledger,
    });
    app.decorate('orders', service);

    await app.register(ordersRoutes, { prefix: '/api' });
    await app.register(ordersAdminRoutes, { prefix: '/api' });
  },
  {
    name: 'orders',
    dependencies: [
      'config',
      'database',
      'jobs',
      'auth',
      'mail',
      'accounts',
      'catalog',
      'downloads',
      'royalties',
    ],
  },
);
