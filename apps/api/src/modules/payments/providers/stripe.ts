import Stripe from 'stripe';
import {
  ProviderRefusedError,
  ProviderUnavailableError,
  type IntentStatus,
  type PaymentsProvider,
} from './provider.ts';
import { toRetrievedIntent } from './stripe-intent.ts';

export type StripeSettings = {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** A Stripe-compatible server instead of api.stripe.com (the tests' local stub). */
  apiUrl: string | undefined;
};

/** Seconds a signed webhook stays acceptable (Stripe's default tolerance). */
export const WEBHOOK_TOLERANCE = 300;

export type StripeProvider = PaymentsProvider & {
  /** Verifies a webhook's signature on its raw body and returns the event; throws when forged or stale. */
  constructEvent(rawBody: Buffer | string, signature: string): Stripe.Event;
};

function serverOptions(apiUrl: string | undefined): Pick<Stripe.StripeConfig, 'host' | 'port' | 'protocol'> {
  if (!apiUrl) return {};
  const url = new URL(apiUrl);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname, port: Number(url.port || (protocol === 'http' ? 80 : 443)), protocol };
}

/** Network failures, Stripe's own faults, rate limits and a bad key: nothing was done, try again later. */
function translateError(error: unknown): never {
  if (error instanceof Stripe.errors.StripeError) {
    const status = error.statusCode ?? 0;
    const refused =
      status >= 400 && status < 500 && status !== 401 && status !== 403 && status !== 409 && status !== 429;
    if (refused) throw new ProviderRefusedError(error.message, error.code ?? null, { cause: error });
  }
  throw new ProviderUnavailableError('The payment provider cannot be reached.', { cause: error });
}

const call = async <T>(request: () => Promise<T>): Promise<T> => {
  try {
    return await request();
  } catch (error) {
    return translateError(error);
  }
};

/** PaymentIntents with Stripe.js's card Element; every creation carries the payment attempt id as its key. */
export function createStripeProvider(settings: StripeSettings): StripeProvider {
  const stripe = new Stripe(settings.secretKey, {
    maxNetworkRetries: 2,
    telemetry: false,
    timeout: 20_000,
    ...serverOptions(settings.apiUrl),
  });

  return {
    name: 'stripe',
    browser: { provider: 'stripe', publishableKey: settings.publishableKey },

    async createIntent(input) {
      const intent = await call(() =>
        stripe.paymentIntents.create(
          {
            amount: input.amountCents,
            currency: input.currency.toLowerCase(),
            // Cards and wallets the dashboard enables, confirmed in the page (no redirect away from the shop).
            automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
            description: input.description,
            metadata: { orderId: input.orderId, paymentId: input.paymentId },
          },
          { idempotencyKey: input.idempotencyKey },
        ),
      );
      return {
        intentId: intent.id,
        clientSecret: intent.client_secret ?? '',
        status: intent.status as IntentStatus,
      };
    },

    async retrieveIntent(intentId) {
      return toRetrievedIntent(await call(() => stripe.paymentIntents.retrieve(intentId)));
    },

    async cancelIntent(intentId) {
      try {
        await call(() => stripe.paymentIntents.cancel(intentId));
      } catch (error) {
        // Already cancelled or succeeded: there is nothing left to cancel.
        if (error instanceof ProviderRefusedError && error.code === 'payment_intent_unexpected_state') return;
        throw error;
      }
    },

    async refund(input) {
      const refund = await call(() =>
        stripe.refunds.create(
          {
            payment_intent: input.intentId,
            amount: input.amountCents,
            ...(input.reason ? { metadata: { reason: input.reason.slice(0, 500) } } : {}),
          },
          { idempotencyKey: input.idempotencyKey },
        ),
      );
      const status = refund.status === 'requires_action' ? 'pending' : refund.status;
      return {
        refundId: refund.id,
        status: (status ?? 'pending') as 'pending' | 'succeeded' | 'failed' | 'canceled',
      };
    },

    constructEvent: (rawBody, signature) =>
      stripe.webhooks.constructEvent(rawBody, signature, settings.webhookSecret, WEBHOOK_TOLERANCE),
  };
}
