import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type Database } from '../src/db/database.ts';

export type TestDatabaseTemplate =
  { kind: 'pglite'; dumpFile: string } | { kind: 'postgres'; adminUrl: string; template: string };

declare module 'vitest' {
  export interface ProvidedContext {
    testDatabase: TestDatabaseTemplate;
  }
}

export function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** A fresh, migrated database copied from the template the global setup prepared. */
export async function openTestDatabase(options: { statementTimeoutMs?: number } = {}): Promise<Database> {
  const template = inject('testDatabase');
  if (template.kind === 'pglite') return openDatabase({ loadFrom: template.dumpFile, ...options });

  const name = `hls_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: template.adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template.template}`);
  } finally {
    await admin.end();
  }
  const database = await openDatabase({ url: databaseUrl(template.adminUrl, name), poolSize: 4, ...options });
  const close = database.close;
  return {
    ...database,
    async close() {
      await close();
      const dropper = new pg.Client({ connectionString: template.adminUrl });
      await dropper.connect();
      try {
        await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await dropper.end();
      }
    },
  };
}

type Writable = { _write: (...args: unknown[]) => unknown; _writev: (...args: unknown[]) => unknown };

/**
 * Counts the socket writes of every connection of the database's pool (all of them opened now): the returned
 * function gives the writes since its last call.
 */
export async function countWrites(database: Database): Promise<() => number> {
  const clients: pg.PoolClient[] = [];
  for (let i = 0; i < (database.pool.options.max ?? 1); i++) clients.push(await database.pool.connect());
  let count = 0;
  for (const client of clients) {
    const stream = (client as unknown as { connection: { stream: Writable } }).connection.stream;
    const { _write, _writev } = stream;
    stream._write = (...args) => ((count += 1), _write.apply(stream, args));
    stream._writev = (...args) => ((count += 1), _writev.apply(stream, args));
    client.release();
  }
  return () => {
    const seen = count;
    count = 0;
    return seen;
  };
}
