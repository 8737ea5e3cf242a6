import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createOrderAfterSales } from './orders.after-sales.ts';
import { createOrderExpiry } from './orders.expiry.ts';
import { createOrderPayments } from './orders.payment.ts';
import { createOrderPlacing } from './orders.placing.ts';
import { createOrderReads } from './orders.reads.ts';
import { createOrderTaxing } from './orders.taxing.ts';
import { createOrderTotals } from './orders.totals.ts';

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

/** `app.orders`: the orders' use cases, each in its own file, over the same tables. */
export type OrdersService = ReturnType<typeof createOrderPlacing> &
  ReturnType<typeof createOrderPayments> &
  ReturnType<typeof createOrderAfterSales> &
  ReturnType<typeof createOrderExpiry> &
  ReturnType<typeof createOrderReads> &
  ReturnType<typeof createOrderTaxing> &
  ReturnType<typeof createOrderTotals>;

/**
 * Orders: the records of what customers order — priced from the catalogue, paper stock held until payment or
 * expiry, paid, refunded, withdrawn from, shipped, delivered — with their history. The module has no routes and
 * knows nothing of royalties, downloads or mail: the checkout workflow (`modules/checkout`) composes those steps
 * and serves the orders' routes.
 */
export default fp(
  async function orders(app: FastifyInstance) {
    const { db, transaction, accounts, config } = app;
    const sales = app.catalog.sales;
    const service: OrdersService = {
      ...createOrderPlacing({ db, transaction, checkout: config.checkout, accounts, sales }),
      ...createOrderPayments({ db, accounts, sales }),
      ...createOrderAfterSales({ accounts }),
      ...createOrderExpiry({ db, transaction, sales }),
      ...createOrderReads({ db, accounts }),
      ...createOrderTaxing({ db, vat: config.checkout.vat }),
      ...createOrderTotals({ db }),
    };
    app.decorate('orders', service);
  },
  { name: 'orders', dependencies: ['config', 'database', 'accounts', 'catalog', 'tax'] },
);
