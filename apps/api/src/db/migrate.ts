import { fileURLToPath } from 'node:url';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { getConstructionPlans } from 'pg-boss';
import type { Db } from './database.ts';

export const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));

/** The schema of the job queue (pg-boss), beside the app's tables. */
export const JOBS_SCHEMA = 'pgboss';

/**
 * Applies the committed migrations (apps/api/drizzle), the same on PGlite and PostgreSQL, and installs the job
 * queue's schema when it is missing (pg-boss upgrades it itself when it starts).
 */
export async function runMigrations(db: Db): Promise<void> {
  // A connection of its own without the statement timeout: a migration may rewrite a large table.
  const client = await db.$client.connect();
  let done = false;
  try {
    await client.query('SET statement_timeout = 0');
    await migrate(drizzle(client), { migrationsFolder });
    const { rows } = await client.query<{ installed: boolean }>(
      `SELECT to_regclass('${JOBS_SCHEMA}.version') IS NOT NULL AS installed`,
    );
    // One script in its own transaction, under pg-boss's advisory lock.
    if (!rows[0]?.installed) await client.query(getConstructionPlans(JOBS_SCHEMA));
    await client.query('RESET statement_timeout');
    done = true;
  } finally {
    // A connection that may still be without its timeout is closed rather than given back to the pool.
    client.release(!done);
  }
}
