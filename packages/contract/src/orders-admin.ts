import { z } from 'zod';
import { Order, OrderStatus, PaymentProvider } from './checkout.ts';
import { MAX_ORDER_LINES, MAX_PAGE } from './values.ts';

/**
 * The orders' back office (editor, admin; SPEC §7 Orders and checkout; DESIGN §5): the list and search, an order
 * with its customer, payment and refunds, shipping and refunding. What the customer sees is in checkout.ts.
 */

export const AdminOrderQuery = z.object({
  status: OrderStatus.optional(),
  /** ISO dates (YYYY-MM-DD), inclusive, on the creation date. */
  from: z.iso.date({ error: 'date.invalid' }).optional(),
  to: z.iso.date({ error: 'date.invalid' }).optional(),
  /** Part of the customer's e-mail or name, or the order number. */
  customer: z.string().trim().max(120, 'search.tooLong').optional(),
  withdrawal: z.enum(['requested']).optional(),
  page: z.coerce.number({ error: 'page.invalid' }).int().min(1, 'page.invalid').max(MAX_PAGE).default(1),
});
export type AdminOrderQuery = z.input<typeof AdminOrderQuery>;

export const OrderCustomer = z.object({ id: z.string(), name: z.string(), email: z.string() });

export const AdminOrderSummary = z.object({
  id: z.string(),
  number: z.string(),
  status: OrderStatus,
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  totalCents: z.number().int(),
  refundedCents: z.number().int(),
  customer: OrderCustomer,
  lineCount: z.number().int(),
  needsShipping: z.boolean(),
  withdrawalRequested: z.boolean(),
});
export type AdminOrderSummary = z.infer<typeof AdminOrderSummary>;

export const AdminOrderPage = z.object({
  results: z.array(AdminOrderSummary),
  count: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  pages: z.number().int(),
});
export type AdminOrderPage = z.infer<typeof AdminOrderPage>;

export const Refund = z.object({
  id: z.string(),
  amountCents: z.number().int(),
  lineIds: z.array(z.number()),
  reason: z.string().nullable(),
  status: z.enum(['pending', 'succeeded', 'failed']),
  createdAt: z.string(),
});

export const AdminOrder = Order.extend({
  customer: OrderCustomer,
  payment: z
    .object({
      provider: PaymentProvider,
      intentId: z.string(),
      status: z.string(),
      amountCents: z.number().int(),
    })
    .nullable(),
  refunds: z.array(Refund),
});
export type AdminOrder = z.infer<typeof AdminOrder>;

/** POST /api/admin/orders/{id}/ship: carrier and tracking number; the customer is e-mailed. */
export const ShipBody = z.object({
  carrier: z
    .string({ error: 'carrier.required' })
    .trim()
    .min(2, 'carrier.required')
    .max(60, 'carrier.tooLong'),
  trackingNumber: z
    .string({ error: 'trackingNumber.required' })
    .trim()
    .min(4, 'trackingNumber.required')
    .max(60, 'trackingNumber.tooLong')
    .regex(/^[A-Za-z0-9 -]+$/, 'trackingNumber.invalid'),
  trackingUrl: z.url({ protocol: /^https$/, error: 'trackingUrl.invalid' }).optional(),
});
export type ShipBody = z.input<typeof ShipBody>;

/** POST /api/admin/orders/{id}/refund: the whole order, or the given lines, through the provider. */
export const RefundBody = z.object({
  lineIds: z.array(z.number().int().positive()).min(1).max(MAX_ORDER_LINES).optional(),
  reason: z.string().trim().max(500, 'reason.tooLong').optional(),
});
export type RefundBody = z.input<typeof RefundBody>;
