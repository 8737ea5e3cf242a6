export * from './values.ts';
export * from './errors.ts';
export * from './accounts.ts';
export * from './money.ts';
export * from './catalog.ts';
export * from './site.ts';
