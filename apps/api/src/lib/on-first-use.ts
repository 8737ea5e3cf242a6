import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/**
 * A library loaded at its first use rather than at start, for what the shop runs rarely (covers, payout files):
 * an idle server does not hold it (docs/decisions/0037-an-idle-shop-in-less-memory.md). `require` loads CommonJS
 * and ES modules alike, synchronously, so the callers stay as they were.
 */
export function onFirstUse<T>(specifier: string): () => T {
  let loaded: T | undefined;
  return () => (loaded ??= require(specifier) as T);
}
