import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type Database, type Tx } from '../src/db/database.ts';
import { connectionOf } from '../src/db/prepared.ts';

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
type Connection = { connection: { stream: Writable } };

/** Counts the socket writes of `clients` from now on: the returned function gives the writes since its last call. */
function countWritesOf(clients: readonly unknown[]): () => number {
  let count = 0;
  for (const client of clients) {
    const { stream } = (client as Connection).connection;
    const { _write, _writev } = stream;
    stream._write = (...args) => ((count += 1), _write.apply(stream, args));
    stream._writev = (...args) => ((count += 1), _writev.apply(stream, args));
  }
  return () => {
    const seen = count;
    count = 0;
    return seen;
  };
}

/** Counts the socket writes of every connection of the database's pool (all of them opened now). */
export async function countWrites(database: Database): Promise<() => number> {
  const clients: pg.PoolClient[] = [];
  for (let i = 0; i < (database.pool.options.max ?? 1); i++) clients.push(await database.pool.connect());
  for (const client of clients) client.release();
  return countWritesOf(clients);
}

/**
 * Counts the socket writes of a transaction's connection, from its start (its BEGIN leaves with its first
 * statement): what its own statements cost, whatever else the pool runs meanwhile. Read it once the transaction
 * is over.
 */
export function countTransactionWrites(tx: Tx): () => number {
  return countWritesOf([connectionOf(tx)]);
}
