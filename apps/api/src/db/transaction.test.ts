// @module-tag postgres — a transaction's last statements leave with its COMMIT, on a server as on PGlite.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countWrites, openTestDatabase } from '../../test/test-database.ts';
import type { Database } from './database.ts';
import { createTransaction, type Raised, type Transaction } from './transaction.ts';

type Events = { 'test.done': { tag: string } };

describe('a transaction’s last statements', () => {
  let database: Database;
  let writes: () => number;
  let transaction: Transaction<Events>;
  const delivered: string[] = [];
  const announced: Raised<Events>[][] = [];

  beforeAll(async () => {
    database = await openTestDatabase();
    writes = await countWrites(database);
    transaction = createTransaction<Events>(database.db, {
      deliver: (_name, { tag }) => void delivered.push(tag),
      announce: (events, tx) => {
        announced.push([...events]);
        return tx.execute(sql`SELECT pg_notify('hls_test', ${events.map((e) => e.payload.tag).join(',')})`);
      },
    });
  });
  afterAll(() => database.close());

  const insert = (tag: string) =>
    sql`INSERT INTO processed_events (provider, event_id, type) VALUES ('demo', ${tag}, 'x')`;
  const stored = async (tag: string) =>
    (await database.db.execute(sql`SELECT 1 FROM processed_events WHERE event_id = ${tag}`)).rows.length;

  it('sends them with the COMMIT, in one write, built once the work is done', async () => {
    const tag = `with-commit-${Date.now()}`;
    const order: string[] = [];
    writes();
    await transaction(async (ctx) => {
      await ctx.tx.execute(insert(`${tag}-work`));
      ctx.withCommit(() => (order.push('with commit'), ctx.tx.execute(insert(tag))));
      ctx.raise('test.done', { tag });
      order.push('work done');
    });
    // BEGIN and the work's statement; the last statement, the announcement and the COMMIT.
    expect(writes()).toBe(2);
    expect(order).toEqual(['work done', 'with commit']);
    expect(await stored(tag)).toBe(1);
    expect(announced.at(-1)).toEqual([{ name: 'test.done', payload: { tag } }]);
    expect(delivered.at(-1)).toBe(tag);
  });

  it('fails with the error of a last statement that failed, and writes nothing', async () => {
    const tag = `with-commit-failed-${Date.now()}`;
    const deliveredBefore = delivered.length;
    await expect(
      transaction(async (ctx) => {
        await ctx.tx.execute(insert(tag));
        ctx.withCommit(() => ctx.tx.execute(sql`SELECT 1/0`));
        ctx.raise('test.done', { tag });
      }),
    ).rejects.toMatchObject({ cause: { code: '22012' } });
    expect(await stored(tag)).toBe(0);
    expect(delivered.length).toBe(deliveredBefore);
    // The connection is whole again: the next transaction commits.
    await transaction(async ({ tx }) => void (await tx.execute(insert(`${tag}-after`))));
    expect(await stored(`${tag}-after`)).toBe(1);
  });

  it('announces nothing for a transaction that raised no event', async () => {
    const before = announced.length;
    await transaction(async ({ tx }) => void (await tx.execute(sql`SELECT 1`)));
    expect(announced.length).toBe(before);
  });
});
