/**
 * The slowest of the bench's cold list and search requests, run one at a time on a large generated catalogue,
 * with the plans of the slowest: where a first request's tail comes from.
 *   node apps/api/bench/slowest.ts [count] [--requests=1000] [--shown=15] [--explain=3] [--only=lists|search]
 *   DATABASE_URL=postgres://… node apps/api/bench/slowest.ts [count] …
 * Without DATABASE_URL, PGlite in memory; a PostgreSQL database is migrated and filled, or reused when an earlier
 * run (or explain-plans.ts) filled it. The requests are those of `npm run bench`'s cold rows (requests.ts), sent
 * to the catalogue's queries without their caches, each once; p50, p90, p99 and the slowest with their filters.
 */
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { CatalogFilter, type Section } from '@hls/contract';
import type { ParsedFilter } from '../src/modules/catalog/index.ts';
import { openDatabase } from '../src/db/database.ts';
import { runMigrations } from '../src/db/migrate.ts';
import { createCatalogQueries } from '../src/modules/catalog/catalog.queries.ts';
import { generateBulkCatalog } from './catalog-bulk.ts';
import { explainingCatalog } from './explaining.ts';
import type { LoadRequest } from './load.ts';
import { coldListRequests, coldSearchRequests, loadCatalogSample, loadColdSample } from './requests.ts';

const { values: args, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    requests: { type: 'string', default: '1000' },
    explain: { type: 'string', default: '3' },
    only: { type: 'string' },
    shown: { type: 'string', default: '15' },
  },
});
const count = Number(positionals[0] ?? 100_000);
const url = process.env.DATABASE_URL;
const database = await openDatabase(url ? { url } : {});

/** What a bench request asks the catalogue: its list, filter and page. */
function asked(request: LoadRequest): { sections: Section[]; filter: ParsedFilter; page: number } {
  const { pathname, searchParams } = new URL(request.path, 'http://bench');
  return {
    sections: [pathname.startsWith('/api/books/') ? 'book' : 'professional'],
    filter: CatalogFilter.parse(request.body),
    page: Number(searchParams.get('page') ?? 1),
  };
}

try {
  await runMigrations(database.db);
  const { rows } = await database.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM products');
  if (rows[0]!.n < count) await generateBulkCatalog(database.db, count);
  const sample = (await loadCatalogSample(database.pool))!;
  const cold = await loadColdSample(database.pool, sample);
  const n = Number(args.requests);
  const mixes = {
    lists: [...coldListRequests(sample, 'book', n / 2), ...coldListRequests(sample, 'professional', n / 2)],
    search: coldSearchRequests(sample, cold, n),
  };
  const queries = createCatalogQueries(database.db, { cache: false });
  const { queries: explained, takePlans } = explainingCatalog(database);
  for (const [mix, requests] of Object.entries(mixes)) {
    if (args.only && args.only !== mix) continue;
    const timed: { ms: number; request: LoadRequest }[] = [];
    for (const request of requests) {
      const { sections, filter, page } = asked(request);
      const started = performance.now();
      await queries.list({ sections }, filter, page);
      timed.push({ ms: performance.now() - started, request });
    }
    const ms = timed.map((t) => t.ms).sort((a, b) => a - b);
    const at = (q: number) => ms[Math.floor(q * (ms.length - 1))]!.toFixed(1);
    console.log(
      `\n=== ${database.kind}, ${count} products, ${mix}: ${ms.length} requests one at a time, ` +
        `p50 ${at(0.5)} ms, p90 ${at(0.9)}, p99 ${at(0.99)}, max ${at(1)}`,
    );
    const slowest = timed.sort((a, b) => b.ms - a.ms).slice(0, Number(args.shown));
    for (const { ms: took, request } of slowest) {
      console.log(`${took.toFixed(1).padStart(7)} ms  ${request.path} ${JSON.stringify(request.body)}`);
    }
    for (const { request } of slowest.slice(0, Number(args.explain))) {
      const { sections, filter, page } = asked(request);
      await explained.list({ sections }, filter, page);
      console.log(`\n--- ${request.path} ${JSON.stringify(request.body)}\n${takePlans().join('\n\n')}`);
    }
  }
} finally {
  await database.close();
}
