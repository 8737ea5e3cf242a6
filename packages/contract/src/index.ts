export * from './errors.ts';
export * from './accounts.ts';
