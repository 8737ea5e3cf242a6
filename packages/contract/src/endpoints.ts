/**
 * Every endpoint of the API, in one place, grouped by the API module that serves it: the routes register `path`
 * (Fastify's pattern, below `/api`), the web app's API slices build an address with `url` (its parameters
 * encoded). The odd spellings (`dashbord`, `intentPayement`, `commande`) are the addresses the clients have always
 * called: they stay.
 */
//
// Each endpoint is its own export, a plain object in the file of the API module that serves it (endpoints/), so a
// bundle keeps only those its code calls, each module's where it is used: `import * as endpoints from
// '@hls/contract/endpoints'`, then `endpoints.orderWithdraw.url({ id })`; the routes register
// `endpoints.orderWithdraw.path`.
export type { Endpoint, HttpMethod } from './endpoint.ts';
export * from './endpoints/accounts.ts';
export * from './endpoints/analytics.ts';
export * from './endpoints/author-news.ts';
export * from './endpoints/catalog.ts';
export * from './endpoints/checkout.ts';
export * from './endpoints/contact.ts';
export * from './endpoints/documents.ts';
export * from './endpoints/downloads.ts';
export * from './endpoints/health.ts';
export * from './endpoints/payments.ts';
export * from './endpoints/reviews.ts';
export * from './endpoints/royalties.ts';
export * from './endpoints/site.ts';
export * from './endpoints/submissions.ts';
export * from './endpoints/tax.ts';
export * from './endpoints/invoices.ts';
