import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type Stripe from 'stripe';
import type { Config } from '../../config.ts';
import paymentsRoutes from './payments.routes.ts';
import {
  CANCEL_JOB,
  createPaymentsService,
  REFUND_JOB,
  SWEEP_JOB,
  WEBHOOK_JOB,
  type PaymentsService,
} from './payments.service.ts';
import { createDemoProvider } from './providers/demo.ts';
import type { PaymentsProvider } from './providers/provider.ts';

declare module 'fastify' {
  interface FastifyInstance {
    payments: PaymentsService;
  }
}

/** The demo provider takes no money: a production shop runs it only when PAYMENTS_DEMO=true says so. */
export function assertProviderAllowed(env: Config['env'], settings: Config['checkout']['payments']): void {
  if (settings.provider === 'demo' && env === 'production' && !settings.allowedInProduction) {
    throw new Error(
      'The demo payment provider takes no money: it does not run in production unless PAYMENTS_DEMO=true.',
    );
  }
}

export type PaymentsPluginOptions = {
  /** Another provider (tests); by default the one the configuration names. */
  provider?: PaymentsProvider;
};

/**
 * Card payments: `app.payments`, the provider the configuration names (Stripe, or the demo provider that takes no
 * money), POST /api/order/intentPayement and /api/order/confirm, the demo card form, Stripe's webhook and the back
 * office's refunds. Nothing depends on payments; it drives the orders through `app.orders`.
 */
export default fp(
  async function payments(app: FastifyInstance, options: PaymentsPluginOptions) {
    const { config } = app;
    const settings = config.checkout.payments;
    assertProviderAllowed(config.env, settings);
    // The Stripe SDK (about 35 MB of memory) is loaded only when Stripe is the provider.
    const provider =
      options.provider ??
      (settings.provider === 'stripe'
        ? (await import('./providers/stripe.ts')).createStripeProvider(settings)
        : createDemoProvider({ db: app.db }));
    const log = app.log.child({ module: 'payments' });
    const service = createPaymentsService({
      db: app.db,
      transaction: app.transaction,
      orders: app.orders,
      checkout: app.checkout,
      provider,
      jobs: app.jobs,
      log,
      quietAfterMs: config.checkout.paymentQuietAfter * 1000,
    });
    app.decorate('payments', service);

    await app.jobs.work<Stripe.Event>(WEBHOOK_JOB, (job) => service.processStripeEvent(job.data));
    await app.jobs.work<{ refundId: string }>(REFUND_JOB, (job) =>
      service.runSystemRefund(job.data.refundId),
    );
    // Every minute the sweep ends the payment windows: the provider is asked about the payments in flight (settled,
    // refunded or cancelled), then the orders past their window with none in flight are expired.
    await app.jobs.work(SWEEP_JOB, async () => {
      const outcome = await service.sweep();
      if (outcome.settled + outcome.canceled + outcome.expired > 0)
        log.info(outcome, 'payment windows swept');
    });
    await app.jobs.schedule(SWEEP_JOB, '* * * * *');
    // And once when the server starts: the payments a crash cut off are settled without waiting for the minute.
    app.addHook('onListen', async () => {
      await app.jobs.send(SWEEP_JOB, {}, { singletonKey: 'on-start' }).catch((error: unknown) => {
        log.warn({ err: error }, 'the sweep at start waits for its schedule');
      });
    });
    // An intent started while its order was being expired is cancelled with the provider (a job, retried while it
    // cannot be reached; the sweep catches any it missed).
    await app.jobs.work<{ orderId: string }>(CANCEL_JOB, (job) => service.cancelForOrder(job.data.orderId));
    const unsubscribe = app.events.on('orders.expired', ({ orderIds }) => {
      for (const orderId of orderIds) {
        app.jobs.send(CANCEL_JOB, { orderId }, { singletonKey: orderId }).catch((error: unknown) => {
          log.warn(
            { err: error, orderId },
            'the cancellation of an expired order’s intent waits for the sweep',
          );
        });
      }
    });
    app.addHook('onClose', async () => unsubscribe());

    await app.register(paymentsRoutes, {
      prefix: '/api',
      stripeWebhook: provider.name === 'stripe',
      bodyLimit: config.bodyLimit,
    });
  },
  { name: 'payments', dependencies: ['config', 'database', 'auth', 'jobs', 'orders', 'checkout'] },
);
