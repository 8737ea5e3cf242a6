import type { PaymentProvider } from '@hls/contract';

/** Where a provider's intent stands (Stripe's PaymentIntent statuses, which the demo provider imitates). */
export type IntentStatus =
  | 'requires_payment_method'
  | 'requires_confirmation'
  | 'requires_action'
  | 'processing'
  | 'requires_capture'
  | 'succeeded'
  | 'canceled';

export type CreateIntentInput = {
  orderId: string;
  /** The payment attempt (a `payments` row): the intent's metadata and its idempotency key. */
  paymentId: string;
  amountCents: number;
  currency: string;
  /** The same key returns the same intent: concurrent or retried creations make one intent. */
  idempotencyKey: string;
  description: string;
  customerEmail: string;
};

export type CreatedIntent = { intentId: string; clientSecret: string; status: IntentStatus };

/** The provider's last refusal of a card: a decline code when it gives one, and its own message. */
export type IntentError = { code: string | null; message: string | null };

export type RetrievedIntent = {
  id: string;
  status: IntentStatus;
  /** What the browser confirms the card with; returned to the order's owner only. */
  clientSecret: string;
  /** Cents the provider has taken (0 before success). */
  amountReceived: number;
  amountCents: number;
  /** Lower case, as providers report it ("eur"). */
  currency: string;
  /** From the intent's metadata: the order and payment attempt it was created for. */
  orderId: string | null;
  paymentId: string | null;
  lastError: IntentError | null;
};

export type RefundInput = { intentId: string; amountCents: number; idempotencyKey: string; reason?: string };
export type ProviderRefund = { refundId: string; status: 'pending' | 'succeeded' | 'failed' | 'canceled' };

/**
 * A card payment provider: Stripe, or the demo provider that takes no money. Every call that creates something
 * takes an idempotency key, so a retried request (network failure, double click, concurrent calls) never creates
 * a second intent or refund.
 */
export type PaymentsProvider = {
  name: PaymentProvider;
  createIntent(input: CreateIntentInput): Promise<CreatedIntent>;
  retrieveIntent(intentId: string): Promise<RetrievedIntent>;
  /** Cancels an intent that has not succeeded; an intent already cancelled or succeeded is left as it is. */
  cancelIntent(intentId: string): Promise<void>;
  refund(input: RefundInput): Promise<ProviderRefund>;
  /** What the browser needs: the provider's name and Stripe.js's publishable key (null for the demo). */
  browser: { provider: PaymentProvider; publishableKey: string | null };
};

/** The provider could not be reached or failed on its side: nothing was changed, the call may be retried. */
export class ProviderUnavailableError extends Error {
  override name = 'ProviderUnavailableError';
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
  }
}

/** The provider refused the request itself (an unknown intent, a refund larger than the payment…). */
export class ProviderRefusedError extends Error {
  override name = 'ProviderRefusedError';
  readonly code: string | null;
  constructor(message: string, code: string | null = null, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
  }
}
