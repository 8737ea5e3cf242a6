// The checkout bench's report: the tables of the checkout and download measures against their targets, the CPU
// and database statements beside them, and the counts of what the run left in the database.
import { availableParallelism } from 'node:os';
import type { CheckoutBenchOptions } from './checkout.ts';
import type { CheckoutLoadResult, CheckoutStep, DownloadLoadResult, StepFigures } from './checkout-load.ts';
import type { Check } from './checkout-outcome.ts';
import { CHECKOUT_CONCURRENCY, DOWNLOAD_BYTES } from './checkout-setup.ts';

const orderTargets = { pglite: 50, postgres: 200 } as const;
const STEP_P99_MS = 100;
const DOWNLOAD_SHARE = 0.5;

const pad = (cells: string[], widths: number[], right: (i: number) => boolean) =>
  cells.map((cell, i) => (right(i) ? cell.padStart(widths[i]!) : cell.padEnd(widths[i]!))).join('  ');

/** A table in the style of the bench's: numbers right-aligned, a verdict per target. */
function printTable(header: string[], lines: string[][], right: (i: number) => boolean) {
  const widths = header.map((title, i) =>
    Math.max(title.length, ...lines.map((line) => line[i]?.length ?? 0)),
  );
  console.log(pad(header, widths, right));
  console.log(widths.map((width) => '-'.repeat(width)).join('  '));
  for (const line of lines) console.log(pad(line, widths, right));
}

const ms = (value: number) => `${value} ms`;
const verdict = (pass: boolean) => (pass ? 'PASS' : 'FAIL');

const stepLabels: Record<CheckoutStep | 'order', string> = {
  create: 'create (POST /api/order/create)',
  billing: 'billing country (POST /api/order/billing)',
  address: 'address (POST /api/order/address), paper',
  intent: 'intent (POST /api/order/intentPayement)',
  pay: 'demo card (POST /api/payments/demo/{id}/pay)',
  confirm: 'confirm (POST /api/order/confirm)',
  order: 'whole order, first request to confirmed',
};

/**
 * What one paid order costs the whole machine (API, database server where it is local, load process), and the
 * orders per second the machine's cores could give at that cost if nothing else ran: the ceiling of the run.
 */
export function machineBudget(
  kind: 'pglite' | 'postgres',
  load: CheckoutLoadResult,
  apiCpuMs: number,
  serverCpuMs: number | undefined,
  options: Pick<CheckoutBenchOptions, 'durationSeconds' | 'warmupSeconds'>,
): string {
  const orders = Math.max(1, load.createdTotal);
  const loaderMs = (load.cpuShare * (options.durationSeconds + options.warmupSeconds) * 1000) / orders;
  const serverMs = serverCpuMs === undefined ? undefined : serverCpuMs / orders;
  const parts = [`API ${(apiCpuMs / orders).toFixed(1)}`];
  if (kind === 'postgres')
    parts.push(
      serverMs === undefined ? 'PostgreSQL server not seen' : `PostgreSQL server ${serverMs.toFixed(1)}`,
    );
  parts.push(`load process ${loaderMs.toFixed(1)}`);
  const total = apiCpuMs / orders + (serverMs ?? 0) + loaderMs;
  const cores = availableParallelism();
  return (
    `  CPU per order on this machine: ${parts.join(' + ')} = ${total.toFixed(1)} ms; ${cores} cores give at most` +
    ` ${Math.floor((cores * 1000) / total)} orders/s at that cost`
  );
}

export type CheckoutFigures = {
  kind: 'pglite' | 'postgres';
  options: Pick<CheckoutBenchOptions, 'durationSeconds' | 'warmupSeconds' | 'helloRequestsPerSecond'>;
  load: CheckoutLoadResult;
  /** The statements of each step and the writes that sent them, one customer alone. */
  sequential: { lines: string[] };
  statementsUnderLoad: number;
  apiCpuMs: number;
  serverCpuMs: number | undefined;
  outcome: { summary: string; checks: Check[] };
};

/** Prints the checkout's table, the CPU and statements beside it, and the database's counts; true when all pass. */
export function printCheckoutReport(figures: CheckoutFigures): boolean {
  const { kind, options, load, sequential, statementsUnderLoad, apiCpuMs, serverCpuMs, outcome } = figures;
  console.log(
    `\nCheckout: ${CHECKOUT_CONCURRENCY} customers at once (each its own logged-in user), demo card 4242 4242 4242` +
      ` 4242, ${options.durationSeconds} s after ${options.warmupSeconds} s of warm-up; 15 % of the orders hold a` +
      ' paper book (with its address), the others an ebook or a professional file; latencies measured by the' +
      ' load process (0.1 ms resolution)' +
      (options.helloRequestsPerSecond
        ? `; /hello answered ${Math.round(options.helloRequestsPerSecond).toLocaleString('en-US')} req/s in this run`
        : ''),
  );
  const orderTarget = orderTargets[kind];
  const rows: string[][] = [];
  const passes: boolean[] = [];
  const ordersPass = load.ordersPerSecond >= orderTarget && load.failures.length === 0;
  passes.push(ordersPass);
  const whole = load.steps.order;
  rows.push([
    'paid orders (confirm answered 200 paid)',
    String(CHECKOUT_CONCURRENCY),
    load.ordersPerSecond.toFixed(1),
    whole ? ms(whole.p50) : '',
    whole ? ms(whole.p99) : '',
    `≥ ${orderTarget}/s`,
    verdict(ordersPass),
  ]);
  for (const step of ['create', 'billing', 'address', 'intent', 'pay', 'confirm'] as const) {
    const figures: StepFigures | undefined = load.steps[step];
    if (!figures) {
      rows.push([
        stepLabels[step],
        String(CHECKOUT_CONCURRENCY),
        '0',
        '',
        '',
        `p99 < ${STEP_P99_MS} ms`,
        'FAIL',
      ]);
      passes.push(false);
      continue;
    }
    const pass = figures.p99 < STEP_P99_MS;
    passes.push(pass);
    rows.push([
      stepLabels[step],
      String(CHECKOUT_CONCURRENCY),
      figures.perSecond.toFixed(1),
      ms(figures.p50),
      ms(figures.p99),
      `p99 < ${STEP_P99_MS} ms`,
      verdict(pass),
    ]);
  }
  printTable(
    ['checkout scenario', 'conns', 'per s', 'p50', 'p99', 'target', 'verdict'],
    rows,
    (i) => i >= 1 && i <= 4,
  );
  console.log(
    `  ${load.createdTotal} orders created, ${load.confirmedTotal} confirmed paid (warm-up included),` +
      ` ${load.abandoned} stopped at a failed step`,
  );
  for (const failure of load.failures)
    console.log(`  ! ${failure.step}: HTTP ${failure.status} ×${failure.times} ${failure.body}`);
  console.log(
    `  database statements per order under load: ${(statementsUnderLoad / Math.max(1, load.createdTotal)).toFixed(1)}` +
      ' (BEGIN and COMMIT included)',
  );
  console.log(
    `  statements (writes to the database) per step, one customer alone: ${sequential.lines.join('; ')}`,
  );
  console.log(
    `  CPU of the API process (every thread${kind === 'pglite' ? ', the embedded database included' : ''}):` +
      ` ${(apiCpuMs / Math.max(1, load.createdTotal)).toFixed(1)} ms per order; the load process used` +
      ` ${(load.cpuShare * 100).toFixed(0)} % of one core`,
  );
  console.log(machineBudget(kind, load, apiCpuMs, serverCpuMs, options));

  console.log(`\nCounted in the database after the run: ${outcome.summary}`);
  const problems = outcome.checks.flatMap((check) => check.problems);
  for (const check of outcome.checks) {
    console.log(`  ${check.problems.length ? 'FAIL' : 'ok  '} ${check.label}`);
    for (const problem of check.problems) console.log(`       ! ${problem}`);
  }
  console.log(
    problems.length
      ? `  FAIL: ${problems.length} discrepancies in orders, e-mails, entitlements or stock`
      : '  PASS: no lost or doubled order, e-mail or entitlement',
  );
  passes.push(problems.length === 0);
  return passes.every(Boolean);
}

export type DownloadFigures = {
  durationSeconds: number;
  downloads: DownloadLoadResult | { error: string };
  /** MB/s of the same read inside the API process. */
  inProcess: number | undefined;
  heapMb: number;
  gcDuringDownloads: { major: number; pauseMs: number };
  gcDuringRead: { major: number; pauseMs: number };
};

/** Prints the download's table against the same file read from disk; true when it meets its target. */
export function printDownloadReport(figures: DownloadFigures): boolean {
  const { durationSeconds, downloads, inProcess, heapMb, gcDuringDownloads, gcDuringRead } = figures;
  const passes: boolean[] = [];

  console.log(
    `\nDownload of a ${(DOWNLOAD_BYTES / 1024 / 1024).toFixed(0)} MiB file (not a PDF: the stored file is served),` +
      ` one at a time for ${durationSeconds} s each, MB = 10^6 bytes`,
  );
  if ('error' in downloads) {
    console.log(`  FAIL: no download measured: ${downloads.error}`);
    passes.push(false);
  } else {
    const ratio = downloads.http.megabytesPerSecond / downloads.disk.megabytesPerSecond;
    const pass = ratio >= DOWNLOAD_SHARE && downloads.identical && downloads.failures.length === 0;
    passes.push(pass);
    printTable(
      ['download scenario', 'count', 'MB/s', 'p50', 'p99', 'vs disk', 'target', 'verdict'],
      [
        [
          'GET /api/category/download/{token}',
          String(downloads.http.count),
          downloads.http.megabytesPerSecond.toFixed(0),
          ms(downloads.http.p50),
          ms(downloads.http.p99),
          `${(ratio * 100).toFixed(1)} %`,
          `≥ ${DOWNLOAD_SHARE * 100} %`,
          verdict(pass),
        ],
        [
          'same file, fs.createReadStream to a sink',
          String(downloads.disk.count),
          downloads.disk.megabytesPerSecond.toFixed(0),
          ms(downloads.disk.p50),
          ms(downloads.disk.p99),
          '100 %',
          '',
          '',
        ],
        ...(inProcess === undefined
          ? []
          : [
              [
                'same read inside the API process',
                '',
                inProcess.toFixed(0),
                '',
                '',
                `${((inProcess / downloads.disk.megabytesPerSecond) * 100).toFixed(1)} %`,
                '',
                '',
              ],
            ]),
      ],
      (i) => i >= 1 && i <= 5,
    );
    console.log(
      `  API process: ${heapMb.toFixed(0)} MB of heap in use; ${gcDuringDownloads.major} full garbage collections` +
        ` (${gcDuringDownloads.pauseMs.toFixed(0)} ms of final pauses) while it served ${downloads.http.count}` +
        ` downloads, ${gcDuringRead.major} (${gcDuringRead.pauseMs.toFixed(0)} ms) during its own read`,
    );
    if (!downloads.identical) console.log('  ! the downloaded bytes differ from the stored file');
    for (const failure of downloads.failures)
      console.log(`  ! download: HTTP ${failure.status} ×${failure.times} ${failure.body}`);
  }
  return passes.every(Boolean);
}
