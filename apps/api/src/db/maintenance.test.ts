import { describe, expect, it } from 'vitest';
import { useApp } from '../../test/helper.ts';
import { MAINTAIN_TABLES_JOB } from '../plugins/embedded-maintenance.ts';
import { maintainTables } from './maintenance.ts';
import { JOBS_SCHEMA } from './migrate.ts';

describe('the embedded database’s tables, maintained as autovacuum would', () => {
  const t = useApp();
  const query = <R extends object>(text: string) => t.database.pool.query<R>(text).then((r) => r.rows);
  const stats = (table: string) =>
    query<{ n_dead_tup: string; vacuumed: boolean; analysed: boolean }>(
      `SELECT n_dead_tup, last_vacuum IS NOT NULL AS vacuumed, last_analyze IS NOT NULL AS analysed
       FROM pg_stat_user_tables WHERE relname = '${table}'`,
    ).then((rows) => rows[0]!);

  it('is a job every ten minutes on the embedded database', async () => {
    expect(t.database.kind).toBe('pglite');
    const schedules = await query<{ cron: string }>(
      `SELECT cron FROM ${JOBS_SCHEMA}.schedule WHERE name = '${MAINTAIN_TABLES_JOB}'`,
    );
    expect(schedules).toEqual([{ cron: '*/10 * * * *' }]);
  });

  it('vacuums a table past its dead rows, analyses one past its changes, and leaves a quiet one', async () => {
    // One statement each: a VACUUM cannot run in the implicit transaction of several.
    for (const statement of [
      'CREATE TABLE maintenance_churned (id int PRIMARY KEY, v int)',
      'INSERT INTO maintenance_churned SELECT g, g FROM generate_series(1, 400) g',
      'CREATE TABLE maintenance_changed (id int PRIMARY KEY, v int)',
      'INSERT INTO maintenance_changed SELECT g, g FROM generate_series(1, 400) g',
      'CREATE TABLE maintenance_quiet (id int PRIMARY KEY, v int)',
      'INSERT INTO maintenance_quiet SELECT g, g FROM generate_series(1, 10) g',
      'VACUUM (ANALYZE) maintenance_churned, maintenance_changed, maintenance_quiet',
      'UPDATE maintenance_churned SET v = v + 1',
      'INSERT INTO maintenance_changed SELECT g, g FROM generate_series(401, 500) g',
      'UPDATE maintenance_quiet SET v = v + 1 WHERE id <= 3',
    ])
      await t.database.pool.query(statement);

    const done = await maintainTables(t.database.pool);
    // 400 dead rows pass 50 + 20 % of 400; 100 new rows pass 50 + 10 % of 400 changed, not 1,000 + 20 % inserted.
    expect(done.vacuumed).toContain('public.maintenance_churned');
    expect(done.analysed).toContain('public.maintenance_changed');
    expect([...done.vacuumed, ...done.analysed]).not.toContain('public.maintenance_quiet');
    expect(await stats('maintenance_churned')).toMatchObject({ n_dead_tup: '0', vacuumed: true });

    // Nothing is due again until the tables change again.
    const again = await maintainTables(t.database.pool);
    expect([...again.vacuumed, ...again.analysed].filter((name) => name.includes('maintenance_'))).toEqual(
      [],
    );
  });
});
