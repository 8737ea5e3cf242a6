import { z } from 'zod';
import { productKinds } from './values.ts';

/** How an author hears of their sales: an e-mail per sale, one digest a day, or none. */
export const salesEmailChoices = ['each', 'daily', 'off'] as const;
export type SalesEmailChoice = (typeof salesEmailChoices)[number];

/**
 * The e-mails a user may turn off: new versions of what they bought (everyone), their sales and the published
 * reviews of their products (authors).
 */
export const EmailPreferences = z.object({
  versionEmails: z.boolean(),
  salesEmails: z.enum(salesEmailChoices),
  reviewEmails: z.boolean(),
});
export type EmailPreferences = z.infer<typeof EmailPreferences>;

/** PATCH /api/account/email-preferences: the choices to change; those left out stay. */
export const EmailPreferencesPatch = z
  .object({
    versionEmails: z.boolean({ error: 'boolean.invalid' }),
    salesEmails: z.enum(salesEmailChoices, { error: 'salesEmails.invalid' }),
    reviewEmails: z.boolean({ error: 'boolean.invalid' }),
  })
  .partial();
export type EmailPreferencesPatch = z.input<typeof EmailPreferencesPatch>;

/** GET /api/author/stats: whose products (editors and admins may ask for any author's; an author sees their own). */
export const AuthorStatsQuery = z.object({
  authorId: z.uuid({ error: 'id.invalid' }).optional(),
  /** How many months back from the current one (included): 12 by default. */
  months: z.coerce
    .number({ error: 'month.invalid' })
    .int('month.invalid')
    .min(1, 'month.invalid')
    .max(36, 'month.invalid')
    .default(12),
});

/** One product's month: its page's views, its paid lines' copies (refunds apart) and views turned into sales. */
export const ProductMonthStats = z.object({
  /** YYYY-MM (UTC). */
  month: z.string(),
  views: z.number().int(),
  /** Copies sold in paid order lines that month. */
  sales: z.number().int(),
  /** Copies of those lines refunded or withdrawn since. */
  refunded: z.number().int(),
  /** Sales (refunds excluded) per view, 0–1 with four decimals; null without views. */
  conversion: z.number().nullable(),
});
export type ProductMonthStats = z.infer<typeof ProductMonthStats>;

export const ProductStats = z.object({
  productId: z.number().int(),
  title: z.string(),
  kind: z.enum(productKinds),
  /** The months with views or sales, newest first. */
  months: z.array(ProductMonthStats),
});
export type ProductStats = z.infer<typeof ProductStats>;

export const AuthorStats = z.object({
  authorId: z.string(),
  /** The first month counted (YYYY-MM). */
  from: z.string(),
  products: z.array(ProductStats),
});
export type AuthorStats = z.infer<typeof AuthorStats>;
