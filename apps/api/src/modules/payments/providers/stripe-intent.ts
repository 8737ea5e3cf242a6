import type Stripe from 'stripe';
import type { IntentStatus, RetrievedIntent } from './provider.ts';

// Stripe's PaymentIntent in the provider's terms. Apart from providers/stripe.ts, so that reading a webhook's
// intent needs Stripe's types only: the Stripe SDK itself is loaded only when Stripe is the provider.

/** Stripe's reasons in our decline codes where they match (the web translates those). */
function lastError(error: Stripe.PaymentIntent.LastPaymentError | null): RetrievedIntent['lastError'] {
  if (!error) return null;
  const code =
    error.code === 'payment_intent_authentication_failure'
      ? 'authentication_failed'
      : (error.decline_code ?? error.code ?? null);
  return { code, message: error.message ?? null };
}

export function toRetrievedIntent(intent: Stripe.PaymentIntent): RetrievedIntent {
  return {
    id: intent.id,
    status: intent.status as IntentStatus,
    clientSecret: intent.client_secret ?? '',
    amountReceived: intent.amount_received,
    amountCents: intent.amount,
    currency: intent.currency,
    orderId: intent.metadata?.orderId ?? null,
    paymentId: intent.metadata?.paymentId ?? null,
    lastError: lastError(intent.last_payment_error),
  };
}
