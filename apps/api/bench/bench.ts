// Kept in one file: the bench's entry point, which runs each database's scenarios in order for one verdict.
// `npm run bench`: seeds a large catalogue into a fresh database, serves the real API plus a bare Fastify `/hello`
// from this process, and loads them from separate load processes (apps/api/bench/load.ts, autocannon) on
// loopback. Prints throughput and latency beside `/hello` with the targets of issue 3 ("Fast"), for two mixes:
// - warm: a pool of 600 requests per scenario, repeated, so most answers come from the catalogue's caches;
// - cold: what a visitor of a large catalogue meets, every request distinct (other ids, pages, filters and search
//   texts; tens of thousands prepared per scenario and sent in order, none twice), so pages, details and counts
//   are read from the database; only shared values (category names, related pools, prepared statements) are
//   warm. No targets for these yet: figures only.
//
// Then the checkout (apps/api/bench/checkout.ts): paid orders per second at 16 concurrent customers with the demo
// provider, per-step latencies, the database counted after the run (no lost or doubled order, e-mail or
// entitlement), and a 20 MB download beside the same file read from disk.
//
// Then the uploads (apps/api/bench/uploads.ts): /hello's latency while 4 authors upload 50 MB PDFs.
//
// Then an authenticated read (apps/api/bench/auth.ts): what checking an access token and its session costs.
//
// Then the pages (apps/api/bench/pages.ts): server-rendered pages at addresses never asked before, with /api/health
// probed meanwhile (needs the web build, apps/web/dist).
//
//   npm run bench [-- --products=100000 --duration=6 --only=pglite|postgres
//                     --scenario=catalog|checkout|uploads|auth|pages --shared --smoke --statements]
//
// Two verdicts, kept apart: a target missed (a figure too slow: FAIL in the tables) and something broken (a non-2xx
// answer or an error in any row, a checkout step failing, a database count not exact, a download not identical, no
// upload accepted, a page not rendered, the authenticated read failing). Each scenario returns both; the run fails
// on either, and lists the broken things at the end.
//
// `--smoke` (run by `npm test`): every scenario once, quickly, to see that none is broken — a small catalogue
// (SMOKE_PRODUCTS), 1 s per scenario, no warm-up, few cold requests, a 1 MB upload, a missing web build counted as
// broken; targets are not judged, and the exit code is non-zero only when something is broken.
//
// `--shared` runs the PostgreSQL scenarios once more with Redis (REDIS_URL, default the local one) and an S3 server
// (s3rver, started here): the cost of sharing state between instances.
//
// PGlite always (a fresh temporary data directory); PostgreSQL too when DATABASE_URL is set — in a database
// named hls_bench on that server (hls_bench_smoke_<pid> for a smoke run), created and dropped here (the database
// named in the URL is never touched).
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import Fastify, { type FastifyInstance } from 'fastify';
import pg from 'pg';
import { paths } from '@hls/contract';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase, type Database } from '../src/db/database.ts';
import { runMigrations } from '../src/db/migrate.ts';
import { benchAuth } from './auth.ts';
import { runJobProcess } from './child.ts';
import { benchCheckout } from './checkout.ts';
import { postgresServerCpuMs } from './checkout-run.ts';
import { benchPages } from './pages.ts';
import { measureIdleMemory } from './memory.ts';
import { goalRows, printGoals, type DatabaseKey, type GoalFigures } from './goals.ts';
import type { Verdict } from './verdict.ts';
import type { LoadJob, LoadRequest, LoadResult } from './load.ts';
import {
  coldDetailRequests,
  coldListRequests,
  coldSearchRequests,
  detailRequests,
  listRequests,
  loadCatalogSample,
  loadColdSample,
  POOL_SIZE,
  requestKey,
  searchRequests,
} from './requests.ts';
import { seedBulkCatalog } from './seed.ts';
import { startTestS3, type TestS3 } from '../test/s3-server.ts';
import { benchUploads, registerFallbackUploadRoute } from './uploads.ts';

const { values: args } = parseArgs({
  options: {
    products: { type: 'string' },
    duration: { type: 'string' },
    warmup: { type: 'string' },
    only: { type: 'string' },
    /** Run only the catalogue's scenarios, the checkout, the uploads or the authenticated read (default: all). */
    scenario: { type: 'string' },
    /** Also on PostgreSQL with Redis and an S3 store, as several instances run (needs DATABASE_URL). */
    shared: { type: 'boolean', default: false },
    /** Every scenario once, small and short, to see that none is broken; no target judged. */
    smoke: { type: 'boolean', default: false },
    /** Print the SQL of one paid order of each kind, step by step (the checkout's statements, to cut them). */
    statements: { type: 'boolean', default: false },
  },
});
const smoke = args.smoke;
/**
 * The smallest catalogue every scenario samples from fully in smoke mode: the search words are drawn from every
 * 50th product of each language (product 100 is the first English one), the checkout needs 10 ebooks, 5 paper books
 * and 12 professional files (about 33 products), the download one of those files.
 */
const SMOKE_PRODUCTS = 100;
const runCatalog = !args.scenario || args.scenario === 'catalog';
const runCheckout = !args.scenario || args.scenario === 'checkout';
const runUploads = !args.scenario || args.scenario === 'uploads';
const runAuth = !args.scenario || args.scenario === 'auth';
const runPages = !args.scenario || args.scenario === 'pages';
/** The web build the pages scenario serves (the other scenarios run without one). */
const webDist = fileURLToPath(new URL('../../web/dist', import.meta.url));
const productCount = Number(args.products ?? (smoke ? SMOKE_PRODUCTS : 100_000));
const durationSeconds = Number(args.duration ?? (smoke ? 1 : 6));
const warmupSeconds = Number(args.warmup ?? (smoke ? 0 : 1));
/** A smoke run's own name, so that two test runs sharing a server never drop each other's database. */
const BENCH_DATABASE = smoke ? `hls_bench_smoke_${process.pid}` : 'hls_bench';
/** Distinct list or search requests prepared per cold scenario: far more than a run sends when each is read. */
const COLD_REQUESTS = smoke ? 300 : 20_000;
const loaderPath = fileURLToPath(new URL('./load.ts', import.meta.url));
const workDir = mkdtempSync(path.join(os.tmpdir(), 'hls-bench-'));

type Target = {
  name: string;
  /** Which database the goals' table counts it as. */
  key: DatabaseKey;
  open(): Promise<Database>;
  dispose(): Promise<void>;
  /** Settings of the app beside the database's (the shared Redis and bucket). */
  env?: () => Record<string, string>;
  /** The embedded database's directory, kept until `dispose`. */
  pgliteDir?: string;
};

function pgliteTarget(): Target {
  const dataDir = path.join(workDir, 'pglite');
  return {
    name: 'PGlite (embedded, worker thread)',
    key: 'pglite',
    pgliteDir: dataDir,
    open: () => openDatabase({ dataDir }),
    async dispose() {
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

function postgresTarget(url: string): Target {
  const benchUrl = new URL(url);
  benchUrl.pathname = `/${BENCH_DATABASE}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  return {
    name: `PostgreSQL server (${benchUrl.host}, database ${BENCH_DATABASE})`,
    key: 'postgres',
    async open() {
      await admin(`DROP DATABASE IF EXISTS ${BENCH_DATABASE} WITH (FORCE)`);
      await admin(`CREATE DATABASE ${BENCH_DATABASE}`);
      return openDatabase({ url: benchUrl.toString(), poolSize: 10 });
    },
    dispose: () => admin(`DROP DATABASE IF EXISTS ${BENCH_DATABASE} WITH (FORCE)`),
  };
}

/**
 * The PostgreSQL server as several instances use it: with the shared Redis (`REDIS_URL`, default the local one)
 * for rate limits and throttles, and an S3 server (s3rver, started here) for every file, so that the cost of
 * sharing shows beside the PostgreSQL figures.
 */
function sharedTarget(url: string): Target {
  const base = postgresTarget(url);
  const redisUrl = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
  let s3: TestS3 | undefined;
  return {
    name: `${base.name} + Redis (${new URL(redisUrl).host}) + S3 (s3rver)`,
    key: 'shared',
    async open() {
      s3 = await startTestS3('hls-bench');
      return base.open();
    },
    async dispose() {
      await s3?.close();
      await base.dispose();
    },
    env: () => ({ REDIS_URL: redisUrl, REDIS_KEY_PREFIX: `hls-bench-${process.pid}:`, ...s3!.env }),
  };
}

/** Runs one load process and returns its figures. */
function runLoad(job: Omit<LoadJob, 'durationSeconds' | 'warmupSeconds'>, name: string): Promise<LoadResult> {
  const full: LoadJob = { durationSeconds, warmupSeconds, ...job };
  return runJobProcess<LoadResult>(
    loaderPath,
    path.join(workDir, `${name}.json`),
    full,
    `load process for ${name}`,
  );
}

type Row = {
  label: string;
  connections: number;
  result: LoadResult;
  /** Share of /hello's requests per second, shown when it is meaningful. */
  ratio?: number;
  target?: string;
  pass?: boolean;
  /** Cold rows: how many distinct requests were prepared (a run that sent more repeated some). */
  prepared?: number;
  /** Cold rows: CPU per request sent, of the API's process and of the PostgreSQL server (ms). */
  cpu?: { api: number; server?: number };
};

const fmt = {
  rps: (value: number) => Math.round(value).toLocaleString('en-US'),
  ms: (value: number) => `${value} ms`,
  pct: (value: number) => `${(value * 100).toFixed(value < 0.1 ? 2 : 1)} %`,
};

function printTable(rows: Row[], { verdicts = true } = {}) {
  const cpu = rows.some((row) => row.cpu);
  const header = verdicts
    ? ['scenario', 'conns', 'req/s', 'p50', 'p99', 'vs /hello', 'target', 'verdict']
    : ['scenario', 'conns', 'req/s', 'p50', 'p99', 'vs /hello', ...(cpu ? ['CPU/req: API', 'server'] : [])];
  const cpuMs = (value: number | undefined) => (value === undefined ? '' : `${value.toFixed(2)} ms`);
  const lines = rows.map((row) => [
    row.label,
    String(row.connections),
    fmt.rps(row.result.requestsPerSecond),
    fmt.ms(row.result.p50),
    fmt.ms(row.result.p99),
    row.ratio === undefined ? '' : fmt.pct(row.ratio),
    ...(verdicts
      ? [row.target ?? '', row.pass === undefined ? '' : row.pass ? 'PASS' : 'FAIL']
      : cpu
        ? [cpuMs(row.cpu?.api), cpuMs(row.cpu?.server)]
        : []),
  ]);
  const widths = header.map((title, i) =>
    Math.max(title.length, ...lines.map((line) => line[i]?.length ?? 0)),
  );
  const format = (cells: string[]) =>
    cells
      .map((cell, i) =>
        i >= 1 && (i <= 5 || !verdicts) ? cell.padStart(widths[i]!) : cell.padEnd(widths[i]!),
      )
      .join('  ');
  console.log(format(header));
  console.log(widths.map((width) => '-'.repeat(width)).join('  '));
  for (const line of lines) console.log(format(line));
  const failures = rows.filter((row) => row.result.non2xx > 0 || row.result.errors > 0);
  for (const row of failures)
    console.log(`  ! ${row.label}: ${row.result.non2xx} non-2xx answers, ${row.result.errors} errors`);
  // A smoke run's few prepared requests are sent again and again: expected, not worth a line.
  for (const row of smoke ? [] : rows)
    if (row.prepared !== undefined && row.result.sent > row.prepared)
      console.log(
        `  ! ${row.label}: ${row.result.sent} requests sent of ${row.prepared} distinct ones, some answered twice`,
      );
}

/** What is broken in load rows: any non-2xx answer or error. */
function brokenRows(rows: Row[], prefix: string): string[] {
  return rows
    .filter((row) => row.result.non2xx > 0 || row.result.errors > 0)
    .map((row) => `${prefix}${row.label}: ${row.result.non2xx} non-2xx answers, ${row.result.errors} errors`);
}

/** The cold rows' figures for the goals: the slower of the two lists, and the search at 4 connections. */
function coldFigures(coldRows: Row[]): GoalFigures {
  const lists = coldRows.filter((row) => row.label.startsWith('list/filter'));
  const search = coldRows.find((row) => row.label.startsWith('search, each'));
  if (!lists.length || !search) return {};
  return {
    coldListP50: Math.max(...lists.map((row) => row.result.p50)),
    coldListP99: Math.max(...lists.map((row) => row.result.p99)),
    coldSearchP50: search.result.p50,
    coldSearchP99: search.result.p99,
  };
}

/** Runs one scenario: what it reports, or the error it threw counted as broken (the next scenarios still run). */
async function scenario(name: string, body: () => Promise<Verdict>): Promise<Verdict> {
  try {
    return await body();
  } catch (error) {
    console.log(`\n${name}: ! ${(error as Error).message}`);
    return { pass: false, broken: [`${name}: ${(error as Error).message}`] };
  }
}

async function benchTarget(target: Target): Promise<Verdict> {
  console.log(`\n== ${target.name}: ${productCount.toLocaleString('en-US')} products`);
  const database = await target.open();
  let app: FastifyInstance | undefined;
  let hello: FastifyInstance | undefined;
  try {
    await runMigrations(database.db);
    const seeded = await seedBulkCatalog(database.db, productCount);
    console.log(`seeded in ${seeded.seconds.toFixed(1)} s (${seeded.how})`);

    const config = loadConfig({
      NODE_ENV: 'development',
      LOG_LEVEL: 'fatal',
      DATA_DIR: path.join(workDir, 'app'),
      JWT_SECRET: 'bench-secret-that-is-long-enough-0123456789',
      WEB_DIST_DIR: runPages ? webDist : path.join(workDir, 'no-web-build'),
      ...target.env?.(),
    });
    // Background work (PDF stamping, e-mail sending) is queued, not run, while the requests are measured.
    app = await buildApp(config, { database, runMailSender: false, runJobs: false });
    if (runUploads) registerFallbackUploadRoute(app);
    // The baseline: a second, bare Fastify instance (no plugins, no hooks, no logger) in this same process, so
    // both share one event loop and anything that blocks it shows on /hello.
    hello = Fastify({ logger: false });
    hello.get('/hello', async () => ({ hello: 'world' }));
    const apiUrl = await app.listen({ port: 0, host: '127.0.0.1' });
    const helloUrl = await hello.listen({ port: 0, host: '127.0.0.1' });

    const sample = runCatalog ? await loadCatalogSample(database.pool) : undefined;
    if (sample) await describeWords(apiUrl, sample.words);
    const helloRequests: LoadRequest[] = [{ method: 'GET', path: '/hello' }];
    const conns = 4;
    const run = (label: string, url: string, requests: LoadRequest[], connections = conns) =>
      runLoad({ url, connections, requests }, label.replace(/\W+/g, '-'));

    const rows: Row[] = [];
    const coldRows: Row[] = [];
    const helloResult = await run('hello', helloUrl, helloRequests);
    rows.push({
      label: '/hello (bare Fastify, same process)',
      connections: conns,
      result: helloResult,
      ratio: 1,
    });
    const ratio = (result: LoadResult) => result.requestsPerSecond / helloResult.requestsPerSecond;

    if (sample) {
      for (const [label, requests] of [
        ['list/filter books (POST /api/books/filter/book)', listRequests(sample, 'book')],
        ['list/filter pro (POST /api/category/filter/pro)', listRequests(sample, 'professional')],
      ] as const) {
        const result = await run(label, apiUrl, requests);
        rows.push({
          label,
          connections: conns,
          result,
          ratio: ratio(result),
          target: '≥ 10 %, p99 < 10 ms',
          pass: ratio(result) >= 0.1 && result.p99 < 10 && result.non2xx === 0,
        });
      }
      for (const [label, requests] of [
        ['detail book (GET /api/books/list/{id})', detailRequests(sample, 'book')],
        ['detail file (GET /api/category/file/{id})', detailRequests(sample, 'file')],
      ] as const) {
        const result = await run(label, apiUrl, requests);
        rows.push({
          label,
          connections: conns,
          result,
          ratio: ratio(result),
          target: '≥ 25 %',
          pass: ratio(result) >= 0.25 && result.non2xx === 0,
        });
      }
      const search = searchRequests(sample);
      const searchResult = await run('search', apiUrl, search);
      rows.push({
        label: 'search fr/en, rare + common words',
        connections: conns,
        result: searchResult,
        ratio: ratio(searchResult),
        target: 'p50 < 15 ms, p99 < 50 ms',
        pass: searchResult.p50 < 15 && searchResult.p99 < 50 && searchResult.non2xx === 0,
      });
      // Two load processes at once: search at 20 connections, and one connection probing /hello.
      const [busySearch, probe] = await Promise.all([
        run('search-20', apiUrl, search, 20),
        run('hello-probe', helloUrl, helloRequests, 1),
      ]);
      rows.push({
        label: 'search at 20 connections (load)',
        connections: 20,
        result: busySearch,
        ratio: ratio(busySearch),
      });
      rows.push({
        label: '/hello while search runs at 20 conns',
        connections: 1,
        result: probe,
        target: 'p99 < 20 ms',
        pass: probe.p99 < 20 && probe.non2xx === 0,
      });

      // Cold: every request distinct and none of the warm mixes', sent in order (see requests.ts).
      const cold = await loadColdSample(database.pool, sample);
      const warmKeys = new Set(
        [listRequests(sample, 'book'), listRequests(sample, 'professional'), search].flat().map(requestKey),
      );
      const runCold = async (label: string, requests: LoadRequest[], connections = conns) => {
        if (!requests.length) throw new Error(`no request to send for the cold ${label}`);
        // The bench's own garbage (20,000 request bodies and their keys, built just before) is collected now, not
        // by the app's thread during the measure, where it cost a list up to 2 ms of CPU and its p99.
        collectGarbage();
        // CPU of the API's process (the embedded database's included) and of this host's PostgreSQL server.
        const cpuBefore = process.cpuUsage();
        const serverBefore = database.kind === 'postgres' ? postgresServerCpuMs() : undefined;
        const result = await runLoad(
          { url: apiUrl, connections, requests, inOrder: true },
          `cold-${label.replace(/\W+/g, '-')}`,
        );
        const { user, system } = process.cpuUsage(cpuBefore);
        const serverAfter = serverBefore === undefined ? undefined : postgresServerCpuMs();
        const cpu = {
          api: (user + system) / 1000 / result.sent,
          ...(serverAfter === undefined ? {} : { server: (serverAfter - serverBefore!) / result.sent }),
        };
        const row: Row = { label, connections, result, ratio: ratio(result), prepared: requests.length, cpu };
        coldRows.push(row);
        return row;
      };
      await runCold(
        'list/filter books, each filter+page once',
        coldListRequests(sample, 'book', COLD_REQUESTS, warmKeys),
      );
      await runCold(
        'list/filter pro, each filter+page once',
        coldListRequests(sample, 'professional', COLD_REQUESTS, warmKeys),
      );
      await runCold('detail book, each id once', coldDetailRequests(cold, 'book'));
      await runCold('detail file, each id once', coldDetailRequests(cold, 'file'));
      const coldSearch = coldSearchRequests(sample, cold, 2 * COLD_REQUESTS, warmKeys);
      const half = Math.ceil(coldSearch.length / 2);
      await runCold('search, each text+list+page once', coldSearch.slice(0, half));
      const [, coldProbe] = await Promise.all([
        runCold('search at 20 connections (load)', coldSearch.slice(half), 20),
        run('cold-hello-probe', helloUrl, helloRequests, 1),
      ]);
      coldRows.push({ label: '/hello while search runs at 20 conns', connections: 1, result: coldProbe });
    } else if (runCatalog) {
      console.log('no catalogue generator found: only /hello is measured');
    }

    console.log(
      `\n${durationSeconds} s per scenario after ${warmupSeconds} s of warm-up; latencies at 1 ms resolution` +
        ` (autocannon)`,
    );
    console.log(`\nWarm: ${POOL_SIZE} requests per scenario, repeated (mostly answered by the caches)`);
    printTable(rows);
    if (coldRows.length) {
      console.log(
        `\nCold: every request distinct, sent in order (${COLD_REQUESTS.toLocaleString('en-US')} lists or searches` +
          ' per scenario, every product once), no page, detail or count cached; shared values (category names,' +
          " related pools) warm. Their goals are in the goals' table at the end.",
      );
      printTable(coldRows, { verdicts: false });
    }
    const verdicts: Verdict[] = [
      {
        pass: rows.every((row) => row.pass !== false),
        broken: [...brokenRows(rows, 'warm '), ...brokenRows(coldRows, 'cold ')],
        figures: coldFigures(coldRows),
      },
    ];
    if (runCatalog && !sample) verdicts.push({ pass: true, broken: ['catalog: no catalogue sample'] });
    if (runCheckout)
      verdicts.push(
        await scenario('checkout', () =>
          benchCheckout({
            app: app!,
            pool: database.pool,
            kind: database.kind,
            apiUrl,
            workDir,
            durationSeconds,
            warmupSeconds,
            helloRequestsPerSecond: helloResult.requestsPerSecond,
            printStatements: args.statements,
          }),
        ),
      );
    if (runUploads)
      verdicts.push(
        await scenario('uploads', () =>
          benchUploads({
            app: app!,
            apiUrl,
            workDir,
            durationSeconds,
            warmupSeconds,
            fileBytes: smoke ? 1024 * 1024 : undefined,
            helloAlone: helloResult,
            probeHello: () =>
              runLoad({ url: helloUrl, connections: 1, requests: helloRequests }, 'uploads-hello-probe'),
          }),
        ),
      );
    if (runPages) {
      const pagesSample = sample ?? (await loadCatalogSample(database.pool));
      if (!existsSync(path.join(webDist, 'server/entry-server.js'))) {
        console.log(`\nPages: no server render in ${webDist} (npm run build -w @hls/web): not measured`);
        if (smoke) verdicts.push({ pass: true, broken: [`pages: no web build in ${webDist}`] });
      } else if (!pagesSample) verdicts.push({ pass: true, broken: ['pages: no catalogue sample'] });
      else
        verdicts.push(
          await scenario('pages', () =>
            benchPages({
              app: app!,
              apiUrl,
              sample: pagesSample,
              load: runLoad,
              distinct: smoke ? 2_000 : undefined,
            }),
          ),
        );
    }
    if (runAuth) {
      verdicts.push(
        await scenario('auth', () =>
          benchAuth({
            app: app!,
            apiUrl,
            connections: conns,
            helloRequestsPerSecond: helloResult.requestsPerSecond,
            sequential: smoke ? 100 : undefined,
            run: (label, requests) => run(label, apiUrl, requests),
          }),
        ),
      );
    }
    return {
      pass: verdicts.every((verdict) => verdict.pass),
      broken: verdicts.flatMap((verdict) => verdict.broken.map((what) => `${target.name}: ${what}`)),
      figures: Object.assign({}, ...verdicts.map((verdict) => verdict.figures ?? {})) as GoalFigures,
    };
  } finally {
    await hello?.close();
    await app?.close();
    await database.close();
  }
}

/**
 * The real server's resident memory once idle, on the embedded database just measured (goal ≤ 300 MB): the median
 * of three starts (one in smoke mode), since what the garbage collector has not yet taken back varies by some 20 MB
 * from one start to the next. Broken when the server does not start or answer.
 */
async function benchIdleMemory(pgliteDir: string): Promise<Verdict> {
  const firstRequests = ['/api/books/dashbord', '/api/category/dashbord', '/api/category/list'];
  if (existsSync(path.join(webDist, 'index.html'))) firstRequests.push('/', paths.bookshop.getHref());
  const starts = [];
  for (let i = 0; i < (smoke ? 1 : 3); i++) {
    const memory = await measureIdleMemory({
      dataDir: pgliteDir,
      webDist,
      firstRequests,
      idleSeconds: smoke ? 1 : 5,
    });
    if (!memory) {
      console.log('\nIdle memory: not measured (needs Linux /proc)');
      return { pass: true, broken: [] };
    }
    starts.push(memory);
  }
  const rssMb = starts.map((memory) => memory.rssMb).sort((a, b) => a - b)[Math.floor(starts.length / 2)]!;
  console.log(
    `\nIdle memory: the server (src/server.ts) on this embedded database, started ${starts.length} times, answered in` +
      ` ${starts.map((memory) => memory.startSeconds.toFixed(1)).join(', ')} s, then, asked ${firstRequests.join(', ')}` +
      ` and left idle, held ${starts.map((memory) => memory.rssMb.toFixed(0)).join(', ')} MB resident (median` +
      ` ${rssMb.toFixed(0)} MB; peaks ${starts.map((memory) => memory.peakMb.toFixed(0)).join(', ')} MB)`,
  );
  return { pass: true, broken: [], figures: { idleRssMb: rssMb } };
}

/** Matches and single-request time of each search word, so a slow word is easy to spot. */
async function describeWords(apiUrl: string, words: string[]) {
  const cells: string[] = [];
  for (const word of words) {
    const counts: string[] = [];
    let slowest = 0;
    for (const list of ['/api/books/filter/book', '/api/category/filter/pro']) {
      const started = performance.now();
      const response = await fetch(`${apiUrl}${list}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ search: word }),
      });
      const body = (await response.json()) as { count?: number };
      slowest = Math.max(slowest, performance.now() - started);
      counts.push(response.ok ? String(body.count) : `HTTP ${response.status}`);
    }
    cells.push(`${word} ${counts.join('/')} (${slowest.toFixed(0)} ms)`);
  }
  console.log(`search words, matches in books/pro (slowest single request): ${cells.join(', ')}`);
}

/** A full garbage collection of this process (V8's `gc`, exposed once, for the bench alone). */
let gc: (() => void) | undefined;
function collectGarbage(): void {
  if (!gc) {
    setFlagsFromString('--expose-gc');
    gc = runInNewContext('gc') as () => void;
  }
  gc();
}

const targets: Target[] = [];
if (args.only !== 'postgres') targets.push(pgliteTarget());
if (process.env.DATABASE_URL && args.only !== 'pglite')
  targets.push(postgresTarget(process.env.DATABASE_URL));
if (process.env.DATABASE_URL && args.shared) targets.push(sharedTarget(process.env.DATABASE_URL));
if (args.shared && !process.env.DATABASE_URL) console.log('--shared needs DATABASE_URL: not measured.');
if (!process.env.DATABASE_URL) console.log('DATABASE_URL is not set: PGlite only.');
if (smoke)
  console.log(
    'smoke: targets not judged (verdict columns shown, not counted); anything broken fails the run',
  );

let allPass = true;
const broken: string[] = [];
const figures: Partial<Record<DatabaseKey, GoalFigures>> = {};
try {
  for (const target of targets) {
    try {
      const verdicts = [await scenario(target.name, () => benchTarget(target))];
      if (target.pgliteDir && (runCatalog || runCheckout))
        verdicts.push(await scenario('idle memory', () => benchIdleMemory(target.pgliteDir!)));
      for (const verdict of verdicts) {
        allPass &&= verdict.pass;
        broken.push(...verdict.broken);
        if (verdict.figures) figures[target.key] = { ...figures[target.key], ...verdict.figures };
      }
    } finally {
      await target.dispose();
    }
  }
} finally {
  rmSync(workDir, { recursive: true, force: true });
}
if (runCatalog || runCheckout) {
  const goalsMet = printGoals(goalRows(figures, productCount), { judged: !smoke });
  allPass &&= goalsMet;
}
if (smoke) console.log('\nsmoke: targets not judged');
else console.log(`\n${allPass ? 'All targets met.' : 'Some targets missed (FAIL above).'}`);
if (broken.length) {
  console.log(`Broken (${broken.length}):`);
  for (const what of broken) console.log(`  ! ${what}`);
} else console.log('Nothing broken: every scenario answered.');
process.exitCode = broken.length || (!smoke && !allPass) ? 1 : 0;
