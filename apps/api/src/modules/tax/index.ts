/** What other modules may use of the tax module: the rates of a day, the billing decision's types, the invoices. */
export { dayOf, rateOfRows, ratesJson, type RateRow } from './tax.rates.ts';
export type { BillingDecision } from './tax.billing.ts';
export type { TaxService } from './tax.plugin.ts';
export type { CreditNoteSnapshot, InvoiceSnapshot, Invoices } from './tax.invoices.ts';
