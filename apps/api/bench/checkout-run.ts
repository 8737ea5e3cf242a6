// The checkout bench's measured run: the load process it starts, one customer's checkout in this process with the
// database statements of each step counted, the CPU time of the PostgreSQL server, and the reads the download
// measure compares with.
import { createReadStream, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import { constants, PerformanceObserver } from 'node:perf_hooks';
import pg from 'pg';
import { runJobProcess } from './child.ts';
import type { CheckoutCatalog, CheckoutLoadJob, CheckoutStep, DownloadLoadJob } from './checkout-load.ts';
import { consent, demoCard, parisAddress } from '../test/checkout-data.ts';

const loaderPath = fileURLToPath(new URL('./checkout-load.ts', import.meta.url));

export function runLoader<T>(
  workDir: string,
  name: string,
  job: CheckoutLoadJob | DownloadLoadJob,
): Promise<T> {
  return runJobProcess<T>(
    loaderPath,
    path.join(workDir, `${name}.json`),
    job,
    `checkout load process ${name}`,
  );
}

/**
 * CPU time (ms) used so far by this host's PostgreSQL server processes, read from /proc: undefined where there is
 * no /proc (the figure is then left out). A server on another host is not seen, and reads as 0.
 */
export function postgresServerCpuMs(): number | undefined {
  let names: string[];
  try {
    names = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return undefined;
  }
  // Linux reports utime and stime in clock ticks, 100 a second on every architecture Node runs on.
  const msPerTick = 10;
  let ticks = 0;
  for (const pid of names) {
    let stat: string;
    try {
      stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    } catch {
      continue; // ended meanwhile
    }
    const close = stat.lastIndexOf(')');
    if (stat.slice(stat.indexOf('(') + 1, close) !== 'postgres') continue;
    const fields = stat.slice(close + 2).split(' ');
    // Its own time, and that of its ended children (the postmaster's backends): a backend that ends during a
    // measure moves its time to the postmaster instead of taking it away from the sum.
    ticks += Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
  }
  return ticks * msPerTick;
}

type OrderLineInput = { productId: number; edition?: 'ebook' | 'paper'; quantity?: number };

/** A client of the API for one customer, in this process (for the steps that are counted, not timed). */
function customerClient(apiUrl: string, token: string) {
  return async (method: 'GET' | 'POST', route: string, body?: unknown, auth = true) => {
    const response = await fetch(`${apiUrl}${route}`, {
      method,
      headers: {
        ...(auth ? { authorization: `Bearer ${token}` } : {}),
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${route}: HTTP ${response.status} ${text.slice(0, 300)}`);
    return JSON.parse(text) as Record<string, unknown>;
  };
}

/** One order bought as the load process buys it; `before` is called before each step. */
async function checkoutOnce(
  apiUrl: string,
  token: string,
  lines: OrderLineInput[],
  before: (step: CheckoutStep) => void = () => {},
): Promise<string> {
  const call = customerClient(apiUrl, token);
  before('create');
  const order = await call('POST', '/api/order/create', { lines });
  const orderId = String(order.id);
  before('billing');
  await call('POST', '/api/order/billing', { orderId, country: 'FR' });
  if (lines.some((line) => line.edition === 'paper')) {
    before('address');
    await call('POST', '/api/order/address', { orderId, ...parisAddress });
  }
  before('intent');
  const intent = await call('POST', '/api/order/intentPayement', {
    orderId,
    ...(lines.some((line) => line.edition !== 'paper') ? { consent } : {}),
  });
  before('pay');
  const paid = await call(
    'POST',
    `/api/payments/demo/${encodeURIComponent(String(intent.intentId))}/pay`,
    { clientSecret: intent.clientSecret, ...demoCard },
    false,
  );
  if (paid.status !== 'succeeded') throw new Error(`the demo card was not accepted: ${JSON.stringify(paid)}`);
  before('confirm');
  const confirmed = await call('POST', '/api/order/confirm', { orderId });
  if (confirmed.status !== 'paid')
    throw new Error(`the order was not confirmed paid: ${JSON.stringify(confirmed)}`);
  return orderId;
}

type WriteMethods = { _write: (...args: unknown[]) => unknown; _writev: (...args: unknown[]) => unknown };

/**
 * Counts the statements the app sends to the database (BEGIN and COMMIT included) while it runs, per label:
 * every query of the `pg` driver, on PostgreSQL and on the embedded database alike; and the writes to the
 * database's connections (`writes`), each a round trip's request: statements sent together leave in one
 * (db/pipeline.ts).
 */
export function countStatements(options: { record?: boolean } = {}) {
  const prototype = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const original = prototype.query;
  const counts = new Map<string, number>();
  const writes = new Map<string, number>();
  /** With `record`: each statement's text, in order, with its label (one line, at most 200 characters). */
  const texts: { label: string; text: string }[] = [];
  let label = '';
  /** The connections' streams seen, with their own write methods, put back by `stop`. */
  const streams = new Map<WriteMethods, WriteMethods>();
  const written = () => writes.set(label, (writes.get(label) ?? 0) + 1);
  const watch = (stream: WriteMethods | undefined) => {
    if (!stream || streams.has(stream)) return;
    const { _write, _writev } = stream;
    streams.set(stream, { _write, _writev });
    stream._write = (...args) => (written(), _write.apply(stream, args));
    stream._writev = (...args) => (written(), _writev.apply(stream, args));
  };
  prototype.query = function (this: { connection?: { stream?: WriteMethods } }, ...args: unknown[]) {
    counts.set(label, (counts.get(label) ?? 0) + 1);
    watch(this.connection?.stream);
    if (options.record) {
      const query = args[0] as string | { text?: string };
      const text = typeof query === 'string' ? query : (query?.text ?? '');
      texts.push({ label, text: text.replace(/\s+/g, ' ').trim().slice(0, 200) });
    }
    return original.apply(this, args);
  };
  return {
    counts,
    writes,
    texts,
    label: (next: string) => (label = next),
    stop: () => {
      prototype.query = original;
      for (const [stream, own] of streams) Object.assign(stream, own);
    },
  };
}

/** Orders bought one at a time by one customer, the statements of each step counted. */
export async function statementsPerStep(
  apiUrl: string,
  token: string,
  catalog: CheckoutCatalog,
  options: { print?: boolean } = {},
) {
  const orders: { kind: string; lines: OrderLineInput[] }[] = [];
  for (let i = 0; i < 6; i++) {
    orders.push({ kind: 'ebook or file', lines: [{ productId: catalog.ebooks[i]!, edition: 'ebook' }] });
    orders.push({ kind: 'ebook or file', lines: [{ productId: catalog.files[i]! }] });
    orders.push({
      kind: 'paper',
      lines: [{ productId: catalog.paperBooks[i]!, edition: 'paper', quantity: 1 }],
    });
  }
  const ids: string[] = [];
  // The first orders of each kind warm the app's caches and prepared paths; they are not counted.
  for (const order of orders.slice(0, 3)) ids.push(await checkoutOnce(apiUrl, token, order.lines));
  const counter = countStatements({ record: options.print ?? false });
  const printed = new Map<string, string[]>();
  /** Per kind of order: the orders, and per step the statements and the writes of them all. */
  const perKind = new Map<string, { orders: number; steps: Map<string, [number, number]> }>();
  try {
    for (const order of orders.slice(3)) {
      const kind = perKind.get(order.kind) ?? { orders: 0, steps: new Map<string, [number, number]>() };
      perKind.set(order.kind, kind);
      counter.counts.clear();
      counter.writes.clear();
      counter.texts.length = 0;
      ids.push(await checkoutOnce(apiUrl, token, order.lines, (step) => counter.label(step)));
      counter.label('');
      printed.set(
        order.kind,
        counter.texts.filter(({ label }) => label).map(({ label, text }) => `${label.padEnd(8)} ${text}`),
      );
      kind.orders++;
      for (const [step, count] of counter.counts) {
        if (!step) continue;
        const [statements, writes] = kind.steps.get(step) ?? [0, 0];
        kind.steps.set(step, [statements + count, writes + (counter.writes.get(step) ?? 0)]);
      }
    }
  } finally {
    counter.stop();
  }
  const perOrder = (total: number, count: number) => (total / count).toFixed(0);
  const lines = [...perKind].map(([kind, { orders: count, steps }]) => {
    const cells = [...steps].map(
      ([step, [statements, writes]]) => `${step} ${perOrder(statements, count)} (${perOrder(writes, count)})`,
    );
    const sum = (i: 0 | 1) => [...steps.values()].reduce((a, b) => a + b[i], 0);
    return `${kind}: ${cells.join(', ')} = ${perOrder(sum(0), count)} (${perOrder(sum(1), count)})`;
  });
  if (options.print)
    for (const [kind, statements] of printed)
      console.log(
        `\nThe statements of one paid order (${kind}), step by step:\n  ${statements.join('\n  ')}`,
      );
  return { ids, lines };
}

/** Buys the download file through the checkout and asks for its link, as a customer does. */
export async function downloadLink(
  apiUrl: string,
  token: string,
  productId: number,
): Promise<{ orderId?: string; url?: string; error?: string }> {
  const call = customerClient(apiUrl, token);
  let orderId: string | undefined;
  try {
    orderId = await checkoutOnce(apiUrl, token, [{ productId }]);
    const detail = (await call('GET', `/api/order/${orderId}`)) as {
      lines: { download: { entitlementId: string } | null }[];
    };
    const entitlementId = detail.lines[0]?.download?.entitlementId;
    if (!entitlementId) return { orderId, error: 'the paid order shows no download' };
    const link = await call('POST', `/api/downloads/${entitlementId}/link`);
    const url = new URL(String(link.url), apiUrl);
    return { orderId, url: `${apiUrl}${url.pathname}${url.search}` };
  } catch (error) {
    return { ...(orderId ? { orderId } : {}), error: error instanceof Error ? error.message : String(error) };
  }
}

/** Counts this process's full garbage collections (mark-compact) from now until `stop()`, and their pauses. */
export function observeGc() {
  const seen = { major: 0, pauseMs: 0 };
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const kind = (entry as unknown as { detail?: { kind?: number } }).detail?.kind;
      if (kind !== constants.NODE_PERFORMANCE_GC_MAJOR) continue;
      seen.major++;
      seen.pauseMs += entry.duration;
    }
  });
  observer.observe({ entryTypes: ['gc'] });
  return {
    stop: () => {
      observer.disconnect();
      return seen;
    },
  };
}

/** Reads the file again and again into a sink, in this process, for `seconds`: MB/s. */
export async function readInProcess(filePath: string, seconds: number): Promise<number> {
  const sink = () =>
    new Writable({
      write(_chunk, _encoding, callback) {
        callback();
      },
    });
  let bytes = 0;
  const started = performance.now();
  while (performance.now() - started < seconds * 1000) {
    const stream = createReadStream(filePath);
    stream.on('data', (chunk) => (bytes += chunk.length));
    await pipeline(stream, sink());
  }
  return bytes / 1e6 / ((performance.now() - started) / 1000);
}
