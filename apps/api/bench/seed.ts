import type { Db } from '../src/db/database.ts';
import { generateBulkCatalog } from './catalog-bulk.ts';

/** Fills the catalogue with the bulk generator (INSERT … SELECT generate_series). */
export async function seedBulkCatalog(db: Db, count: number): Promise<{ seconds: number; how: string }> {
  const started = performance.now();
  await generateBulkCatalog(db, count);
  return { seconds: (performance.now() - started) / 1000, how: 'generateBulkCatalog, then ANALYZE' };
}
