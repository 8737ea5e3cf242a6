import { z } from 'zod';
import { OrderStatus, PaymentProvider, Uuid } from './checkout.ts';

/**
 * Paying an order (SPEC §7 Orders and checkout; DESIGN §4): the payment intent, its confirmation, and the demo
 * provider's card form and answers. The order itself is in checkout.ts.
 */

/**
 * POST /api/order/intentPayement: creates or reuses the order's payment intent (one per order). An order with
 * digital goods needs both consents (unticked by default on the page); they are recorded with the order.
 */
export const IntentBody = z.object({
  orderId: Uuid,
  consent: z
    .object({
      immediateDelivery: z.literal(true, { error: 'consent.immediateDelivery' }),
      withdrawalWaiver: z.literal(true, { error: 'consent.withdrawalWaiver' }),
    })
    .optional(),
});
export type IntentBody = z.input<typeof IntentBody>;

export const PaymentIntent = z.object({
  orderId: z.string(),
  provider: PaymentProvider,
  intentId: z.string(),
  /** What the browser confirms the card with (Stripe.js `clientSecret`, or the demo intent's secret). */
  clientSecret: z.string(),
  /** Stripe only: the publishable key Stripe.js is loaded with. */
  publishableKey: z.string().nullable(),
  amountCents: z.number().int(),
  currency: z.literal('EUR'),
  status: z.enum(['requires_payment_method', 'requires_action', 'processing', 'succeeded', 'canceled']),
});
export type PaymentIntent = z.infer<typeof PaymentIntent>;

/** POST /api/order/confirm: the server asks the provider; answers `{ id }` once the order is paid. */
export const ConfirmBody = z.object({ orderId: Uuid });
export const ConfirmResult = z.object({ id: z.string(), status: OrderStatus });
export type ConfirmResult = z.infer<typeof ConfirmResult>;

/** The demo provider's card form (POST /api/payments/demo/{intentId}/pay). No money is taken. */
export const DemoCardBody = z.object({
  clientSecret: z.string().min(1),
  number: z
    .string({ error: 'card.number' })
    .transform((v) => v.replace(/[\s-]/g, ''))
    .pipe(z.string().regex(/^\d{12,19}$/, 'card.number')),
  /** MM/YY */
  expiry: z
    .string({ error: 'card.expiry' })
    .trim()
    .regex(/^(0[1-9]|1[0-2])\s*\/\s*(\d{2})$/, 'card.expiry'),
  cvc: z
    .string({ error: 'card.cvc' })
    .trim()
    .regex(/^\d{3,4}$/, 'card.cvc'),
});
export type DemoCardBody = z.input<typeof DemoCardBody>;

/** POST /api/payments/demo/{intentId}/authenticate: the demo "3-D Secure" dialog's answer. */
export const DemoAuthenticateBody = z.object({ clientSecret: z.string().min(1), approve: z.boolean() });

export const declineCodes = [
  'card_declined',
  'insufficient_funds',
  'authentication_failed',
  'expired_card',
  'incorrect_cvc',
  'incorrect_number',
] as const;
export const DeclineCode = z.enum(declineCodes);
export type DeclineCode = z.infer<typeof DeclineCode>;

export const DemoPaymentResult = z.object({
  status: z.enum(['succeeded', 'requires_action', 'declined']),
  declineCode: DeclineCode.nullable(),
  /** The provider's reason, in the request's language. */
  message: z.string().nullable(),
});
export type DemoPaymentResult = z.infer<typeof DemoPaymentResult>;
