import type { Db } from '../../db/database.ts';
import type { AppTransaction } from '../../plugins/database.ts';
import type { Jobs } from '../../plugins/jobs.ts';
import type { CheckoutWorkflow } from '../checkout/index.ts';
import { createDemoCard } from './payments.demo-card.ts';
import { createRefunds } from './payments.refunds.ts';
import { createSettlement } from './payments.settlement.ts';
import type { PaymentOrders, PaymentsLogger } from './payments.shared.ts';
import { createPaymentStart } from './payments.start.ts';
import { createSweep } from './payments.sweep.ts';
import { createStripeWebhooks } from './payments.webhooks.ts';
import type { PaymentsProvider } from './providers/provider.ts';

export { CANCEL_JOB, REFUND_JOB, SWEEP_JOB, WEBHOOK_JOB } from './payments.shared.ts';
export type { PaymentOrders, PaymentsLogger } from './payments.shared.ts';
export type { SettleOutcome } from './payments.settlement.ts';

export type PaymentsDeps = {
  db: Db;
  transaction: AppTransaction;
  orders: PaymentOrders;
  /** The checkout workflow: what follows from money taken (the order paid) or given back (refunded). */
  checkout: Pick<CheckoutWorkflow, 'orderPaid' | 'orderRefunded'>;
  provider: PaymentsProvider;
  jobs: Pick<Jobs, 'send'>;
  log: PaymentsLogger;
  /** Milliseconds after which an attempt in flight with no news is asked about (a crash may have cut it off). */
  quietAfterMs: number;
};

/**
 * `app.payments`: the payments' use cases, each in its own file, around the one confirmation (`settle`) that the
 * confirm route, the webhook, the demo card form and the sweep share.
 */
export function createPaymentsService(deps: PaymentsDeps) {
  const { db, transaction, orders, checkout, provider, jobs, log, quietAfterMs } = deps;
  const settlement = createSettlement({ db, transaction, orders, checkout, provider, jobs, log });
  const refunds = createRefunds({ db, transaction, orders, checkout, provider, log, settlement });
  return {
    ...createPaymentStart({ db, transaction, orders, provider, log, settlement }),
    settle: settlement.settle,
    recordFailure: settlement.recordFailure,
    ...createDemoCard({ provider, log, settlement }),
    ...createStripeWebhooks({ provider, jobs, settlement, refunds }),
    refund: refunds.refund,
    runSystemRefund: refunds.runSystemRefund,
    ...createSweep({ db, orders, provider, log, quietAfterMs, settlement }),
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
