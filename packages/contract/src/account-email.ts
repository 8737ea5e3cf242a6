import { z } from 'zod';

/**
 * The links mailed about an account's address: a confirmation (a new account's address, or the new address of
 * a change) and the report link sent to the old address of a change. Each token works once and expires.
 */

export const EmailTokenRequest = z.object({
  token: z.string({ error: 'emailLink.required' }).min(1, 'emailLink.required').max(200, 'emailLink.invalid'),
});
export type EmailTokenRequest = z.input<typeof EmailTokenRequest>;

/**
 * `confirmed`: the account's address is confirmed. `changed`: the account now uses `email`; every session ended,
 * so the user logs in again with it.
 */
export const EmailConfirmResponse = z.object({
  outcome: z.enum(['confirmed', 'changed']),
  email: z.string(),
});
export type EmailConfirmResponse = z.infer<typeof EmailConfirmResponse>;

/**
 * What a report did, besides ending every session and cancelling the reset links: `cancelled` the pending change,
 * `restored` the old address (`email`), or `kept`: the old address now belongs to another account, so the account
 * keeps its current one (the shop's team helps then).
 */
export const EmailReportResponse = z.object({
  outcome: z.enum(['cancelled', 'restored', 'kept']),
  email: z.string(),
});
export type EmailReportResponse = z.infer<typeof EmailReportResponse>;
