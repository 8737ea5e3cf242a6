import type pg from 'pg';

/**
 * PostgreSQL's autovacuum thresholds (its defaults): a table is vacuumed once its dead rows pass 50 + 20 % of its
 * rows, or its rows inserted since the last vacuum pass 1,000 + 20 % (the visibility map of an insert-only table);
 * analysed once its rows changed since the last analysis pass 50 + 10 %.
 */
const DUE = `
  SELECT name, needs_vacuum, needs_analyze FROM (
    SELECT format('%I.%I', s.schemaname, s.relname) AS name,
      s.n_dead_tup > 50 + 0.2 * t.rows OR s.n_ins_since_vacuum > 1000 + 0.2 * t.rows AS needs_vacuum,
      s.n_mod_since_analyze > 50 + 0.1 * t.rows AS needs_analyze
    FROM pg_stat_user_tables s
    JOIN pg_class c ON c.oid = s.relid
    CROSS JOIN LATERAL (SELECT greatest(c.reltuples, 0) AS rows) t
  ) due
  WHERE needs_vacuum OR needs_analyze
  ORDER BY name`;

export type Maintained = { vacuumed: string[]; analysed: string[] };

/**
 * What autovacuum does on a PostgreSQL server, for the embedded database, which runs none (PGlite is one process,
 * without background workers): the tables past autovacuum's thresholds are vacuumed (with their statistics) or
 * analysed, one statement each. Without it an embedded shop's tables keep their dead rows, its index-only scans
 * read the table rows (no visibility map) and its planner keeps the statistics of the day the catalogue was made.
 */
export async function maintainTables(pool: pg.Pool): Promise<Maintained> {
  // Counters reach the statistics views when the session reports them, at most once a second: report them now.
  await pool.query('SELECT pg_stat_force_next_flush()');
  const { rows } = await pool.query<{ name: string; needs_vacuum: boolean; needs_analyze: boolean }>(DUE);
  const done: Maintained = { vacuumed: [], analysed: [] };
  for (const table of rows) {
    if (table.needs_vacuum) {
      await pool.query(`VACUUM (ANALYZE) ${table.name}`);
      done.vacuumed.push(table.name);
    } else {
      await pool.query(`ANALYZE ${table.name}`);
      done.analysed.push(table.name);
    }
  }
  return done;
}
