import { z } from 'zod';
import { includedVat } from './money.ts';
import type { LineFormat } from './checkout.ts';

/**
 * VAT where the buyer lives (decision 0027). HLS is a UK seller of digital goods to consumers across Europe (the EU's
 * non-Union OSS scheme: the member state's rate), of paper books shipped from Tunisia (the EU's import scheme, IOSS,
 * for consignments up to €150), and of both to the UK (UK VAT). These are the pure rules both sides apply; the rates
 * are data (`vat_rates`), never code.
 */

/** What a line is, as VAT rates are set: templates and tools at the standard rate, ebooks and printed books apart. */
export const taxCategories = ['standard', 'ebook', 'printed_book'] as const;
export type TaxCategory = (typeof taxCategories)[number];
export const TaxCategory = z.enum(taxCategories);

export const categoryOf = (format: LineFormat): TaxCategory =>
  format === 'paper' ? 'printed_book' : format === 'ebook' ? 'ebook' : 'standard';

/** The EU's 27 member states (ISO 3166-1 codes; Greece is GR here, EL in VAT numbers). */
export const euMemberStates = [
  'AT', 'BE', 'BG', 'CY', 'CZ', 'DE', 'DK', 'EE', 'ES', 'FI', 'FR', 'GR', 'HR', 'HU', 'IE', 'IT', 'LT', 'LU',
  'LV', 'MT', 'NL', 'PL', 'PT', 'RO', 'SE', 'SI', 'SK',
] as const; // prettier-ignore
const euSet = new Set<string>(euMemberStates);
export const isEuMember = (country: string): boolean => euSet.has(country);

/**
 * How a line is taxed:
 * - `oss`: digital goods to an EU consumer, the member state's rate (declared in the OSS return);
 * - `ioss`: paper books to an EU consumer in a consignment up to the import threshold, the destination's rate;
 * - `uk`: sales to UK consumers, UK VAT;
 * - `local`: a country where the shop has configured rates of its own (registered there);
 * - `reverse_charge`: digital goods to an EU business with a valid VAT number, no VAT (Art. 196 of Directive
 *   2006/112/EC), the customer accounts for it;
 * - `import`: paper books to an EU business, or a consignment over the threshold: delivered duty paid, the
 *   destination's VAT in the price and paid by the shop at import (the terms promise the carrier asks for nothing);
 * - `outside_scope`: a country where the shop charges no VAT.
 */
export const taxTreatments = [
  'oss',
  'ioss',
  'uk',
  'local',
  'reverse_charge',
  'import',
  'outside_scope',
] as const;
export type TaxTreatment = (typeof taxTreatments)[number];
export const TaxTreatment = z.enum(taxTreatments);

/** A rate in basis points (5.5 % = 550) of a country and category, or null when none is set there. */
export type RateOf = (country: string, category: TaxCategory) => number | null;

export type TaxInput = {
  lines: { id: number; format: LineFormat; totalCents: number }[];
  /** Where the buyer lives (digital goods are taxed there). */
  buyerCountry: string;
  /** Where paper books go; the buyer's country until an address is given. */
  shippingCountry: string | null;
  /** An EU business whose VAT number was accepted. */
  business: boolean;
  /** Prices include VAT (the default: the same price everywhere), or VAT is added on top. */
  pricesIncludeVat: boolean;
  rateOf: RateOf;
  /** The import scheme's ceiling per consignment (€150), in cents. */
  importThresholdCents: number;
};

export type TaxedLine = {
  id: number;
  category: TaxCategory;
  taxCountry: string;
  treatment: TaxTreatment;
  rateBp: number;
  vatCents: number;
  netCents: number;
  /** What the buyer pays for the line: net + VAT. */
  amountCents: number;
};

export type TaxResult = { lines: TaxedLine[]; netCents: number; vatCents: number; totalCents: number };

function treatmentOf(input: TaxInput, format: LineFormat, country: string, paperCents: number): TaxTreatment {
  const category = categoryOf(format);
  if (isEuMember(country)) {
    if (format === 'paper') {
      return input.business || paperCents > input.importThresholdCents ? 'import' : 'ioss';
    }
    return input.business ? 'reverse_charge' : 'oss';
  }
  if (country === 'GB') return 'uk';
  return input.rateOf(country, category) === null ? 'outside_scope' : 'local';
}

/**
 * The VAT of each line, one rounding per line. Taxed lines carry their country's rate for their category; with
 * prices including VAT the price stays what the buyer saw and the VAT is the part of it at that rate, else the VAT
 * is added on top. A line under the reverse charge costs the price less the VAT it would have carried; outside the
 * scope of VAT the price is the price.
 */
export function computeTax(input: TaxInput): TaxResult {
  const paperCents = input.lines.filter((l) => l.format === 'paper').reduce((s, l) => s + l.totalCents, 0);
  const lines = input.lines.map((line): TaxedLine => {
    const category = categoryOf(line.format);
    const taxCountry =
      line.format === 'paper' ? (input.shippingCountry ?? input.buyerCountry) : input.buyerCountry;
    const treatment = treatmentOf(input, line.format, taxCountry, paperCents);
    const rate = input.rateOf(taxCountry, category) ?? 0;
    const base = { id: line.id, category, taxCountry, treatment };
    if (treatment === 'outside_scope') {
      return { ...base, rateBp: 0, vatCents: 0, netCents: line.totalCents, amountCents: line.totalCents };
    }
    if (treatment === 'reverse_charge') {
      const net = input.pricesIncludeVat
        ? line.totalCents - includedVat(line.totalCents, rate)
        : line.totalCents;
      return { ...base, rateBp: 0, vatCents: 0, netCents: net, amountCents: net };
    }
    if (input.pricesIncludeVat) {
      const vat = includedVat(line.totalCents, rate);
      return {
        ...base,
        rateBp: rate,
        vatCents: vat,
        netCents: line.totalCents - vat,
        amountCents: line.totalCents,
      };
    }
    const vat = Math.round((line.totalCents * rate) / 10_000);
    return {
      ...base,
      rateBp: rate,
      vatCents: vat,
      netCents: line.totalCents,
      amountCents: line.totalCents + vat,
    };
  });
  const sum = (pick: (l: TaxedLine) => number) => lines.reduce((s, l) => s + pick(l), 0);
  return {
    lines,
    netCents: sum((l) => l.netCents),
    vatCents: sum((l) => l.vatCents),
    totalCents: sum((l) => l.amountCents),
  };
}

/** The VAT given back with a refund of `refundCents` of a line that charged `vatCents` on `amountCents`. */
export function refundedVat(line: { amountCents: number; vatCents: number }, refundCents: number): number {
  if (line.amountCents === 0) return 0;
  return Math.round((refundCents * line.vatCents) / line.amountCents);
}

/* ---------------------------------------------------------------- the order's billing step */

/**
 * POST /api/order/billing: where the buyer lives, and an EU business's VAT number. When the request's address
 * places the buyer in another country, the answer is a 409 `country_unconfirmed` naming it, and the buyer confirms
 * their country (`confirmCountry: true`); the evidence is kept with the order.
 */
export const OrderBillingBody = z.object({
  orderId: z.uuid({ error: 'id.invalid' }),
  country: z
    .string({ error: 'country.required' })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, 'country.invalid'),
  vatNumber: z
    .string()
    .trim()
    .max(20, 'vatNumber.invalid')
    .optional()
    .transform((v) => (v ? v : undefined)),
  confirmCountry: z.boolean().optional(),
});
export type OrderBillingBody = z.input<typeof OrderBillingBody>;

/** The buyer's tax status on an order, as the checkout and the invoice show it. */
export const OrderBilling = z.object({
  country: z.string(),
  /** The VAT number accepted for the reverse charge (normalised, with its prefix), or null for a consumer. */
  vatNumber: z.string().nullable(),
  reverseCharge: z.boolean(),
  pricesIncludeVat: z.boolean(),
});
export type OrderBilling = z.infer<typeof OrderBilling>;

/** A line's VAT as charged: the country and rate it was taxed at. */
export const LineTax = z.object({
  country: z.string(),
  treatment: TaxTreatment,
  rateBp: z.number().int(),
  vatCents: z.number().int(),
  netCents: z.number().int(),
  amountCents: z.number().int(),
});
export type LineTax = z.infer<typeof LineTax>;

/** GET /api/checkout/billing-countries: every country a buyer may live in, named in the page's language. */
export const BillingCountry = z.object({ code: z.string(), name: z.string(), eu: z.boolean() });
export type BillingCountry = z.infer<typeof BillingCountry>;

/* ---------------------------------------------------------------- the rates (back office) */

/** A rate as the back office lists it: valid from a day until the next one of the same country and category. */
export const VatRate = z.object({
  id: z.number().int(),
  country: z.string(),
  category: TaxCategory,
  rateBp: z.number().int(),
  validFrom: z.string(),
  validTo: z.string().nullable(),
  source: z.string(),
});
export type VatRate = z.infer<typeof VatRate>;

/** POST /api/admin/tax/rates: a new rate of a country and category from a day on (the older one stays for the past). */
export const VatRateBody = z.object({
  country: z
    .string({ error: 'country.required' })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, 'country.invalid'),
  category: TaxCategory,
  // An empty field is no rate (not 0 %).
  ratePercent: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    z.coerce
      .number({ error: 'ratePercent.invalid' })
      .min(0, 'ratePercent.invalid')
      .max(50, 'ratePercent.invalid')
      .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, 'ratePercent.invalid'),
  ),
  validFrom: z.iso.date({ error: 'validFrom.invalid' }),
  source: z.string().trim().max(200, 'source.tooLong').optional(),
});
export type VatRateBody = z.input<typeof VatRateBody>;

export const VatRateQuery = z.object({
  country: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/)
    .optional(),
});

/**
 * The evidence of where the buyer lives, kept with the order (Implementing Regulation 282/2011 Art. 24b–24f: two
 * non-contradictory pieces): the billing country given, the country of the request's IP address, the card's
 * issuing country once the provider tells it, and whether the buyer confirmed their country against the others.
 */
export const TaxEvidence = z.object({
  billingCountry: z.string(),
  ipAddress: z.string().nullable(),
  ipCountry: z.string().nullable(),
  cardCountry: z.string().nullable(),
  /** The buyer was shown the contradiction and confirmed their country. */
  confirmedByBuyer: z.boolean(),
  /** The VAT number's check: by format only, or with the EU's VIES service (its consultation reference). */
  vatCheck: z
    .object({
      number: z.string(),
      by: z.enum(['format', 'vies']),
      name: z.string().nullable(),
      reference: z.string().nullable(),
      at: z.string(),
    })
    .nullable(),
  at: z.string(),
});
export type TaxEvidence = z.infer<typeof TaxEvidence>;
