// Kept in one file: a process started on its own with a job file; its jobs, loops and results go together.
// Checkout load of `npm run bench`: a separate process, so the measured API process does not share its CPU time
// with the customers. Each of `concurrency` loops is one logged-in customer who, over and over, creates an order,
// gives the delivery address when it holds paper books, starts the payment (with the two consents for digital
// goods), pays with the demo card 4242 4242 4242 4242 and confirms; an order counts once the confirmation answers
// 200 with the status `paid`. A second mode measures downloads: a file through the download route, and the same
// file read straight from disk, one after the other in this process. Reads a job (JSON file path as the only
// argument), prints one JSON result line.
import { createHash } from 'node:crypto';
import { createReadStream, readFileSync } from 'node:fs';
import http from 'node:http';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { consent, demoCard, parisAddress } from '../test/checkout-data.ts';

export type CheckoutStep = 'create' | 'billing' | 'address' | 'intent' | 'pay' | 'confirm';
export const checkoutSteps: CheckoutStep[] = ['create', 'billing', 'address', 'intent', 'pay', 'confirm'];

export type CheckoutCatalog = {
  /** Published books with an ebook edition, professional files, and paper editions holding plenty of stock. */
  ebooks: number[];
  files: number[];
  paperBooks: number[];
};

export type CheckoutLoadJob = {
  mode: 'checkout';
  url: string;
  durationSeconds: number;
  warmupSeconds: number;
  /** Access tokens, one per customer; loop `i` buys as customers i, i + concurrency, i + 2 × concurrency, … */
  tokens: string[];
  concurrency: number;
  catalog: CheckoutCatalog;
  /** Share of orders holding a paper book (they need an address). */
  paperShare: number;
  seed: number;
};

export type DownloadLoadJob = {
  mode: 'download';
  /** The download link (GET /api/category/download/{token}). */
  url: string;
  /** The same file on disk, and its SHA-256 (the first download is checked against it). */
  filePath: string;
  sha256: string;
  sizeBytes: number;
  durationSeconds: number;
  /** Downloads (or reads) running at once. */
  concurrency: number;
};

export type StepFigures = {
  count: number;
  /** Answers per second over the measured time. */
  perSecond: number;
  p50: number;
  p99: number;
  max: number;
};

export type CheckoutLoadResult = {
  /** Orders whose confirmation answered 200 `paid` within the measured time, per second. */
  ordersPerSecond: number;
  measuredSeconds: number;
  /** Every order confirmed `paid` with a 200, warm-up and the last iterations after the deadline included. */
  confirmedTotal: number;
  /** Their ids, to compare with the database. */
  confirmedIds: string[];
  /** Orders created (201) in all, and how many of them stopped at a step that failed. */
  createdTotal: number;
  abandoned: number;
  /** Paper copies in the orders confirmed paid, per edition product (product id → copies). */
  paperCopies: Record<string, number>;
  steps: Partial<Record<CheckoutStep | 'order', StepFigures>>;
  /** Unexpected answers: step, HTTP status and the start of the body; at most 10 distinct ones. */
  failures: { step: string; status: number; body: string; times: number }[];
  /** CPU time of this process over its run, as a share of one core (it must not be what limits the run). */
  cpuShare: number;
};

export type DownloadLoadResult = {
  http: { megabytesPerSecond: number; count: number; p50: number; p99: number; bytes: number };
  disk: { megabytesPerSecond: number; count: number; p50: number; p99: number; bytes: number };
  /** The first download's bytes hash to the file's SHA-256. */
  identical: boolean;
  failures: { status: number; body: string; times: number }[];
};

const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });

type Answer = { status: number; body: string; ms: number };

function send(
  base: URL,
  method: 'GET' | 'POST',
  path: string,
  token?: string,
  body?: unknown,
): Promise<Answer> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        agent,
        host: base.hostname,
        port: base.port,
        method,
        path,
        headers: {
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(payload === undefined
            ? {}
            : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }),
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            body: Buffer.concat(chunks).toString('utf8'),
            ms: performance.now() - started,
          }),
        );
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return Math.round(sorted[index]! * 10) / 10;
}

function figures(samples: number[], seconds: number): StepFigures {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    count: sorted.length,
    perSecond: sorted.length / seconds,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    max: percentile(sorted, 100),
  };
}

function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1_664_525 + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

class StepFailure extends Error {
  readonly step: string;
  readonly answer: Answer;
  constructor(step: string, answer: Answer) {
    super(`${step}: HTTP ${answer.status}`);
    this.step = step;
    this.answer = answer;
  }
}

async function runCheckout(job: CheckoutLoadJob): Promise<CheckoutLoadResult> {
  const base = new URL(job.url);
  const samples: Record<CheckoutStep | 'order', number[]> = {
    create: [],
    billing: [],
    address: [],
    intent: [],
    pay: [],
    confirm: [],
    order: [],
  };
  const failures = new Map<string, { step: string; status: number; body: string; times: number }>();
  const confirmedIds: string[] = [];
  const paperCopies: Record<string, number> = {};
  let createdTotal = 0;
  let abandoned = 0;
  let measuredOrders = 0;

  const start = performance.now();
  const cpuBefore = process.cpuUsage();
  const measureFrom = start + job.warmupSeconds * 1000;
  const deadline = measureFrom + job.durationSeconds * 1000;

  async function loop(index: number) {
    const next = random(job.seed * 1000 + index);
    const pick = (ids: number[]) => ids[Math.floor(next() * ids.length)]!;
    const customers = job.tokens.filter((_, i) => i % job.concurrency === index);
    for (let round = 0; performance.now() < deadline; round++) {
      const token = customers[round % customers.length]!;
      const roll = next();
      const lines: { productId: number; edition?: 'ebook' | 'paper'; quantity?: number }[] = [];
      let paper: { productId: number; quantity: number } | undefined;
      if (roll < job.paperShare) {
        paper = { productId: pick(job.catalog.paperBooks), quantity: 1 + Math.floor(next() * 2) };
        lines.push({ productId: paper.productId, edition: 'paper', quantity: paper.quantity });
        if (next() < 0.5) {
          const ebook = pick(job.catalog.ebooks);
          if (ebook !== paper.productId) lines.push({ productId: ebook, edition: 'ebook' });
        }
      } else if (roll < job.paperShare + (1 - job.paperShare) / 2) {
        lines.push({ productId: pick(job.catalog.ebooks), edition: 'ebook' });
      } else {
        lines.push({ productId: pick(job.catalog.files) });
      }
      const digital = lines.some((line) => line.edition !== 'paper');

      const began = performance.now();
      const measured = () => began >= measureFrom && began < deadline;
      const step = async (name: CheckoutStep, answer: Promise<Answer>, expected: number) => {
        const done = await answer;
        if (measured()) samples[name].push(done.ms);
        if (done.status !== expected) throw new StepFailure(name, done);
        return JSON.parse(done.body) as Record<string, unknown>;
      };
      let orderId: string | undefined;
      try {
        const order = await step('create', send(base, 'POST', '/api/order/create', token, { lines }), 201);
        orderId = String(order.id);
        createdTotal++;
        // The buyer lives in France (the French rates; the bench's requests come from no country).
        await step(
          'billing',
          send(base, 'POST', '/api/order/billing', token, { orderId, country: 'FR' }),
          200,
        );
        if (paper) {
          await step(
            'address',
            send(base, 'POST', '/api/order/address', token, { orderId, ...parisAddress }),
            200,
          );
        }
        const intent = await step(
          'intent',
          send(base, 'POST', '/api/order/intentPayement', token, {
            orderId,
            ...(digital ? { consent } : {}),
          }),
          200,
        );
        const paid = await step(
          'pay',
          send(
            base,
            'POST',
            `/api/payments/demo/${encodeURIComponent(String(intent.intentId))}/pay`,
            undefined,
            {
              clientSecret: intent.clientSecret,
              ...demoCard,
            },
          ),
          200,
        );
        if (paid.status !== 'succeeded') {
          throw new StepFailure('pay', { status: 200, body: JSON.stringify(paid), ms: 0 });
        }
        const confirmed = await step(
          'confirm',
          send(base, 'POST', '/api/order/confirm', token, { orderId }),
          200,
        );
        if (confirmed.status !== 'paid' || confirmed.id !== orderId) {
          throw new StepFailure('confirm', { status: 200, body: JSON.stringify(confirmed), ms: 0 });
        }
        confirmedIds.push(orderId);
        if (paper) paperCopies[paper.productId] = (paperCopies[paper.productId] ?? 0) + paper.quantity;
        const ended = performance.now();
        if (measured()) samples.order.push(ended - began);
        if (ended >= measureFrom && ended < deadline) measuredOrders++;
      } catch (error) {
        if (orderId) abandoned++;
        const failure =
          error instanceof StepFailure
            ? { step: error.step, status: error.answer.status, body: error.answer.body.slice(0, 300) }
            : { step: 'network', status: 0, body: String(error).slice(0, 300) };
        const key = `${failure.step} ${failure.status} ${failure.body}`;
        const known = failures.get(key);
        if (known) known.times++;
        else if (failures.size < 10) failures.set(key, { ...failure, times: 1 });
      }
    }
  }

  await Promise.all(Array.from({ length: job.concurrency }, (_, index) => loop(index)));
  const cpu = process.cpuUsage(cpuBefore);
  const cpuShare = (cpu.user + cpu.system) / 1000 / (performance.now() - start);
  const seconds = job.durationSeconds;
  const steps: CheckoutLoadResult['steps'] = {};
  for (const [name, list] of Object.entries(samples)) {
    if (list.length > 0) steps[name as CheckoutStep] = figures(list, seconds);
  }
  return {
    ordersPerSecond: measuredOrders / seconds,
    measuredSeconds: seconds,
    confirmedTotal: confirmedIds.length,
    confirmedIds,
    createdTotal,
    abandoned,
    paperCopies,
    steps,
    failures: [...failures.values()],
    cpuShare,
  };
}

/** A sink that drops what it is given, as /dev/null does. */
const sink = () =>
  new Writable({
    write(_chunk, _encoding, callback) {
      callback();
    },
  });

function download(
  link: URL,
  hash?: ReturnType<typeof createHash>,
): Promise<{ status: number; bytes: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      { agent, host: link.hostname, port: link.port, path: link.pathname + link.search },
      (response) => {
        let bytes = 0;
        const status = response.statusCode ?? 0;
        if (status !== 200) {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () =>
            resolve({ status, bytes: 0, body: Buffer.concat(chunks).toString('utf8') }),
          );
          response.on('error', reject);
          return;
        }
        response.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
          hash?.update(chunk);
        });
        pipeline(response, sink()).then(() => resolve({ status, bytes, body: '' }), reject);
      },
    );
    request.on('error', reject);
  });
}

async function runDownloads(job: DownloadLoadJob): Promise<DownloadLoadResult> {
  const link = new URL(job.url);
  const failures = new Map<string, { status: number; body: string; times: number }>();

  // The first download, checked byte for byte against the file (and a warm-up of both paths).
  const hash = createHash('sha256');
  const first = await download(link, hash);
  const identical =
    first.status === 200 && first.bytes === job.sizeBytes && hash.digest('hex') === job.sha256;
  if (first.status !== 200) {
    const failed = { status: first.status, body: first.body.slice(0, 300), times: 1 };
    const none = { megabytesPerSecond: 0, count: 0, p50: 0, p99: 0, bytes: 0 };
    return { http: none, disk: none, identical, failures: [failed] };
  }
  await pipeline(createReadStream(job.filePath), sink());

  const measure = async (once: () => Promise<number>) => {
    const times: number[] = [];
    let bytes = 0;
    const started = performance.now();
    const deadline = started + job.durationSeconds * 1000;
    await Promise.all(
      Array.from({ length: job.concurrency }, async () => {
        while (performance.now() < deadline) {
          const began = performance.now();
          const got = await once();
          times.push(performance.now() - began);
          bytes += got;
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    const sorted = times.sort((a, b) => a - b);
    return {
      megabytesPerSecond: bytes / 1e6 / seconds,
      count: times.length,
      p50: percentile(sorted, 50),
      p99: percentile(sorted, 99),
      bytes,
    };
  };

  const disk = await measure(async () => {
    let bytes = 0;
    const stream = createReadStream(job.filePath);
    stream.on('data', (chunk) => (bytes += chunk.length));
    await pipeline(stream, sink());
    return bytes;
  });
  const viaHttp = await measure(async () => {
    const got = await download(link);
    if (got.status !== 200 || got.bytes !== job.sizeBytes) {
      const key = `${got.status} ${got.bytes}`;
      const known = failures.get(key);
      if (known) known.times++;
      else
        failures.set(key, {
          status: got.status,
          body: got.body.slice(0, 300) || `${got.bytes} bytes`,
          times: 1,
        });
    }
    return got.bytes;
  });
  return { http: viaHttp, disk, identical, failures: [...failures.values()] };
}

const job = JSON.parse(readFileSync(process.argv[2] ?? '', 'utf8')) as CheckoutLoadJob | DownloadLoadJob;
const result = job.mode === 'checkout' ? await runCheckout(job) : await runDownloads(job);
agent.destroy();
process.stdout.write(`${JSON.stringify(result)}\n`);
