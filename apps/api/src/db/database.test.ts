// @module-tag postgres — statement timeouts and prepared statements per connection differ on a server.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openTestDatabase } from '../../test/test-database.ts';
import type { Database } from './database.ts';
import { EMBEDDED_SHARED_BUFFERS } from './embedded-postgres.ts';

describe('database sessions', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  it('lets prepared statements keep a generic plan (lists ask for custom ones: prepared.test.ts)', async () => {
    const { rows } = await database.pool.query<{ plan_cache_mode: string }>('SHOW plan_cache_mode');
    expect(rows[0]!.plan_cache_mode).toBe('auto');
  });

  it.runIf(inject('testDatabase').kind === 'pglite')(
    'gives the embedded database its smaller buffer pool',
    async () => {
      const { rows } = await database.pool.query<{ shared_buffers: string }>('SHOW shared_buffers');
      expect(rows[0]!.shared_buffers).toBe(EMBEDDED_SHARED_BUFFERS);
    },
  );

  it.runIf(inject('testDatabase').kind === 'pglite')(
    'creates the embedded database without page checksums (decision 0043)',
    async () => {
      const { rows } = await database.pool.query<{ data_checksums: string }>('SHOW data_checksums');
      expect(rows[0]!.data_checksums).toBe('off');
    },
  );

  it('prepares a named statement again on a new connection', async () => {
    const named = (n: number) =>
      database.pool.query<{ n: number }>({ name: 'session_test', text: 'SELECT $1::int AS n', values: [n] });
    expect((await named(1)).rows).toEqual([{ n: 1 }]);
    // The next query opens a new connection (on PGlite, to the same single session).
    const client = await database.pool.connect();
    client.release(true);
    expect((await named(2)).rows).toEqual([{ n: 2 }]);
  });

  it('gives back the connection of a transaction whose BEGIN fails, and the next transaction runs', async () => {
    // A pooled connection the pool takes for healthy, whose next statement fails: here a transaction left aborted,
    // as a connection the server ended meets its first statement. The pool's one connection is that one.
    await database.pool.query('SELECT 1');
    const client = await database.pool.connect();
    await client.query('BEGIN');
    await client.query('SELECT 1/0').catch(() => undefined);
    client.release();
    expect(database.pool.totalCount).toBe(1);

    await expect(database.db.transaction(async () => 'never')).rejects.toThrow();
    // No connection stays checked out: the failed one was closed, not kept or leaked.
    expect(database.pool.totalCount - database.pool.idleCount).toBe(0);
    expect(await database.db.transaction(async (tx) => (await tx.execute('SELECT 1 AS one')).rows)).toEqual([
      { one: 1 },
    ]);
  });
});

describe('statement timeout', () => {
  it('stops a statement that runs past the timeout with an error, and the database answers again', async () => {
    const database = await openTestDatabase({ statementTimeoutMs: 300 });
    try {
      const started = performance.now();
      // PostgreSQL cancels the statement; PGlite cannot interrupt it, so the driver stops waiting for it.
      await expect(database.pool.query('SELECT pg_sleep(2)')).rejects.toThrow(
        database.kind === 'postgres' ? /canceling statement due to statement timeout/ : /Query read timeout/,
      );
      expect(performance.now() - started).toBeLessThan(1500);
      expect((await database.pool.query<{ one: number }>('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
    } finally {
      await database.close();
    }
  });

  it('leaves statements that end in time alone', async () => {
    const database = await openTestDatabase({ statementTimeoutMs: 2000 });
    try {
      const { rows } = await database.pool.query<{ one: number }>('SELECT 1 AS one FROM pg_sleep(0.1)');
      expect(rows).toEqual([{ one: 1 }]);
    } finally {
      await database.close();
    }
  });
});
