// The checkout scenario of `npm run bench`, on the seeded catalogue and the app under test:
// 1. paid orders per second at 16 concurrent customers with the demo provider: each customer is a registered,
//    logged-in user who creates an order (an ebook, a professional file, or a paper book with its address),
//    starts the payment with the consents, pays with 4242 4242 4242 4242 and confirms (apps/api/bench/
//    checkout-load.ts, a separate process); per-step latencies and orders/s;
// 2. after the run, the database is counted: every order the customers saw confirmed is paid and no other, one
//    entitlement per digital line, one order_confirmation e-mail per paid order, paper stock committed once, no
//    order paid twice;
// 3. a 20 MB file downloaded through GET /api/category/download/{token} beside the same file read from disk by
//    a fresh process, and read inside the API process (what reading costs where the app's heap lives).
// Beside the figures: the database statements per step of one customer alone and per order under load, and the
// API process's CPU time per order, which vary far less than throughput on a shared machine.
// Background work (PDF stamping, e-mail sending) is queued by the checkout and not run during the measure: the
// figures are those of the requests a customer waits for.
// Here the order of the run; the set-up is in checkout-setup.ts, the measuring tools in checkout-run.ts, the
// database's counts in checkout-outcome.ts and the tables in checkout-report.ts.
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { JOBS_SCHEMA } from '../src/db/migrate.ts';
import type { CheckoutLoadResult, DownloadLoadResult } from './checkout-load.ts';
import { countOutcome } from './checkout-outcome.ts';
import { printCheckoutReport, printDownloadReport } from './checkout-report.ts';
import {
  countStatements,
  downloadLink,
  observeGc,
  postgresServerCpuMs,
  readInProcess,
  runLoader,
  statementsPerStep,
} from './checkout-run.ts';
import {
  CHECKOUT_CONCURRENCY,
  CUSTOMERS,
  DOWNLOAD_KEY,
  prepareCatalog,
  registerCustomers,
  storeDownloadFile,
} from './checkout-setup.ts';
import type { Verdict } from './verdict.ts';

export { CHECKOUT_CONCURRENCY };

export type CheckoutBenchOptions = {
  app: FastifyInstance;
  pool: pg.Pool;
  kind: 'pglite' | 'postgres';
  apiUrl: string;
  workDir: string;
  durationSeconds: number;
  warmupSeconds: number;
  /** /hello's requests per second in this run: how fast the machine is at the moment. */
  helloRequestsPerSecond?: number;
  /** Print the statements of the last order of each kind, step by step. */
  printStatements?: boolean;
};

/**
 * Runs the checkout and download measures; prints their tables. Broken: a step that failed, a database count not
 * exact, a download that failed or differs from the stored file.
 */
export async function benchCheckout(options: CheckoutBenchOptions): Promise<Verdict> {
  const { app, pool, kind, apiUrl, workDir } = options;
  const started = performance.now();
  const customers = await registerCustomers(app);
  const { catalog, paperEditions } = await prepareCatalog(app, pool);
  const downloadProduct = (
    await pool.query<{ id: number }>(
      `SELECT p.id FROM products p JOIN file_assets f ON f.product_id = p.id
       WHERE p.status = 'published' AND p.kind = 'file' AND p.section = 'professional' AND p.price_cents > 0
         AND NOT (p.id = ANY($1::int[]))
       ORDER BY md5(p.id::text || 'file') LIMIT 1`,
      [catalog.files],
    )
  ).rows[0]!.id;
  console.log(
    `\nCheckout: ${CUSTOMERS} customers registered and logged in, ${catalog.ebooks.length} ebooks,` +
      ` ${catalog.files.length} professional files, ${catalog.paperBooks.length} paper books` +
      ` (${((performance.now() - started) / 1000).toFixed(1)} s)`,
  );
  const sequential = await statementsPerStep(apiUrl, customers.tokens[CUSTOMERS - 1]!, catalog, {
    print: options.printStatements ?? false,
  });

  const counter = countStatements();
  const cpuBefore = process.cpuUsage();
  const serverCpuBefore = kind === 'postgres' ? postgresServerCpuMs() : undefined;
  let load: CheckoutLoadResult;
  try {
    load = await runLoader<CheckoutLoadResult>(workDir, 'checkout', {
      mode: 'checkout',
      url: apiUrl,
      durationSeconds: options.durationSeconds,
      warmupSeconds: options.warmupSeconds,
      tokens: customers.tokens,
      concurrency: CHECKOUT_CONCURRENCY,
      catalog,
      paperShare: 0.15,
      seed: 7,
    });
  } finally {
    counter.stop();
  }
  const cpu = process.cpuUsage(cpuBefore);
  const apiCpuMs = (cpu.user + cpu.system) / 1000;
  const serverCpuAfter = serverCpuBefore === undefined ? undefined : postgresServerCpuMs();
  const serverCpuMs =
    serverCpuBefore === undefined || serverCpuAfter === undefined
      ? undefined
      : serverCpuAfter - serverCpuBefore;
  const statementsUnderLoad = [...counter.counts.values()].reduce((a, b) => a + b, 0);

  // The download: a 20 MB file (not a PDF, so the stored file itself is served), bought by the first customer.
  const stored = await storeDownloadFile(app, pool, downloadProduct);
  const filePath = path.join(app.config.storageDir, 'objects', DOWNLOAD_KEY);
  const link = await downloadLink(apiUrl, customers.tokens[0]!, downloadProduct);

  const outcome = await countOutcome(
    pool,
    customers.ids,
    [...sequential.ids, ...load.confirmedIds, ...(link.orderId ? [link.orderId] : [])],
    paperEditions,
  );

  const problem = !link.url
    ? (link.error ?? 'no link')
    : !existsSync(filePath)
      ? `the stored file is not at ${filePath}`
      : undefined;
  const heapMb = process.memoryUsage().heapUsed / 1e6;
  const downloadGc = observeGc();
  const downloads: DownloadLoadResult | { error: string } =
    problem !== undefined || !link.url
      ? { error: problem ?? 'no link' }
      : await runLoader<DownloadLoadResult>(workDir, 'download', {
          mode: 'download',
          url: link.url,
          filePath,
          sha256: stored.sha256,
          sizeBytes: stored.sizeBytes,
          durationSeconds: options.durationSeconds,
          concurrency: 1,
        });
  const gcDuringDownloads = downloadGc.stop();
  // The same read in this process, whose heap holds the whole app: what reading costs here, before any HTTP.
  const readGc = observeGc();
  const inProcess = 'error' in downloads ? undefined : await readInProcess(filePath, options.durationSeconds);
  const gcDuringRead = readGc.stop();

  const checkoutPass = printCheckoutReport({
    kind,
    options,
    load,
    sequential,
    statementsUnderLoad,
    apiCpuMs,
    serverCpuMs,
    outcome,
  });
  const dropped = await dropQueuedWork(pool);
  console.log(
    `  Background work queued by the orders and dropped, never run here: ${dropped.jobs} jobs (PDFs to stamp),` +
      ` ${dropped.mails} e-mails`,
  );
  const downloadPass = printDownloadReport({
    durationSeconds: options.durationSeconds,
    downloads,
    inProcess,
    heapMb,
    gcDuringDownloads,
    gcDuringRead,
  });
  const broken = [
    ...load.failures.map(
      (failure) =>
        `checkout: ${failure.step} answered HTTP ${failure.status} ×${failure.times} ${failure.body}`,
    ),
    ...(load.confirmedTotal === 0 ? ['checkout: no order confirmed paid'] : []),
    ...outcome.checks.flatMap((check) => check.problems.map((problem) => `checkout counts: ${problem}`)),
    ...('error' in downloads
      ? [`download: ${downloads.error}`]
      : [
          ...(downloads.identical ? [] : ['download: the downloaded bytes differ from the stored file']),
          ...downloads.failures.map(
            (failure) => `download: HTTP ${failure.status} ×${failure.times} ${failure.body}`,
          ),
        ]),
  ];
  const orders = Math.max(1, load.createdTotal);
  return {
    pass: checkoutPass && downloadPass,
    broken,
    figures: {
      orderApiCpuMs: apiCpuMs / orders,
      orderStatements: statementsUnderLoad / orders,
      ...(serverCpuMs === undefined ? {} : { orderServerCpuMs: serverCpuMs / orders }),
      ordersPerSecond: load.ordersPerSecond,
    },
  };
}

/**
 * The background work the checkout queued and the bench never runs (PDF stamping, e-mails), dropped once counted:
 * the server measured idle afterwards (`bench.ts`) would otherwise start by working through it.
 */
async function dropQueuedWork(pool: pg.Pool): Promise<{ jobs: number; mails: number }> {
  const jobs = await pool.query(`DELETE FROM ${JOBS_SCHEMA}.job WHERE state = 'created'`);
  const mails = await pool.query(`DELETE FROM mail_outbox WHERE status = 'pending'`);
  return { jobs: jobs.rowCount ?? 0, mails: mails.rowCount ?? 0 };
}
