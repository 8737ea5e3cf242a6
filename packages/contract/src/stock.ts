import { z } from 'zod';

/**
 * Paper stock in the back office (editors and admins): the paper editions with their copies in stock, low ones
 * first, and a change by hand with its reason, kept as history.
 */

export const stockReasons = ['delivery', 'count', 'damaged', 'returned', 'other'] as const;
export const StockReason = z.enum(stockReasons, { error: 'stockReason.required' });
export type StockReason = z.infer<typeof StockReason>;

/** Below this many copies an edition is low on stock (the back office lists it first and marks it). */
export const LOW_STOCK = 3;

export const StockRow = z.object({
  editionId: z.number().int(),
  productId: z.number().int(),
  title: z.string(),
  status: z.string(),
  stock: z.number().int(),
  low: z.boolean(),
  updatedAt: z.string(),
});
export type StockRow = z.infer<typeof StockRow>;

/** GET /api/admin/stock?q=…&low=true: paper editions, the lowest stock first. */
export const StockQuery = z.object({
  q: z.string().trim().max(100).optional(),
  low: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true'),
});
export const StockList = z.object({ results: z.array(StockRow) });
export type StockList = z.infer<typeof StockList>;

/** POST /api/admin/stock/{editionId}: the copies now in stock, and why (a note is required for `other`). */
export const StockAdjustBody = z
  .object({
    stock: z.coerce
      .number({ error: 'stock.invalid' })
      .int('stock.invalid')
      .min(0, 'stock.invalid')
      .max(1_000_000, 'stock.invalid'),
    reason: StockReason,
    note: z.string().trim().max(300, 'stockNote.tooLong').optional(),
  })
  .refine((body) => body.reason !== 'other' || Boolean(body.note), {
    path: ['note'],
    message: 'stockNote.required',
  });
export type StockAdjustBody = z.input<typeof StockAdjustBody>;

export const StockMovement = z.object({
  at: z.string(),
  delta: z.number().int(),
  stockAfter: z.number().int(),
  reason: StockReason,
  note: z.string().nullable(),
  by: z.string().nullable(),
});
export type StockMovement = z.infer<typeof StockMovement>;

export const StockEditionParams = z.object({ editionId: z.coerce.number().int().positive() });
export const StockHistory = z.object({ stock: StockRow, movements: z.array(StockMovement) });
export type StockHistory = z.infer<typeof StockHistory>;
