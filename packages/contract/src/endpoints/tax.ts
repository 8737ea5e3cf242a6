/** The tax module's endpoints (see ../endpoints.ts). */
import { url } from '../endpoint.ts';

/** Every country a buyer may live in (the checkout's billing step). */
export const billingCountries = { method: 'GET', path: '/checkout/billing-countries', url } as const;
/** Back office (admins): the VAT rates per country and category, and a new one from a day on. */
export const adminVatRates = { method: 'GET', path: '/admin/tax/rates', url } as const;
export const adminVatRateCreate = { method: 'POST', path: '/admin/tax/rates', url } as const;
