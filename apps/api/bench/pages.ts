// The pages scenario of `npm run bench` (--scenario=pages): server-rendered pages asked by 16 connections at once,
// each with an address the page cache has not seen (a new query string, a new Host, or a real list page not asked
// yet), while /api/health is probed at 1 connection from another process. Requests ask for brotli as a browser
// does. Needs the web build with its server render (apps/web/dist, `npm run build -w @hls/web`).
import type { FastifyInstance } from 'fastify';
import { sortOrders } from '@hls/contract/values';
import type { LoadJob, LoadRequest, LoadResult } from './load.ts';
import type { CatalogSample } from './requests.ts';
import type { Verdict } from './verdict.ts';

const CONNECTIONS = 16;
/** Distinct addresses prepared per row: more than a run sends when every page is rendered and compressed. */
const DISTINCT = 60_000;
const BROWSER = { accept: 'text/html', 'accept-encoding': 'gzip, deflate, br', 'accept-language': 'fr-FR' };

export type PagesBenchOptions = {
  app: FastifyInstance;
  apiUrl: string;
  sample: CatalogSample;
  /** Distinct addresses prepared per row (default DISTINCT). */
  distinct?: number | undefined;
  load(job: Omit<LoadJob, 'durationSeconds' | 'warmupSeconds'>, name: string): Promise<LoadResult>;
};

type PagesRow = { label: string; pages: LoadResult; health: LoadResult; prepared?: number };

const get = (path: string, headers: Record<string, string> = {}): LoadRequest => ({
  method: 'GET',
  path,
  headers: { ...BROWSER, ...headers },
});

/** Public pages a visitor lands on: the home page, the three lists, about, and a few products. */
function landingPaths(sample: CatalogSample): string[] {
  return [
    '/',
    '/book',
    '/professionnel',
    '/academic',
    '/about',
    ...sample.bookIds.slice(0, 3).map((id) => `/product/${id}`),
    ...sample.fileIds.slice(0, 2).map((id) => `/prodoc/${id}`),
  ];
}

/** The bookshop's real list pages, each asked once: every category (and none), sort and page. */
function listPages(sample: CatalogSample): LoadRequest[] {
  const categories = [
    undefined,
    ...sample.categories.filter((row) => row.section === 'book').map((row) => row.id),
  ];
  const requests: LoadRequest[] = [];
  for (let page = 1; page <= 40; page += 1)
    for (const sort of sortOrders.filter((order) => order !== 'relevance'))
      for (const category of categories) {
        const query = new URLSearchParams({
          ...(category === undefined ? {} : { category: String(category) }),
          sort,
          ...(page > 1 ? { page: String(page) } : {}),
        });
        requests.push(get(`/book?${query.toString()}`));
      }
  return requests;
}

/**
 * Runs the rows and prints their figures (no targets). Broken: a page not rendered by the server, a non-2xx answer
 * or an error of the pages or of /api/health.
 */
export async function benchPages(options: PagesBenchOptions): Promise<Verdict> {
  const { apiUrl, sample, load } = options;
  const distinct = options.distinct ?? DISTINCT;
  const landing = landingPaths(sample);
  for (const path of landing) {
    const response = await options.app.inject({ method: 'GET', url: path, headers: { accept: 'text/html' } });
    if (!response.body.includes('hls-server-data'))
      throw new Error(`GET ${path} was not rendered by the server: is apps/web/dist built?`);
  }
  const health: LoadRequest[] = [{ method: 'GET', path: '/api/health' }];
  const alone = await load({ url: apiUrl, connections: 1, requests: health }, 'pages-health-alone');

  const rows: PagesRow[] = [];
  const underLoad = async (label: string, requests: LoadRequest[], inOrder: boolean) => {
    const name = label.replace(/\W+/g, '-');
    const [pages, probe] = await Promise.all([
      load({ url: apiUrl, connections: CONNECTIONS, requests, inOrder }, `pages-${name}`),
      load({ url: apiUrl, connections: 1, requests: health }, `pages-${name}-health`),
    ]);
    rows.push({ label, pages, health: probe, ...(inOrder ? { prepared: requests.length } : {}) });
  };

  await underLoad(
    'the same pages again and again',
    landing.map((path) => get(path)),
    false,
  );
  await underLoad(
    'a new query string each time',
    Array.from({ length: distinct }, (_, n) => get(`${landing[n % landing.length]}?utm_source=bench&n=${n}`)),
    true,
  );
  await underLoad(
    'a new Host header each time',
    Array.from({ length: distinct }, (_, n) =>
      get(landing[n % landing.length]!, { host: `visitor-${n}.bench.test` }),
    ),
    true,
  );
  await underLoad('a real list page not asked yet', listPages(sample), true);

  const ms = (value: number) => `${value} ms`;
  const lines = [
    ['pages asked', 'conns', 'pages/s', 'p50', 'p99', 'health p50', 'health p99', 'health max'],
    ['(none): /api/health alone', '1', '', '', '', ms(alone.p50), ms(alone.p99), ms(alone.max)],
    ...rows.map((row) => [
      row.label,
      String(CONNECTIONS),
      Math.round(row.pages.requestsPerSecond).toLocaleString('en-US'),
      ms(row.pages.p50),
      ms(row.pages.p99),
      ms(row.health.p50),
      ms(row.health.p99),
      ms(row.health.max),
    ]),
  ];
  const widths = lines[0]!.map((_, i) => Math.max(...lines.map((line) => line[i]!.length)));
  const format = (cells: string[]) =>
    cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  ');
  console.log(
    `\nPages: ${CONNECTIONS} connections asking server-rendered pages (brotli accepted), /api/health probed`,
  );
  console.log(format(lines[0]!));
  console.log(widths.map((width) => '-'.repeat(width)).join('  '));
  for (const line of lines.slice(1)) console.log(format(line));
  for (const row of rows) {
    if (row.pages.non2xx || row.pages.errors || row.health.non2xx || row.health.errors)
      console.log(
        `  ! ${row.label}: ${row.pages.non2xx} non-2xx pages, ${row.pages.errors} errors;` +
          ` /api/health ${row.health.non2xx} non-2xx, ${row.health.errors} errors`,
      );
    if (row.prepared !== undefined && row.pages.sent > row.prepared)
      console.log(`  ! ${row.label}: ${row.pages.sent} sent of ${row.prepared} distinct, some asked twice`);
  }
  const broken = [
    ...(alone.non2xx || alone.errors
      ? [`pages: /api/health alone: ${alone.non2xx} non-2xx answers, ${alone.errors} errors`]
      : []),
    ...rows
      .filter((row) => row.pages.non2xx || row.pages.errors || row.health.non2xx || row.health.errors)
      .map(
        (row) =>
          `pages: ${row.label}: ${row.pages.non2xx} non-2xx pages, ${row.pages.errors} errors;` +
          ` /api/health ${row.health.non2xx} non-2xx, ${row.health.errors} errors`,
      ),
  ];
  return { pass: true, broken };
}
