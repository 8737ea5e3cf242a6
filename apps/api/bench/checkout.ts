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
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import { constants, PerformanceObserver } from 'node:perf_hooks';
import { PDFDocument, StandardFonts } from '@cantoo/pdf-lib';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import type {
  CheckoutCatalog,
  CheckoutLoadJob,
  CheckoutLoadResult,
  CheckoutStep,
  DownloadLoadJob,
  DownloadLoadResult,
  StepFigures,
} from './checkout-load.ts';
import { consent, demoCard, parisAddress } from '../test/checkout-data.ts';

/** Customers buying at once, and registered customers they take turns as. */
export const CHECKOUT_CONCURRENCY = 16;
const CUSTOMERS = 64;
const CUSTOMER_EMAIL = (n: number) => `bench.customer.${n}@hls.test`;
const CUSTOMER_PASSWORD = 'bench-customer-password-0123';
/** Copies put in stock on each paper edition the customers buy: far more than a run sells. */
const PAPER_STOCK = 1_000_000;
const DOWNLOAD_BYTES = 20 * 1024 * 1024;
const DOWNLOAD_KEY = 'files/bench/checkout-download-20mb.zip';
const EBOOK_KEY = 'files/bench/checkout-ebook.pdf';

const orderTargets = { pglite: 50, postgres: 200 } as const;
const STEP_P99_MS = 100;
const DOWNLOAD_SHARE = 0.5;

const loaderPath = fileURLToPath(new URL('./checkout-load.ts', import.meta.url));

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
};

function runLoader<T>(workDir: string, name: string, job: CheckoutLoadJob | DownloadLoadJob): Promise<T> {
  const jobFile = path.join(workDir, `${name}.json`);
  writeFileSync(jobFile, JSON.stringify(job));
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [loaderPath, jobFile], { stdio: ['ignore', 'pipe', 'inherit'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code === 0) resolve(JSON.parse(output) as T);
      else reject(new Error(`checkout load process ${name} exited with code ${code}`));
    });
  });
}

/**
 * CPU time (ms) used so far by this host's PostgreSQL server processes, read from /proc: undefined where there is
 * no /proc (the figure is then left out). A server on another host is not seen, and reads as 0.
 */
function postgresServerCpuMs(): number | undefined {
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
    ticks += Number(fields[11]) + Number(fields[12]);
  }
  return ticks * msPerTick;
}

/** Runs `work` over `items`, `width` at a time. */
async function inBatches<T, R>(items: T[], width: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  for (let i = 0; i < items.length; i += width)
    results.push(...(await Promise.all(items.slice(i, i + width).map(work))));
  return results;
}

async function registerCustomers(app: FastifyInstance): Promise<{ ids: string[]; tokens: string[] }> {
  const numbers = Array.from({ length: CUSTOMERS }, (_, n) => n + 1);
  const users = await inBatches(numbers, 8, async (n) => {
    // Made as the back office makes accounts, their addresses confirmed: an order needs a confirmed address.
    const user = await app.accounts.createUser({
      firstName: n % 3 === 0 ? 'Zoë' : 'Camille',
      lastName: `Client ${n}`,
      email: CUSTOMER_EMAIL(n),
      password: CUSTOMER_PASSWORD,
      language: n % 2 === 0 ? 'en' : 'fr',
      role: 'customer',
    });
    const tokens = await app.accounts.login(CUSTOMER_EMAIL(n), CUSTOMER_PASSWORD);
    return { id: user.id, token: tokens.access };
  });
  return { ids: users.map((user) => user.id), tokens: users.map((user) => user.token) };
}

async function ebookPdf(): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (let page = 1; page <= 3; page++) {
    pdf.addPage([420, 595]).drawText(`Bench ebook, page ${page}`, { x: 40, y: 540, size: 18, font });
  }
  return pdf.save();
}

/**
 * What the customers buy: published ebooks (each given a PDF, as the demo books have), professional files, and
 * paper editions given plenty of stock. Writes the tables directly, as the bulk seed does, then empties the
 * catalogue's caches.
 */
async function prepareCatalog(
  app: FastifyInstance,
  pool: pg.Pool,
): Promise<{ catalog: CheckoutCatalog; paperEditions: Map<number, { productId: number; stock: number }> }> {
  const ebooks = (
    await pool.query<{ id: number }>(
      `SELECT p.id FROM products p JOIN book_editions e ON e.product_id = p.id AND e.format = 'ebook'
       WHERE p.status = 'published' AND p.kind = 'book' AND e.final_price_cents > 0
       ORDER BY md5(p.id::text || 'ebook') LIMIT 200`,
    )
  ).rows.map((row) => row.id);
  const files = (
    await pool.query<{ id: number }>(
      `SELECT p.id FROM products p JOIN file_assets f ON f.product_id = p.id
       WHERE p.status = 'published' AND p.kind = 'file' AND p.section = 'professional' AND p.price_cents > 0
       ORDER BY md5(p.id::text || 'file') LIMIT 201`,
    )
  ).rows.map((row) => row.id);
  const paper = (
    await pool.query<{ id: number; product_id: number }>(
      `SELECT e.id, e.product_id FROM book_editions e JOIN products p ON p.id = e.product_id
       WHERE p.status = 'published' AND e.format = 'paper' AND e.final_price_cents > 0
       ORDER BY md5(p.id::text || 'paper') LIMIT 50`,
    )
  ).rows;
  if (ebooks.length < 10 || files.length < 11 || paper.length < 5) {
    throw new Error('the catalogue holds too few ebooks, professional files or paper books for the checkout');
  }
  await pool.query('UPDATE book_editions SET stock = $1 WHERE id = ANY($2::int[])', [
    PAPER_STOCK,
    paper.map((row) => row.id),
  ]);
  const bytes = await ebookPdf();
  const stored = await app.storage.putObject(EBOOK_KEY, bytes, 'application/pdf');
  for (const productId of ebooks) {
    await app.catalog.assets.attach(productId, {
      fileType: 'pdf',
      storageKey: EBOOK_KEY,
      originalName: `ebook-${productId}.pdf`,
      mime: 'application/pdf',
      sizeBytes: stored.sizeBytes,
      sha256: stored.sha256,
      pages: 3,
    });
  }
  app.events.emit('catalog.changed', { what: 'bulk' });
  return {
    // The last file is kept for the download measure.
    catalog: { ebooks, files: files.slice(0, -1), paperBooks: paper.map((row) => row.product_id) },
    paperEditions: new Map(paper.map((row) => [row.id, { productId: row.product_id, stock: PAPER_STOCK }])),
  };
}

type Check = { label: string; problems: string[] };

/** Counts, in the database, what the run left; every line of `problems` is a discrepancy. */
async function countOutcome(
  pool: pg.Pool,
  customerIds: string[],
  confirmedIds: string[],
  paperEditions: Map<number, { productId: number; stock: number }>,
): Promise<{ summary: string; checks: Check[] }> {
  const orders = (
    await pool.query<{ id: string; number: string; status: string; total_cents: number; email: string }>(
      `SELECT o.id, o.number, o.status, o.total_cents, u.email FROM orders o JOIN users u ON u.id = o.user_id
       WHERE o.user_id = ANY($1::uuid[])`,
      [customerIds],
    )
  ).rows;
  const confirmed = new Set(confirmedIds);
  const paid = orders.filter((order) => order.status === 'paid');
  const checks: Check[] = [];
  const sample = (items: string[]) =>
    items.length > 3 ? `${items.slice(0, 3).join(', ')}, …` : items.join(', ');

  const paidIds = new Set(paid.map((order) => order.id));
  const paidNotConfirmed = paid.filter((order) => !confirmed.has(order.id)).map((order) => order.number);
  const confirmedNotPaid = [...confirmed].filter((id) => !paidIds.has(id));
  checks.push({
    label: `orders paid = confirmations answered 200 (${paid.length} / ${confirmed.size})`,
    problems: [
      ...(confirmed.size !== confirmedIds.length
        ? [`${confirmedIds.length - confirmed.size} orders confirmed twice`]
        : []),
      ...(paidNotConfirmed.length
        ? [`${paidNotConfirmed.length} paid without a 200: ${sample(paidNotConfirmed)}`]
        : []),
      ...(confirmedNotPaid.length
        ? [`${confirmedNotPaid.length} confirmed but not paid: ${sample(confirmedNotPaid)}`]
        : []),
    ],
  });

  // Paid once: one `paid` history row, one succeeded payment, the demo provider took the total once.
  const payments = (
    await pool.query<{
      id: string;
      status: string;
      total_cents: number;
      paid_events: number;
      succeeded: number;
      received: number;
    }>(
      `SELECT o.id, o.status, o.total_cents,
         (SELECT count(*)::int FROM order_events ev WHERE ev.order_id = o.id AND ev.kind = 'paid') AS paid_events,
         (SELECT count(*)::int FROM payments p WHERE p.order_id = o.id AND p.status = 'succeeded') AS succeeded,
         (SELECT coalesce(sum(d.amount_received), 0)::int FROM demo_intents d WHERE d.order_id = o.id) AS received
       FROM orders o WHERE o.user_id = ANY($1::uuid[])`,
      [customerIds],
    )
  ).rows;
  const twice = payments.filter((row) => row.paid_events > 1 || row.succeeded > 1).map((row) => row.id);
  const wrongPaid = payments
    .filter((row) =>
      row.status === 'paid'
        ? row.paid_events !== 1 || row.succeeded !== 1 || row.received !== row.total_cents
        : row.paid_events > 0 || row.succeeded > 0 || row.received > 0,
    )
    .map((row) => row.id);
  checks.push({
    label: 'no order paid twice (one paid event, one succeeded payment, the total taken once)',
    problems: [
      ...(twice.length ? [`${twice.length} orders paid twice: ${sample(twice)}`] : []),
      ...(wrongPaid.length
        ? [`${wrongPaid.length} orders whose payment records disagree: ${sample(wrongPaid)}`]
        : []),
    ],
  });

  const lines = (
    await pool.query<{ id: number; status: string; entitlements: number; mismatched: number }>(
      `SELECT l.id, o.status, count(e.id)::int AS entitlements,
         count(e.id) FILTER (WHERE e.user_id <> o.user_id OR e.product_id <> l.product_id OR e.order_id <> o.id
           OR e.status <> 'active')::int AS mismatched
       FROM order_lines l JOIN orders o ON o.id = l.order_id LEFT JOIN entitlements e ON e.order_line_id = l.id
       WHERE o.user_id = ANY($1::uuid[]) AND l.format IN ('ebook', 'file')
       GROUP BY l.id, o.status`,
      [customerIds],
    )
  ).rows;
  const paidLines = lines.filter((line) => line.status === 'paid');
  const missing = paidLines.filter((line) => line.entitlements === 0).length;
  const doubled = paidLines.filter((line) => line.entitlements > 1).length;
  const unpaidGranted = lines.filter((line) => line.status !== 'paid' && line.entitlements > 0).length;
  const mismatched = lines.filter((line) => line.mismatched > 0).length;
  checks.push({
    label: `one entitlement per digital line of a paid order (${paidLines.length} lines)`,
    problems: [
      ...(missing ? [`${missing} paid digital lines without an entitlement`] : []),
      ...(doubled ? [`${doubled} paid digital lines with several entitlements`] : []),
      ...(unpaidGranted ? [`${unpaidGranted} unpaid lines with an entitlement`] : []),
      ...(mismatched ? [`${mismatched} entitlements of another user, product or order, or revoked`] : []),
    ],
  });

  const mails = (
    await pool.query<{ number: string | null; to: string; count: number }>(
      `SELECT data->>'orderNumber' AS number, "to", count(*)::int AS count FROM mail_outbox
       WHERE template = 'order_confirmation' GROUP BY 1, 2`,
    )
  ).rows;
  const mailsByNumber = new Map<string, { to: string; count: number }[]>();
  for (const mail of mails) {
    const list = mailsByNumber.get(mail.number ?? '') ?? [];
    list.push({ to: mail.to, count: mail.count });
    mailsByNumber.set(mail.number ?? '', list);
  }
  const noMail = paid.filter((order) => !mailsByNumber.has(order.number)).map((order) => order.number);
  const severalMails = paid
    .filter((order) => (mailsByNumber.get(order.number) ?? []).reduce((sum, mail) => sum + mail.count, 0) > 1)
    .map((order) => order.number);
  const wrongRecipient = paid
    .filter((order) =>
      (mailsByNumber.get(order.number) ?? []).some((mail) => mail.to.toLowerCase() !== order.email),
    )
    .map((order) => order.number);
  const paidNumbers = new Set(paid.map((order) => order.number));
  const strayMails = [...mailsByNumber.keys()].filter((number) => !paidNumbers.has(number));
  checks.push({
    label: `one order_confirmation e-mail per paid order (${mails.reduce((sum, mail) => sum + mail.count, 0)} queued)`,
    problems: [
      ...(noMail.length ? [`${noMail.length} paid orders without the e-mail: ${sample(noMail)}`] : []),
      ...(severalMails.length
        ? [`${severalMails.length} paid orders with several: ${sample(severalMails)}`]
        : []),
      ...(wrongRecipient.length
        ? [`${wrongRecipient.length} sent to someone else: ${sample(wrongRecipient)}`]
        : []),
      ...(strayMails.length ? [`${strayMails.length} for no paid order: ${sample(strayMails)}`] : []),
    ],
  });

  const stock = (
    await pool.query<{
      id: number;
      stock: number;
      held: number;
      committed: number;
      paid_quantity: number;
      paid_uncommitted: number;
      unpaid_committed: number;
    }>(
      `SELECT e.id, e.stock,
         coalesce(sum(l.quantity) FILTER (WHERE l.stock_state IN ('reserved', 'committed')), 0)::int AS held,
         coalesce(sum(l.quantity) FILTER (WHERE l.stock_state = 'committed'), 0)::int AS committed,
         coalesce(sum(l.quantity) FILTER (WHERE o.status = 'paid'), 0)::int AS paid_quantity,
         count(l.id) FILTER (WHERE o.status = 'paid' AND l.stock_state <> 'committed')::int AS paid_uncommitted,
         count(l.id) FILTER (WHERE o.status <> 'paid' AND l.stock_state = 'committed')::int AS unpaid_committed
       FROM book_editions e
       LEFT JOIN order_lines l ON l.edition_id = e.id AND l.format = 'paper'
       LEFT JOIN orders o ON o.id = l.order_id
       WHERE e.id = ANY($1::int[]) GROUP BY e.id`,
      [[...paperEditions.keys()]],
    )
  ).rows;
  const stockProblems: string[] = [];
  let copies = 0;
  for (const row of stock) {
    const before = paperEditions.get(row.id)!.stock;
    copies += row.committed;
    if (before - row.stock !== row.held)
      stockProblems.push(
        `edition ${row.id}: ${before - row.stock} copies left the stock, ${row.held} held by orders`,
      );
    if (row.committed !== row.paid_quantity)
      stockProblems.push(`edition ${row.id}: ${row.committed} copies committed, ${row.paid_quantity} paid`);
    if (row.paid_uncommitted || row.unpaid_committed)
      stockProblems.push(
        `edition ${row.id}: ${row.paid_uncommitted + row.unpaid_committed} lines in the wrong stock state`,
      );
  }
  checks.push({
    label: `paper stock committed once per paid line (${copies} copies)`,
    problems: stockProblems,
  });

  const pending = orders.filter((order) => order.status === 'pending_payment').length;
  return {
    summary: `${orders.length} orders: ${paid.length} paid, ${pending} pending (a step failed), ${orders.length - paid.length - pending} other`,
    checks,
  };
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

/**
 * Counts the statements the app sends to the database (BEGIN and COMMIT included) while it runs, per label:
 * every query of the `pg` driver, on PostgreSQL and on the embedded database alike.
 */
function countStatements() {
  const prototype = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const original = prototype.query;
  const counts = new Map<string, number>();
  let label = '';
  prototype.query = function (this: unknown, ...args: unknown[]) {
    counts.set(label, (counts.get(label) ?? 0) + 1);
    return original.apply(this, args);
  };
  return {
    counts,
    label: (next: string) => (label = next),
    stop: () => (prototype.query = original),
  };
}

/**
 * What one paid order costs the whole machine (API, database server where it is local, load process), and the
 * orders per second the machine's cores could give at that cost if nothing else ran: the ceiling of the run.
 */
function machineBudget(
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

/** Orders bought one at a time by one customer, the statements of each step counted. */
async function statementsPerStep(apiUrl: string, token: string, catalog: CheckoutCatalog) {
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
  const counter = countStatements();
  const perKind = new Map<string, { orders: number; steps: Map<string, number> }>();
  try {
    for (const order of orders.slice(3)) {
      const kind = perKind.get(order.kind) ?? { orders: 0, steps: new Map<string, number>() };
      perKind.set(order.kind, kind);
      counter.counts.clear();
      ids.push(await checkoutOnce(apiUrl, token, order.lines, (step) => counter.label(step)));
      counter.label('');
      kind.orders++;
      for (const [step, count] of counter.counts)
        if (step) kind.steps.set(step, (kind.steps.get(step) ?? 0) + count);
    }
  } finally {
    counter.stop();
  }
  const lines = [...perKind].map(([kind, { orders: count, steps }]) => {
    const cells = [...steps].map(([step, total]) => `${step} ${(total / count).toFixed(0)}`);
    const sum = [...steps.values()].reduce((a, b) => a + b, 0) / count;
    return `${kind}: ${cells.join(', ')} = ${sum.toFixed(0)}`;
  });
  return { ids, lines };
}

/** Buys the download file through the checkout and asks for its link, as a customer does. */
async function downloadLink(
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

/** Stores the download file and makes it the product's asset; the bytes are not kept in memory afterwards. */
async function storeDownloadFile(app: FastifyInstance, pool: pg.Pool, productId: number) {
  const bytes = randomBytes(DOWNLOAD_BYTES);
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  await app.storage.putObject(DOWNLOAD_KEY, bytes, 'application/zip');
  await app.catalog.assets.attach(productId, {
    fileType: 'package',
    storageKey: DOWNLOAD_KEY,
    originalName: 'rapport-annuel-données.zip',
    mime: 'application/zip',
    sizeBytes: bytes.length,
    sha256,
  });
  await pool.query(`UPDATE products SET file_type = 'package' WHERE id = $1`, [productId]);
  app.events.emit('catalog.changed', { what: 'bulk' });
  return { sha256, sizeBytes: bytes.length };
}

/** Counts this process's full garbage collections (mark-compact) from now until `stop()`, and their pauses. */
function observeGc() {
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
async function readInProcess(filePath: string, seconds: number): Promise<number> {
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
  address: 'address (POST /api/order/address), paper',
  intent: 'intent (POST /api/order/intentPayement)',
  pay: 'demo card (POST /api/payments/demo/{id}/pay)',
  confirm: 'confirm (POST /api/order/confirm)',
  order: 'whole order, first request to confirmed',
};

/** Runs the checkout and download measures; prints their tables; true when every target is met. */
export async function benchCheckout(options: CheckoutBenchOptions): Promise<boolean> {
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
  const sequential = await statementsPerStep(apiUrl, customers.tokens[CUSTOMERS - 1]!, catalog);

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

  // Tables.
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
  for (const step of ['create', 'address', 'intent', 'pay', 'confirm'] as const) {
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
  console.log(`  statements per step, one customer alone: ${sequential.lines.join('; ')}`);
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

  console.log(
    `\nDownload of a ${(DOWNLOAD_BYTES / 1024 / 1024).toFixed(0)} MiB file (not a PDF: the stored file is served),` +
      ` one at a time for ${options.durationSeconds} s each, MB = 10^6 bytes`,
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
