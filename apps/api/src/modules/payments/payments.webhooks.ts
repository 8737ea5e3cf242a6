import type Stripe from 'stripe';
import { AppError } from '../../plugins/app-error.ts';
import type { Jobs } from '../../plugins/jobs.ts';
import type { Refunds } from './payments.refunds.ts';
import type { Settlement } from './payments.settlement.ts';
import { notFound, WEBHOOK_JOB } from './payments.shared.ts';
import type { PaymentsProvider } from './providers/provider.ts';
import type { StripeProvider } from './providers/stripe.ts';
import { toRetrievedIntent } from './providers/stripe-intent.ts';

const handledEvents = new Set([
  'payment_intent.succeeded',
  'payment_intent.payment_failed',
  'charge.refunded',
]);

/**
 * Stripe's webhook: an event verified on its raw body and handed to a job, then the job that confirms the payment,
 * records a declined card or a refund made from Stripe's dashboard.
 */
export function createStripeWebhooks(deps: {
  provider: PaymentsProvider;
  jobs: Pick<Jobs, 'send'>;
  settlement: Pick<Settlement, 'settle' | 'recordFailure'>;
  refunds: Pick<Refunds, 'reconcileRefunds'>;
}) {
  const { provider, jobs } = deps;
  const { settle, recordFailure } = deps.settlement;
  const { reconcileRefunds } = deps.refunds;
  return {
    /** Verifies a Stripe webhook on its raw body and hands the event to a job; throws a 400 when forged or stale. */
    async receiveStripeWebhook(rawBody: Buffer, signature: string | undefined): Promise<void> {
      if (provider.name !== 'stripe') throw notFound();
      let event: Stripe.Event;
      try {
        event = (provider as StripeProvider).constructEvent(rawBody, signature ?? '');
      } catch {
        throw new AppError('validation_failed', 'The webhook signature is not valid.');
      }
      if (!handledEvents.has(event.type)) return;
      await jobs.send(WEBHOOK_JOB, event, { singletonKey: event.id });
    },

    /** The job of a verified Stripe event. */
    async processStripeEvent(event: Stripe.Event): Promise<void> {
      switch (event.type) {
        case 'payment_intent.succeeded':
          await settle(toRetrievedIntent(event.data.object), { eventId: event.id, type: event.type });
          return;
        case 'payment_intent.payment_failed':
          await recordFailure(toRetrievedIntent(event.data.object), { eventId: event.id, type: event.type });
          return;
        case 'charge.refunded':
          await reconcileRefunds(event.data.object, event.id);
          return;
        default:
          return;
      }
    },
  };
}
