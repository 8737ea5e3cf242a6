// Load generator of `npm run bench`: a separate process, so the measured API process does not share its CPU
// time with the client. Reads a job (JSON file path as the only argument), prints one JSON result line.
import { readFileSync } from 'node:fs';
import autocannon, { type Request } from 'autocannon';

export type LoadRequest = {
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
  headers?: Record<string, string>;
};
export type LoadJob = {
  url: string;
  connections: number;
  durationSeconds: number;
  warmupSeconds: number;
  /** Each request sent is one of these, picked at random (or the next one, with `inOrder`). */
  requests: LoadRequest[];
  /** Send the requests in order, one after the other over all connections, warm-up included. */
  inOrder?: boolean;
};
export type LoadResult = {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  max: number;
  total: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  /** Requests built, warm-up included (with `inOrder`, more than `requests` means some were sent twice). */
  sent: number;
};

const job = JSON.parse(readFileSync(process.argv[2] ?? '', 'utf8')) as LoadJob;
const pool: Request[] = job.requests.map((request) => ({
  method: request.method,
  path: request.path,
  ...(request.body === undefined
    ? { headers: { ...request.headers } }
    : {
        headers: { ...request.headers, 'content-type': 'application/json' },
        body: JSON.stringify(request.body),
      }),
}));

let sent = 0;
const nextRequest = () => {
  const index = job.inOrder ? sent % pool.length : Math.floor(Math.random() * pool.length);
  sent++;
  return pool[index];
};

const result = await autocannon({
  url: job.url,
  connections: job.connections,
  duration: job.durationSeconds,
  ...(job.warmupSeconds > 0 ? { warmup: { connections: job.connections, duration: job.warmupSeconds } } : {}),
  requests: [
    {
      setupRequest: (request: Request) => ({ ...request, ...nextRequest() }),
    },
  ],
});

const summary: LoadResult = {
  requestsPerSecond: result.requests.average,
  p50: result.latency.p50,
  p99: result.latency.p99,
  max: result.latency.max,
  total: result.requests.total,
  non2xx: result.non2xx,
  errors: result.errors,
  timeouts: result.timeouts,
  sent,
};
process.stdout.write(`${JSON.stringify(summary)}\n`);
