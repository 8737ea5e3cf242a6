// @module-tag postgres — prepared statements and plan modes are per connection on a server, one session on PGlite.
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/test-database.ts';
import type { Database } from './database.ts';
import { autoPrepare, inTransaction, PLAN_SETTING, plannedForValues, preparedOnce } from './prepared.ts';
import { processedEvents } from './schema.ts';

type Prepared = { name: string; generic_plans: number; custom_plans: number };

describe('statements prepared and planned once', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  /** The prepared statements of the client's session whose text is `text`. */
  const preparedAs = async (client: pg.ClientBase, text: string) =>
    (
      await client.query<Prepared>(
        'SELECT name, generic_plans::int, custom_plans::int FROM pg_prepared_statements WHERE statement = $1',
        [text],
      )
    ).rows;
  const planMode = async (client: pg.ClientBase) =>
    (await client.query<{ plan_cache_mode: string }>('SHOW plan_cache_mode')).rows[0]!.plan_cache_mode;
  /** Runs `use` on one connection of `pool`, given back afterwards. */
  const onOneConnection = async (pool: pg.Pool, use: (client: pg.PoolClient) => Promise<void>) => {
    const client = await pool.connect();
    try {
      await use(client);
    } finally {
      client.release();
    }
  };

  it('prepares a statement at its second run and gives it one generic plan once five custom ones cost no less', async () => {
    await onOneConnection(database.pool, async (client) => {
      const text = 'SELECT id FROM products WHERE id = $1 /* keyed */';
      await client.query(text, [1]);
      expect(await preparedAs(client, text)).toEqual([]);
      for (let run = 0; run < 7; run++) await client.query(text, [run]);
      const [prepared] = await preparedAs(client, text);
      expect(prepared!.custom_plans).toBe(5);
      expect(prepared!.generic_plans).toBe(2);
      expect(await planMode(client)).toBe('auto');
    });
  });

  it('plans a list for its values at every run, and the next keyed read goes back to generic plans', async () => {
    await onOneConnection(database.pool, async (client) => {
      const list = 'SELECT id FROM products WHERE id > $1 ORDER BY id LIMIT 5 /* list */';
      for (let run = 0; run < 8; run++) await client.query(plannedForValues({ text: list, values: [run] }));
      expect(await planMode(client)).toBe('force_custom_plan');
      const [prepared] = await preparedAs(client, list);
      expect(prepared).toMatchObject({ generic_plans: 0, custom_plans: 7 });

      await client.query('SELECT id FROM products WHERE id = $1 /* keyed again */', [1]);
      expect(await planMode(client)).toBe('auto');
    });
  });

  it('never changes the plan mode inside a transaction: its statements keep the generic one of its BEGIN', async () => {
    await onOneConnection(database.pool, async (client) => {
      const list = 'SELECT id FROM products WHERE id > $1 LIMIT 5 /* list in a transaction */';
      await client.query(plannedForValues({ text: list, values: [0] }));
      expect(await planMode(client)).toBe('force_custom_plan');
      await client.query('BEGIN');
      expect(await planMode(client)).toBe('auto');
      await client.query(plannedForValues({ text: list, values: [1] }));
      expect(await planMode(client)).toBe('auto');
      await client.query('ROLLBACK');
      expect(await planMode(client)).toBe('auto');
    });
  });

  it('names at most its bound of texts, and a named query keeps its own name', async () => {
    // A pool of its own on the same database, bound to two texts, each named at its first run.
    const pool = new pg.Pool({ ...database.pool.options, max: 1, onConnect: (c) => c.query(PLAN_SETTING) });
    autoPrepare(pool, { after: 1, max: 2 });
    // pool.end() resolves before its connection has closed: the database dropped at the end of the file may end it
    // first, an error the pool would throw with no listener.
    pool.on('error', () => undefined);
    try {
      await onOneConnection(pool, async (client) => {
        const texts = [1, 2, 3].map((n) => `SELECT $1::int + ${n} AS n /* bound */`);
        for (const text of texts)
          expect((await client.query(text, [1])).rows).toEqual([{ n: 1 + texts.indexOf(text) + 1 }]);
        const named: Prepared[][] = [];
        for (const text of texts) named.push(await preparedAs(client, text));
        expect(named.map((rows) => rows.length)).toEqual([1, 1, 0]);

        const own = 'SELECT $1::int AS n /* own */';
        await client.query({ name: 'its_own_name', text: own, values: [4] });
        expect((await preparedAs(client, own)).map((row) => row.name)).toEqual(['its_own_name']);
        await client.query('DEALLOCATE its_own_name');
        for (const [{ name }] of named.slice(0, 2) as [Prepared][])
          await client.query(`DEALLOCATE "${name}"`);
      });
    } finally {
      await pool.end();
    }
  });

  it('runs a statement prepared once on the pool in a transaction, on its connection', async () => {
    const { db } = database;
    const record = preparedOnce(
      db
        .insert(processedEvents)
        .values({ provider: 'demo', eventId: sql.placeholder('eventId'), type: 'x' })
        .returning({ eventId: processedEvents.eventId }),
    );
    const stored = async (eventId: string) =>
      (await db.select().from(processedEvents).where(eq(processedEvents.eventId, eventId))).length;
    const tag = `prepared-${Date.now()}`;

    await expect(
      db.transaction(async (tx) => {
        const [written] = await inTransaction(record, tx).execute({ eventId: `${tag}-rolled-back` });
        expect(written).toEqual({ eventId: `${tag}-rolled-back` });
        // Seen by the transaction's own reads; rolled back with it below (on the pool, it would have committed).
        const [seen] = await tx
          .select()
          .from(processedEvents)
          .where(eq(processedEvents.eventId, written!.eventId));
        expect(seen).toBeDefined();
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await stored(`${tag}-rolled-back`)).toBe(0);

    await db.transaction(async (tx) => void (await inTransaction(record, tx).execute({ eventId: tag })));
    expect(await stored(tag)).toBe(1);
    // The statement itself still runs on the pool.
    await record.execute({ eventId: `${tag}-pool` });
    expect(await stored(`${tag}-pool`)).toBe(1);
  });
});
