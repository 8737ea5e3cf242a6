import { fileURLToPath } from 'node:url';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type { Db } from './database.ts';

export const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));

/** Applies the committed migrations (apps/api/drizzle), the same on PGlite and PostgreSQL. */
export async function runMigrations(db: Db): Promise<void> {
  await migrate(db, { migrationsFolder });
}
