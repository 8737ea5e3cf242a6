import { z } from 'zod';
import { chargeBearers, CountryField, payoutSchemes } from './bank-details.ts';

/**
 * Withholding tax on royalties paid abroad, the monthly payout proposal, and what an author is told of how and
 * when they are paid.
 *
 * A rate per country of residence from a day on (0 wherever none is set), edited by admins; a payout takes the
 * rate in force at its run for the author's declared residence, withholds `floor(royalties × rate)` once per
 * payout (integer cents, never more than the royalties) and pays the rest.
 */

/** Highest withholding rate an admin may set (basis points): treaties and domestic rates stay well below. */
export const WITHHOLDING_MAX_BP = 5000;

export const WithholdingBp = z.coerce
  .number({ error: 'withholding.invalid' })
  .int('withholding.invalid')
  .min(0, 'withholding.invalid')
  .max(WITHHOLDING_MAX_BP, 'withholding.invalid');

/** The tax withheld from a payout of `royaltiesCents` at `rateBp`: rounded down to the cent, once. */
export function withholdingOf(royaltiesCents: number, rateBp: number): number {
  if (!Number.isSafeInteger(royaltiesCents) || royaltiesCents <= 0) return 0;
  if (!Number.isInteger(rateBp) || rateBp <= 0) return 0;
  return Math.floor((royaltiesCents * Math.min(rateBp, WITHHOLDING_MAX_BP)) / 10_000);
}

/** POST /api/admin/withholding-rates: a country's rate from a day on (today or later; omitted = today). */
export const WithholdingRateBody = z.object({
  country: CountryField('country'),
  rateBp: WithholdingBp,
  effectiveFrom: z.iso.date({ error: 'date.invalid' }).optional(),
});
export type WithholdingRateBody = z.input<typeof WithholdingRateBody>;

export const WithholdingRateChange = z.object({
  id: z.number().int(),
  country: z.string(),
  rateBp: z.number().int(),
  /** The first day it applies (YYYY-MM-DD, UTC). */
  effectiveFrom: z.string(),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
});
export type WithholdingRateChange = z.infer<typeof WithholdingRateChange>;

/** GET /api/admin/withholding-rates: the rates in force today (countries with a rate set) and every change. */
export const WithholdingBoard = z.object({
  current: z.array(z.object({ country: z.string(), rateBp: z.number().int(), effectiveFrom: z.string() })),
  changes: z.array(WithholdingRateChange),
});
export type WithholdingBoard = z.infer<typeof WithholdingBoard>;

/* ---------------------------------------------------------------- the monthly proposal */

export const payoutProposalStatuses = ['proposed', 'approved', 'dismissed'] as const;

/** A payout run proposed by the monthly job, for an admin to approve (a run) or dismiss. */
export const PayoutProposal = z.object({
  id: z.string(),
  /** YYYY-MM: one proposal per month. */
  month: z.string(),
  status: z.enum(payoutProposalStatuses),
  createdAt: z.string(),
  /** What was payable when it was proposed: approving pays these authors what is payable then. */
  authorIds: z.array(z.string()),
  /**
   * While proposed, the authors it would pay as they stand now (name, available balance, transfer file, tax
   * withheld); empty once decided. An author no longer due is left out.
   */
  payees: z.array(
    z.object({
      authorId: z.string(),
      name: z.string(),
      email: z.string(),
      availableCents: z.number().int(),
      scheme: z.enum(payoutSchemes).nullable(),
      withholdingBp: z.number().int(),
      payable: z.boolean(),
    }),
  ),
  totalCents: z.number().int(),
  decidedAt: z.string().nullable(),
  decidedBy: z.string().nullable(),
  /** The run its approval made. */
  runId: z.string().nullable(),
  runReference: z.string().nullable(),
});
export type PayoutProposal = z.infer<typeof PayoutProposal>;
export const PayoutProposalList = z.object({ results: z.array(PayoutProposal) });
export type PayoutProposalList = z.infer<typeof PayoutProposalList>;
export const PayoutProposalParams = z.object({ id: z.uuid({ error: 'id.invalid' }) });
/** POST /api/admin/payouts/proposals/{id}/approve. */
export const PayoutProposalApproveBody = z.object({
  executionDate: z.iso.date({ error: 'date.invalid' }).optional(),
});
export type PayoutProposalApproveBody = z.input<typeof PayoutProposalApproveBody>;

/* ---------------------------------------------------------------- what the author is told */

/** How and when the author is paid (GET /api/checkout/list, `terms.payment`). */
export const PaymentTerms = z.object({
  /** null until bank details are saved. */
  scheme: z.enum(payoutSchemes).nullable(),
  /** Who bears the banks' charges of an international transfer (a setting). */
  chargeBearer: z.enum(chargeBearers),
  /** The next monthly run's proposal day (YYYY-MM-DD): the 1st of next month. */
  nextRunDate: z.string(),
  residenceCountry: z.string().nullable(),
  /** The withholding rate in force for that residence (0 when none is set). */
  withholdingBp: z.number().int(),
});
export type PaymentTerms = z.infer<typeof PaymentTerms>;
