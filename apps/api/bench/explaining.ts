// The catalogue's queries with every statement also run under EXPLAIN ANALYZE, its plan kept: for the bench's
// tools that show why a read is slow (explain-plans.ts, slowest.ts).
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Database, Db } from '../src/db/database.ts';
import { createCatalogQueries } from '../src/modules/catalog/catalog.queries.ts';

export function explainingCatalog(database: Database) {
  const dialect = new PgDialect();
  let plans: string[] = [];
  const explain = async (text: string, params: unknown[]) => {
    const plan = await database.pool.query(`EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) ${text}`, params);
    plans.push(plan.rows.map((r: Record<string, string>) => r['QUERY PLAN']).join('\n'));
    return database.pool.query(text, params);
  };
  const explaining = {
    execute: async (query: SQL) => {
      const { sql: text, params } = dialect.sqlToQuery(query);
      return explain(text, params);
    },
    $client: { query: ({ text, values }: { text: string; values: unknown[] }) => explain(text, values) },
  } as unknown as Db;
  return {
    queries: createCatalogQueries(explaining, { cache: false }),
    /** The plans of the statements run since the last call. */
    takePlans(): string[] {
      const taken = plans;
      plans = [];
      return taken;
    },
  };
}
