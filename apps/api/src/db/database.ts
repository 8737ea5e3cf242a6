import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { startEmbeddedPostgres, type EmbeddedPostgres } from './embedded-postgres.ts';
import { writeTogether } from './pipeline.ts';
import { autoPrepare, PLAN_SETTING } from './prepared.ts';
import { shareConnection } from './shared-connection.ts';
import * as schema from './schema.ts';

export type Db = NodePgDatabase<typeof schema> & { $client: pg.Pool };
/** A transaction handle, accepted wherever a write must join the caller's transaction. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export type Database = {
  db: Db;
  pool: pg.Pool;
  kind: 'pglite' | 'postgres';
  embedded: EmbeddedPostgres | undefined;
  close(): Promise<void>;
};

export type DatabaseOptions = (
  { url: string; poolSize?: number } | { url?: undefined; dataDir?: string; loadFrom?: string }
) & {
  /**
   * Milliseconds a statement may run (unset: no limit). PostgreSQL cancels it (statement_timeout). PGlite cannot
   * interrupt a statement once it runs, so the driver stops waiting for it instead (query_timeout): the caller gets
   * its error in time, the embedded session finishes the statement.
   */
  statementTimeoutMs?: number;
};

/** One driver for both modes: `pg` on a PostgreSQL server, or on the embedded PGlite's unix socket. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  let embedded: EmbeddedPostgres | undefined;
  let pool: pg.Pool;
  if (options.url !== undefined) {
    pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolSize ?? 10,
      pipeline: true,
      ...(options.statementTimeoutMs ? { statement_timeout: options.statementTimeoutMs } : {}),
      onConnect: async (client) => {
        await client.query(PLAN_SETTING);
      },
    });
  } else {
    embedded = await startEmbeddedPostgres({
      ...(options.dataDir ? { dataDir: options.dataDir } : {}),
      ...(options.loadFrom ? { loadFrom: options.loadFrom } : {}),
    });
    // PGlite is a single session: one connection, which statements sent at the same time share (below).
    pool = new pg.Pool({
      host: embedded.socketDir,
      port: 5432,
      user: 'postgres',
      database: 'postgres',
      max: 1,
      idleTimeoutMillis: 0,
      pipeline: true,
      ...(options.statementTimeoutMs ? { query_timeout: options.statementTimeoutMs } : {}),
      // Every socket connection shares PGlite's one session: a new connection forgets the prepared statements of
      // a closed one, which would collide with its own.
      onConnect: async (client) => {
        await client.query(`DEALLOCATE ALL; ${PLAN_SETTING}`);
      },
    });
  }
  // A connection losing its server (a restart, a failover: "terminating connection", 57P01) must never end the
  // process. The pool listens on its idle connections; a checked-out one (a transaction between two statements,
  // a job queue's fetch) emits the error itself, and an `error` event nobody listens to is thrown. Every
  // connection gets a listener for its whole life: the error reaches the query that meets the dead connection
  // (a 503), and the pool discards it and opens a fresh one for the next.
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  // Statements sent again and again are parsed and planned once (prepared.ts).
  autoPrepare(pool);
  // Statements sent together leave together, a transaction's BEGIN with its first statement (pipeline.ts).
  writeTogether(pool);
  // The embedded database's one connection takes the statements sent at the same time (shared-connection.ts).
  if (embedded) shareConnection(pool);

  let closing: Promise<void> | undefined;
  return {
    db: drizzle(pool, { schema }),
    pool,
    kind: embedded ? 'pglite' : 'postgres',
    embedded,
    close() {
      closing ??= (async () => {
        if (!pool.ended) await pool.end();
        await embedded?.stop();
      })();
      return closing;
    },
  };
}
