/**
 * Query plans and timings of the catalogue reads on a large generated catalogue:
 *   node apps/api/bench/explain-plans.ts [count]           (PGlite in memory)
 *   DATABASE_URL=postgres://… node apps/api/bench/explain-plans.ts [count]
 * A PostgreSQL database is migrated, and filled unless an earlier run (or slowest.ts) filled it.
 */
import { performance } from 'node:perf_hooks';
import { openDatabase } from '../src/db/database.ts';
import { runMigrations } from '../src/db/migrate.ts';
import { createCatalogQueries } from '../src/modules/catalog/catalog.queries.ts';
import type { ListScope, ParsedFilter } from '../src/modules/catalog/index.ts';
import { generateBulkCatalog } from './catalog-bulk.ts';
import { explainingCatalog } from './explaining.ts';

const count = Number(process.argv[2] ?? 100_000);
const url = process.env.DATABASE_URL;
const database = await openDatabase(url ? { url } : {});

try {
  await runMigrations(database.db);
  let started = performance.now();
  const existing = await database.pool.query<{ first: number; n: number }>(
    'SELECT min(id) AS first, count(*)::int AS n FROM products',
  );
  // A PostgreSQL database filled by an earlier run is reused as it is.
  const range =
    existing.rows[0]!.n >= count
      ? { firstId: existing.rows[0]!.first }
      : await generateBulkCatalog(database.db, count);
  console.log(
    `${database.kind}: ${count} products ready in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );

  // Same queries, but every statement also runs under EXPLAIN ANALYZE and its plan is kept.
  const { queries: explained, takePlans } = explainingCatalog(database);
  const timed = createCatalogQueries(database.db, { cache: false });

  const cases: [string, ListScope, ParsedFilter, number][] = [
    ['newest, page 1', { sections: ['professional'] }, {}, 1],
    ['newest, page 400', { sections: ['professional'] }, {}, 400],
    ['price_asc', { sections: ['book'] }, { sort: 'price_asc' }, 1],
    ['price_desc + range', { sections: ['book'] }, { sort: 'price_desc', minPrice: 1000, maxPrice: 3000 }, 3],
    ['title', { sections: ['academic'] }, { sort: 'title' }, 2],
    ['category + subcategory', { sections: ['professional'] }, { category: 5, subcategory: 20 }, 1],
    [
      'fileType + language',
      { sections: ['professional'] },
      { fileType: ['excel', 'pdf'], language: 'en' },
      1,
    ],
    ['edition + price', { sections: ['book'] }, { edition: 'paper', maxPrice: 2000, sort: 'price_asc' }, 1],
    ['search rare word', { sections: ['academic'] }, { search: `ref${count - 1}` }, 1],
    ['search common word', { sections: ['professional'] }, { search: 'finance' }, 1],
    ['search two words', { sections: ['academic'] }, { search: 'étudiant comptabilité' }, 1],
    ['search typo', { sections: ['professional'] }, { search: 'comptabilte' }, 1],
    ['search typo and a number', { sections: ['book'] }, { search: 'markting ref14' }, 1],
    ['search + sort price', { sections: ['book'] }, { search: 'budget', sort: 'price_asc' }, 2],
    ['search a word of every description', { sections: ['book'] }, { search: 'avec' }, 1],
    ['search an English stop word', { sections: ['professional'] }, { search: 'about' }, 1],
  ];
  const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const measure = async (run: () => Promise<unknown>) => {
    const times: number[] = [];
    for (let i = 0; i < 15; i += 1) {
      started = performance.now();
      await run();
      times.push(performance.now() - started);
    }
    return median(times).toFixed(2);
  };
  const report = (label: string, ms: string, printed: string[]) => {
    const executions = printed.map((p) => /Execution Time: ([\d.]+) ms/.exec(p)?.[1] ?? '?');
    console.log(
      `\n=== ${label}: median ${ms} ms per call (uncached statements: ${executions.join(' + ')} ms)`,
    );
    if (process.env.PLANS) for (const p of printed) console.log(p);
  };

  for (const [label, scope, filter, page] of cases) {
    await explained.list(scope, filter, page);
    const plans = takePlans();
    report(label, await measure(() => timed.list(scope, filter, page)), plans);
  }
  for (const [label, run] of [
    ['book detail', (q: typeof timed) => q.bookDetail(range.firstId + 1)],
    ['file detail', (q: typeof timed) => q.fileDetail(range.firstId + 3)],
    ['files dashboard (uncached)', (q: typeof timed) => q.dashboard(['academic', 'professional'])],
  ] as const) {
    await run(explained);
    const plans = takePlans();
    report(label, await measure(() => run(timed)), plans);
  }
} finally {
  await database.close();
}
