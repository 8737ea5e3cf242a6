import {
  discountedPrice,
  saleRoyalty,
  type BookPriceBody,
  type FilePriceBody,
  type PriceQuote,
} from '@hls/contract';
import type { z } from 'zod';
import type { Config } from '../../config.ts';
import { vatRateOf, type VatRates } from '@hls/contract/money';

export type CalculatorDeps = {
  /** The royalty rates in effect now, in percent as the settings state them (an admin may change them). */
  royaltyRates: () => Promise<Config['royaltyRates']>;
  /** The VAT rates of the reference country today (VAT is charged where the buyer lives; decision 0027). */
  vatRates: () => Promise<VatRates | null>;
};

/** A price quote (SPEC §5): customer price after discount, VAT in it, net, and the royalty at the format's rate. */
export function quotePrice(
  input: { priceCents: number; discountPercent: number; format: 'paper' | 'ebook' | 'file'; free: boolean },
  settings: { royaltyRates: Config['royaltyRates']; vatRates: VatRates | null },
): PriceQuote {
  const customerPriceCents = discountedPrice(input.priceCents, input.discountPercent);
  const royaltyFormat = input.format === 'file' ? 'professional_file' : input.format;
  const percent =
    input.format === 'file' ? settings.royaltyRates.professionalFile : settings.royaltyRates[input.format];
  const royaltyRateBp = input.free ? 0 : Math.round(percent * 100);
  const sale = saleRoyalty({
    paidCents: customerPriceCents,
    vatRateBp: settings.vatRates ? vatRateOf(settings.vatRates, input.format) : 0,
    royaltyRateBp,
  });
  return {
    priceCents: input.priceCents,
    discountPercent: input.discountPercent,
    customerPriceCents,
    ...sale,
    royaltyFormat,
    royaltyRateBp,
  };
}

/** The authors' price and royalty calculator, at the rates in effect now. */
export function createCalculator(deps: CalculatorDeps) {
  return {
    /** POST /api/books/price/book, at the rates in effect now. */
    quoteBook: async (body: z.output<typeof BookPriceBody>) =>
      quotePrice(
        { ...body, free: false },
        { royaltyRates: await deps.royaltyRates(), vatRates: await deps.vatRates() },
      ),

    /** POST /api/books/price/file: academic files are free (no royalty). */
    quoteFile: async (body: z.output<typeof FilePriceBody>) =>
      quotePrice(
        { ...body, format: 'file', free: body.section === 'academic' },
        { royaltyRates: await deps.royaltyRates(), vatRates: await deps.vatRates() },
      ),
  };
}
export type Calculator = ReturnType<typeof createCalculator>;
