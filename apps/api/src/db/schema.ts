/**
 * Every module's tables, for Drizzle's typed queries and for drizzle-kit; each module owns its own file. The demo
 * seed's own table (demo/demo.tables.ts) is given to drizzle-kit beside this (drizzle.config.ts): production code
 * never imports the demo.
 */
export * from '../modules/accounts/accounts.tables.ts';
export * from '../modules/mail/mail.tables.ts';
export * from '../modules/analytics/analytics.tables.ts';
export * from '../modules/catalog/catalog.tables.ts';
export * from '../modules/contact/contact.tables.ts';
export * from '../modules/tax/tax.tables.ts';
export * from '../modules/orders/orders.tables.ts';
export * from '../modules/payments/payments.tables.ts';
export * from '../modules/downloads/downloads.tables.ts';
export * from '../modules/submissions/submissions.tables.ts';
export * from '../modules/royalties/royalties.tables.ts';
export * from '../modules/reviews/reviews.tables.ts';
export * from '../modules/author-news/author-news.tables.ts';
