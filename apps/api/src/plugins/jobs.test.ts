// @module-tag postgres — pg-boss takes advisory locks and several connections on a server.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { build, useApp } from '../../test/helper.ts';
import { poolAdapter } from './jobs.ts';

describe('background jobs (pg-boss on the app database)', () => {
  const t = useApp();

  it('runs a job sent outside a transaction, at once', async () => {
    const seen: { n: number }[] = [];
    await t.app.jobs.work<{ n: number }>('test.plain', async (job) => {
      seen.push(job.data);
    });
    const started = Date.now();
    await t.app.jobs.send('test.plain', { n: 1 });
    await t.app.jobs.settle();
    expect(seen).toEqual([{ n: 1 }]);
    expect(Date.now() - started, 'woken, not waiting for a poll').toBeLessThan(900);
  });

  it('runs a job sent in a transaction only once it commits, and never one of a rolled-back transaction', async () => {
    const seen: string[] = [];
    await t.app.jobs.work<{ tag: string }>('test.tx', async (job) => {
      seen.push(job.data.tag);
    });
    await t.app.transaction(async (ctx) => {
      await t.app.jobs.send('test.tx', { tag: 'committed' }, { ctx });
      await ctx.tx.execute(sql`select 1`);
    });
    await expect(
      t.app.transaction(async (ctx) => {
        await t.app.jobs.send('test.tx', { tag: 'rolled back' }, { ctx });
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    await t.app.jobs.settle();
    expect(seen).toEqual(['committed']);
    const { rows } = await t.database.pool.query(
      `SELECT data->>'tag' AS tag FROM pgboss.job WHERE name = 'test.tx' ORDER BY created_on`,
    );
    expect(rows.map((r: { tag: string }) => r.tag)).toEqual(['committed']);
  });

  it('refuses a transactional send to a queue nobody set up (it would need a second connection)', async () => {
    await expect(t.app.transaction((ctx) => t.app.jobs.send('test.unknown', {}, { ctx }))).rejects.toThrow(
      /not set up/,
    );
  });

  it('de-duplicates queued jobs by singletonKey', async () => {
    const seen: string[] = [];
    await t.app.jobs.work<{ v: string }>('test.singleton', async (job) => {
      seen.push(job.data.v);
    });
    const later = new Date(Date.now() + 60_000);
    const first = await t.app.jobs.send(
      'test.singleton',
      { v: 'a' },
      { singletonKey: 'k1', startAfter: later },
    );
    const second = await t.app.jobs.send(
      'test.singleton',
      { v: 'b' },
      { singletonKey: 'k1', startAfter: later },
    );
    expect(first).toEqual(expect.any(String));
    expect(second).toBeNull();
    await t.app.transaction(async (ctx) => {
      expect(await t.app.jobs.send('test.singleton', { v: 'c' }, { ctx, singletonKey: 'k1' })).toBeNull();
    });
    const { rows } = await t.database.pool.query(
      `SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'test.singleton' AND singleton_key = 'k1'`,
    );
    expect(rows[0].n).toBe(1);
    // A deferred job does not hold settle up.
    await t.app.jobs.settle();
    expect(seen).toEqual([]);
  });

  it('retries a failing job with backoff until it succeeds', async () => {
    const attempts: number[] = [];
    await t.app.jobs.work<{ x: number }>(
      'test.retry',
      async (job) => {
        attempts.push(job.retryCount);
        if (attempts.length < 3) throw new Error(`failure ${attempts.length}`);
      },
      { retryLimit: 4, retryDelay: 1 },
    );
    await t.app.jobs.send('test.retry', { x: 1 });
    await t.app.jobs.settle(20_000);
    expect(attempts).toEqual([0, 1, 2]);
    const { rows } = await t.database.pool.query(
      `SELECT state, retry_count FROM pgboss.job WHERE name = 'test.retry'`,
    );
    expect(rows).toEqual([{ state: 'completed', retry_count: 2 }]);
  }, 30_000);

  it('fetches several jobs at once with batchSize, each succeeding or failing alone', async () => {
    const seen: number[] = [];
    await t.app.jobs.work<{ n: number }>(
      'test.batch',
      async (job) => {
        if (job.data.n === 2) throw new Error('two fails');
        seen.push(job.data.n);
      },
      { batchSize: 5, retryLimit: 0 },
    );
    for (const n of [1, 2, 3]) await t.app.jobs.send('test.batch', { n });
    await t.app.jobs.settle();
    expect(seen.sort()).toEqual([1, 3]);
    const { rows } = await t.database.pool.query(
      `SELECT data->>'n' AS n, state FROM pgboss.job WHERE name = 'test.batch' ORDER BY data->>'n'`,
    );
    expect(rows).toEqual([
      { n: '1', state: 'completed' },
      { n: '2', state: 'failed' },
      { n: '3', state: 'completed' },
    ]);
  });

  it('hands pg-boss every result of a multi-statement query (its claims under an advisory lock)', async () => {
    const result = await poolAdapter(t.database.pool).executeSql(
      'SELECT pg_advisory_xact_lock(42) AS locked; SELECT 2 AS claimed',
    );
    expect(Array.isArray(result)).toBe(true);
    expect((result as unknown as { rows: object[] }[]).map((r) => r.rows)).toEqual([
      [{ locked: '' }],
      [{ claimed: 2 }],
    ]);
  });

  it('keeps a cron schedule', async () => {
    await t.app.jobs.schedule('test.cron', '*/5 * * * *', { every: 'five minutes' });
    const { rows } = await t.database.pool.query(
      `SELECT cron, data FROM pgboss.schedule WHERE name = 'test.cron'`,
    );
    expect(rows).toEqual([{ cron: '*/5 * * * *', data: { every: 'five minutes' } }]);
  });
});

describe('stopping the app', () => {
  it('lets a running job finish before the app closes', async () => {
    const t = await build();
    let finished = false;
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    await t.app.jobs.work('test.slow', async () => {
      started();
      await new Promise((resolve) => setTimeout(resolve, 300));
      finished = true;
    });
    await t.app.jobs.send('test.slow', {});
    await running;
    await t.close();
    expect(finished).toBe(true);
  });
});
