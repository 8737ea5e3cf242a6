import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import checkoutAdminRoutes from './checkout.admin.routes.ts';
import checkoutOssRoutes from './checkout.oss.routes.ts';
import checkoutRoutes from './checkout.routes.ts';
import { createCheckoutWorkflow, type CheckoutWorkflow } from './checkout.workflow.ts';

declare module 'fastify' {
  interface FastifyInstance {
    checkout: CheckoutWorkflow;
  }
}

/**
 * The checkout workflow (`checkout.workflow.ts`): the steps of an order that cross modules — paid, refunded,
 * withdrawn from, shipped, delivered, first downloaded — and the orders' routes, for the customer and the back
 * office. It sits above orders, royalties, downloads and mail; payments sits above it.
 */
export default fp(
  async function checkout(app: FastifyInstance) {
    const { config } = app;
    const workflow = createCheckoutWorkflow({
      transaction: app.transaction,
      publicUrl: config.publicUrl,
      returnAddress: config.checkout.returnAddress,
      company: config.site.company,
      orders: app.orders,
      royalties: app.royalties.ledger,
      downloads: app.downloads,
      mail: app.mail,
      invoices: app.tax.invoices,
      authors: app.authorNews,
    });
    app.decorate('checkout', workflow);

    const offFirstDownload = app.events.on('downloads.first', ({ orderLineId }) =>
      workflow.firstDownload(orderLineId),
    );
    app.addHook('onClose', async () => offFirstDownload());

    await app.register(checkoutRoutes, { prefix: '/api' });
    await app.register(checkoutAdminRoutes, { prefix: '/api' });
    await app.register(checkoutOssRoutes, { prefix: '/api' });
  },
  {
    name: 'checkout',
    dependencies: [
      'config',
      'database',
      'events',
      'auth',
      'mail',
      'orders',
      'royalties',
      'downloads',
      'tax',
      'author-news',
    ],
  },
);
