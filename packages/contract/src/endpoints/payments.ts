/** The payments module's endpoints (see ../endpoints.ts). */
import { url } from '../endpoint.ts';

export const paymentIntent = { method: 'POST', path: '/order/intentPayement', url } as const;
export const orderConfirm = { method: 'POST', path: '/order/confirm', url } as const;
/** The demo provider's card form and its authentication step. */
export const demoPay = { method: 'POST', path: '/payments/demo/:intentId/pay', url } as const;
export const demoAuthenticate = {
  method: 'POST',
  path: '/payments/demo/:intentId/authenticate',
  url,
} as const;
export const adminOrderRefund = { method: 'POST', path: '/admin/orders/:id/refund', url } as const;
/** Stripe's events (only when Stripe takes the payments). */
export const stripeWebhook = { method: 'POST', path: '/payments/stripe/webhook', url } as const;
