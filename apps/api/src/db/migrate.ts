import { fileURLToPath } from 'node:url';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { getConstructionPlans } from 'pg-boss';
import type { Database, Db } from './database.ts';

export const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));

/** The schema of the job queue (pg-boss), beside the app's tables. */
export const JOBS_SCHEMA = 'pgboss';

/**
 * The advisory lock under which one process at a time migrates the database and seeds the demo: instances started
 * together on an empty database wait for the first, then find the work done.
 */
export const START_LOCK = 7_268_301;

/**
 * Applies the committed migrations (apps/api/drizzle), the same on PGlite and PostgreSQL, and installs the job
 * queue's schema when it is missing (pg-boss upgrades it itself when it starts). Under the start lock, held by
 * the session that migrates (a process that dies lets it go).
 */
export async function runMigrations(db: Db): Promise<void> {
  // A connection of its own without the statement timeout: a migration may rewrite a large table, and another
  // instance's may be waited for.
  const client = await db.$client.connect();
  let done = false;
  try {
    await client.query('SET statement_timeout = 0');
    await client.query('SELECT pg_advisory_lock($1)', [START_LOCK]);
    await migrate(drizzle(client), { migrationsFolder });
    const { rows } = await client.query<{ installed: boolean }>(
      `SELECT to_regclass('${JOBS_SCHEMA}.version') IS NOT NULL AS installed`,
    );
    // One script in its own transaction, under pg-boss's advisory lock.
    if (!rows[0]?.installed) await client.query(getConstructionPlans(JOBS_SCHEMA));
    await client.query('SELECT pg_advisory_unlock($1)', [START_LOCK]);
    await client.query('RESET statement_timeout');
    done = true;
  } finally {
    // A connection that may still be without its timeout is closed rather than given back to the pool.
    client.release(!done);
  }
}

/**
 * Runs `work` (the demo seed) under the start lock, on PostgreSQL: one instance at a time. The embedded database
 * is one process's (and one session: a held connection would leave none to the work), so it just runs.
 */
export async function underStartLock<T>(database: Database, work: () => Promise<T>): Promise<T> {
  if (database.kind === 'pglite') return work();
  const client = await database.pool.connect();
  try {
    await client.query('SET statement_timeout = 0');
    await client.query('SELECT pg_advisory_lock($1)', [START_LOCK]);
    try {
      return await work();
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [START_LOCK]);
    }
  } finally {
    // Closed rather than given back: it is without its statement timeout.
    client.release(true);
  }
}
