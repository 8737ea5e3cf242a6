import { z } from 'zod';
import { Language } from './accounts.ts';

/**
 * Back-in-stock requests: a signed-in customer with a confirmed address asks to be told, by one e-mail in their
 * language, when a paper book out of stock is back; the request then ends. One open request per user and book.
 */

/** GET, POST and DELETE /api/product/{id}/stock-alert: the user's open request for the book's paper edition. */
export const StockAlertState = z.object({
  alert: z.object({ createdAt: z.string(), language: Language }).nullable(),
});
export type StockAlertState = z.infer<typeof StockAlertState>;

/** POST /api/product/{id}/stock-alert: the e-mail's language (the page's); the account's when none is given. */
export const StockAlertBody = z.object({ language: Language.optional() }).nullish();
export type StockAlertBody = z.input<typeof StockAlertBody>;
