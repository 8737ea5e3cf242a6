// @module-tag postgres — a server's connections and PGlite's socket both receive statements written together.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countWrites, openTestDatabase } from '../../test/test-database.ts';
import type { Database } from './database.ts';

describe('statements written together', () => {
  let database: Database;
  /** The socket writes of the pool's connections since the last call. */
  let writes: () => number;
  beforeAll(async () => {
    database = await openTestDatabase();
    writes = await countWrites(database);
  });
  afterAll(() => database.close());

  it("sends a transaction's BEGIN with its first statement, and statements sent together in one write", async () => {
    const { db } = database;
    writes();
    const one = await db.transaction(async (tx) => {
      const [first] = (await tx.execute<{ n: number }>(sql`SELECT 1 AS n`)).rows;
      const [second] = (await tx.execute<{ n: number }>(sql`SELECT ${2}::int AS n`)).rows;
      return [first, second];
    });
    expect(one).toEqual([{ n: 1 }, { n: 2 }]);
    // BEGIN and the first statement; the second; COMMIT.
    expect(writes()).toBe(3);

    const together = await db.transaction(async (tx) =>
      Promise.all([1, 2, 3].map(async (n) => (await tx.execute(sql`SELECT ${n}::int AS n`)).rows[0])),
    );
    expect(together).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
    // BEGIN and the three statements; COMMIT.
    expect(writes()).toBe(2);
  });

  it('answers statements sent together in their order, a failed one failing alone outside a transaction', async () => {
    const client = await database.pool.connect();
    try {
      const [a, b, c] = await Promise.allSettled([
        client.query('SELECT 1 AS n'),
        client.query('SELECT 1/0 AS n'),
        client.query('SELECT 3 AS n'),
      ]);
      expect(a).toMatchObject({ status: 'fulfilled', value: { rows: [{ n: 1 }] } });
      expect(b).toMatchObject({ status: 'rejected', reason: { code: '22012' } });
      expect(c).toMatchObject({ status: 'fulfilled', value: { rows: [{ n: 3 }] } });
    } finally {
      client.release();
    }
  });

  it('rolls back every statement of a transaction sent together with one that fails', async () => {
    const { db } = database;
    const tag = `pipeline-${Date.now()}`;
    await expect(
      db.transaction(async (tx) => {
        await Promise.all([
          tx.execute(
            sql`INSERT INTO processed_events (provider, event_id, type) VALUES ('demo', ${tag}, 'x')`,
          ),
          tx.execute(sql`SELECT 1/0`),
        ]);
      }),
    ).rejects.toMatchObject({ cause: { code: '22012' } });
    const { rows } = await db.execute(sql`SELECT 1 FROM processed_events WHERE event_id = ${tag}`);
    expect(rows).toEqual([]);
  });

  it('fails a COMMIT that rolled back: a statement sent without waiting for its answer had failed', async () => {
    const { db } = database;
    const tag = `pipeline-unseen-${Date.now()}`;
    let unseen: Promise<unknown> | undefined;
    await expect(
      db.transaction(async (tx) => {
        await tx.execute(
          sql`INSERT INTO processed_events (provider, event_id, type) VALUES ('demo', ${tag}, 'x')`,
        );
        // Sent, never awaited before the COMMIT that follows it in the same write.
        unseen = tx.execute(sql`SELECT 1/0`).catch((error: unknown) => error);
      }),
    ).rejects.toMatchObject({ cause: { code: '40000' } });
    await expect(unseen).resolves.toMatchObject({ cause: { code: '22012' } });
    const { rows } = await db.execute(sql`SELECT 1 FROM processed_events WHERE event_id = ${tag}`);
    expect(rows).toEqual([]);
    // The connection is whole again: the next transaction commits.
    await expect(db.transaction(async (tx) => (await tx.execute(sql`SELECT 1 AS n`)).rows)).resolves.toEqual([
      { n: 1 },
    ]);
  });

  it('fails the first statement of a transaction whose BEGIN failed, whatever its own answer', async () => {
    // A session left in a failed transaction refuses the BEGIN; the COMMIT that follows would only roll it back.
    const client = await database.pool.connect();
    try {
      await client.query('SELECT 1');
      // The driver's own query, past the pool's wrappers: a BEGIN answered by the server.
      const { query } = Object.getPrototypeOf(client) as { query: (text: string) => Promise<unknown> };
      await query.call(client, 'BEGIN');
      await query.call(client, 'SELECT 1/0').catch(() => undefined);
      await expect(client.query('BEGIN')).resolves.toMatchObject({ command: 'BEGIN' });
      await expect(client.query('COMMIT')).rejects.toMatchObject({ code: '25P02' });
    } finally {
      client.release();
    }
  });
});
