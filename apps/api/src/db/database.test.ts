import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/test-database.ts';
import type { Database } from './database.ts';

describe('database sessions', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  it('keeps plans custom for prepared statements', async () => {
    const { rows } = await database.pool.query<{ plan_cache_mode: string }>('SHOW plan_cache_mode');
    expect(rows[0]!.plan_cache_mode).toBe('force_custom_plan');
  });

  it('prepares a named statement again on a new connection', async () => {
    const named = (n: number) =>
      database.pool.query<{ n: number }>({ name: 'session_test', text: 'SELECT $1::int AS n', values: [n] });
    expect((await named(1)).rows).toEqual([{ n: 1 }]);
    // The next query opens a new connection (on PGlite, to the same single session).
    const client = await database.pool.connect();
    client.release(true);
    expect((await named(2)).rows).toEqual([{ n: 2 }]);
  });
});
