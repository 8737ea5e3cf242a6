// The embedded database's one connection, shared by the statements sent at the same time.
import type { Socket } from 'node:net';
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/test-database.ts';
import type { Database } from './database.ts';

describe('the embedded database’s one connection, shared', () => {
  let database: Database;
  /** How many times the pool lent its connection since the last call. */
  let lent: () => number;

  beforeAll(async () => {
    database = await openTestDatabase();
    expect(database.kind).toBe('pglite');
    await database.pool.query('CREATE TABLE shared_rows (n int NOT NULL)');
    let count = 0;
    database.pool.on('acquire', () => (count += 1));
    lent = () => {
      const seen = count;
      count = 0;
      return seen;
    };
  });
  afterAll(() => database.close());

  const count = async (n: number) =>
    (
      await database.pool.query<{ rows: number }>({
        text: 'SELECT count(*)::int AS rows FROM shared_rows WHERE n = $1',
        values: [n],
      })
    ).rows[0]!.rows;

  it('lends the connection once to the statements sent together, each answered with its own rows', async () => {
    lent();
    const answers = await Promise.all(
      [1, 2, 3, 4, 5, 6].map(
        async (n) => (await database.pool.query({ text: 'SELECT $1::int * 2 AS n', values: [n] })).rows[0],
      ),
    );
    expect(answers).toEqual([2, 4, 6, 8, 10, 12].map((n) => ({ n })));
    expect(lent(), 'one loan for the six').toBe(1);
  });

  it('fails a statement alone when it fails, and keeps the connection', async () => {
    const [before, failed, after] = await Promise.allSettled(
      [5, 0, 2].map((n) => database.pool.query({ text: 'SELECT 10 / $1::int AS n', values: [n] })),
    );
    expect(before).toMatchObject({ status: 'fulfilled', value: { rows: [{ n: 2 }] } });
    expect(failed).toMatchObject({ status: 'rejected', reason: { code: '22012' } });
    expect(after).toMatchObject({ status: 'fulfilled', value: { rows: [{ n: 5 }] } });
    expect(database.pool.totalCount).toBe(1);
  });

  it('never writes a statement into a transaction: one sent while a transaction waits runs after its COMMIT', async () => {
    // A slow statement holds the connection; a transaction asks for it; a read is sent behind both.
    const slow = database.pool.query({ text: 'SELECT pg_sleep($1::float8)', values: [0.2] });
    await new Promise((resolve) => setTimeout(resolve, 20));
    let inserted!: () => void;
    const begun = new Promise<void>((resolve) => (inserted = resolve));
    let finish!: () => void;
    const finishing = new Promise<void>((resolve) => (finish = resolve));
    const transaction = database.db.transaction(async (tx) => {
      await tx.execute(sql`INSERT INTO shared_rows (n) VALUES (${7})`);
      inserted();
      await finishing;
    });
    // Once the transaction waits for the connection (the slow statement has it).
    while (database.pool.waitingCount === 0) await new Promise((resolve) => setImmediate(resolve));
    const behind = count(7);
    await slow;
    await begun;
    // Inside the transaction's session, a statement would see its row before the COMMIT.
    const during = count(7);
    let answered = false;
    void during.then(() => (answered = true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(answered, 'waits for the transaction').toBe(false);
    finish();
    await transaction;
    expect(await behind, 'queued behind the transaction, not joined to the slow statement').toBe(1);
    expect(await during).toBe(1);
  });

  it('closes a connection lost under its statements, and the next ones open another', async () => {
    // The connection is lost as it is lent.
    database.pool.once('acquire', (client: pg.PoolClient) =>
      (client as unknown as { connection: { stream: Socket } }).connection.stream.destroy(),
    );
    const sent = [1, 2].map((n) => database.pool.query({ text: 'SELECT $1::int AS n', values: [n] }));
    for (const result of await Promise.allSettled(sent)) expect(result.status).toBe('rejected');
    expect(await count(7)).toBe(1);
    expect(database.pool.totalCount).toBe(1);
  });
});
