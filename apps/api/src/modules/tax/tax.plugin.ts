import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { categoryOf, type Language, type SiteInfo } from '@hls/contract';
import { billingCountries, createBillingDecision } from './tax.billing.ts';
import { createInvoices } from './tax.invoices.ts';
import taxInvoiceRoutes from './tax.invoices.routes.ts';
import { ipCountry } from './tax.ip-country.ts';
import { createOssReport } from './tax.oss.ts';
import { createRateBook, dayOf, ratesOn } from './tax.rates.ts';
import taxRoutes from './tax.routes.ts';
import { createVies } from './tax.vies.ts';

declare module 'fastify' {
  interface FastifyInstance {
    tax: TaxService;
  }
}

export type TaxService = ReturnType<typeof createTaxService>;

function createTaxService(app: FastifyInstance) {
  const { config, db } = app;
  const settings = config.tax;
  const vies = settings.vies.enabled
    ? createVies({ url: settings.vies.url, timeoutMs: settings.vies.timeoutMs })
    : null;
  return {
    /** Where the buyer lives and whether they buy as an EU business, from the evidence (409 when it disagrees). */
    decideBilling: createBillingDecision({
      ipCountry: (ip) => (settings.geoip ? ipCountry(ip) : null),
      vies: vies && ((prefix, number) => vies.check(prefix, number)),
    }),
    billingCountries: (language: Language) => billingCountries(language),
    rates: createRateBook({ db }),
    /** Invoices and credit notes: issued in the payment's and refund's transactions, read back as PDFs. */
    invoices: createInvoices({ db, company: config.site.company }),
    /** The quarter's OSS report from the invoices and credit notes. */
    oss: createOssReport({ db }),
    /** The reference country's rates today, per format, for the Publish page's example. */
    async referenceRates(): Promise<SiteInfo['vatRates']> {
      const country = config.checkout.vat.referenceCountry;
      const rateOf = await ratesOn(db, [country], dayOf(new Date()));
      const [paper, ebook, file] = (['paper', 'ebook', 'file'] as const).map((f) =>
        rateOf(country, categoryOf(f)),
      );
      if (paper === null && ebook === null && file === null) return null;
      return { country, paper: paper ?? 0, ebook: ebook ?? 0, professionalFile: file ?? 0 };
    },
  };
}

/**
 * Tax (decision 0027): the VAT rates per country and category from a day on, the billing step's decision of where
 * the buyer lives (the evidence, VAT numbers and the EU's VIES check), the invoices and credit notes with their
 * unbroken numbers, the quarter's OSS report, and the rates' back office.
 */
export default fp(
  async function tax(app: FastifyInstance) {
    app.decorate('tax', createTaxService(app));
    await app.register(taxRoutes, { prefix: '/api' });
    await app.register(taxInvoiceRoutes, { prefix: '/api' });
  },
  { name: 'tax', dependencies: ['config', 'database', 'auth'] },
);
