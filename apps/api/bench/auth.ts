// The authenticated scenario of `npm run bench` (--scenario=auth): what checking an access token costs on a
// protected read. GET /api/user with a bearer token under load beside /hello, and the median of single requests
// sent one after the other (microseconds, where the load's 1 ms resolution shows nothing).
import type { FastifyInstance } from 'fastify';
import type { LoadRequest, LoadResult } from './load.ts';
import type { Verdict } from './verdict.ts';

const EMAIL = 'bench.reader@hls.test';
const PASSWORD = 'BenchReader1';
const SEQUENTIAL = 2000;

export type AuthBenchOptions = {
  app: FastifyInstance;
  apiUrl: string;
  connections: number;
  helloRequestsPerSecond: number;
  /** Single requests sent one after the other for the median (default SEQUENTIAL). */
  sequential?: number | undefined;
  run(label: string, requests: LoadRequest[]): Promise<LoadResult>;
};

async function medianOfSingleRequests(
  url: string,
  headers: Record<string, string>,
  count: number,
): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const started = performance.now();
    const response = await fetch(url, { headers });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`GET ${url}: HTTP ${response.status}`);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)]!;
}

/** Runs the scenario and prints its figures (no target). Broken: a non-2xx answer or an error, a login failing. */
export async function benchAuth(options: AuthBenchOptions): Promise<Verdict> {
  const { app, apiUrl } = options;
  const sequential = options.sequential ?? SEQUENTIAL;
  if (!(await app.accounts.findUserByEmail(EMAIL))) {
    await app.accounts.createUser({
      firstName: 'Bench',
      lastName: 'Reader',
      email: EMAIL,
      password: PASSWORD,
      role: 'customer',
    });
  }
  const { access } = await app.accounts.login(EMAIL, PASSWORD);
  const headers = { authorization: `Bearer ${access}` };
  const result = await options.run('auth-user', [{ method: 'GET', path: '/api/user', headers }]);
  const single = await medianOfSingleRequests(`${apiUrl}/api/user`, headers, sequential);
  const share = result.requestsPerSecond / options.helloRequestsPerSecond;
  console.log(`\nAuthenticated read: GET /api/user with a bearer token`);
  console.log(
    `  ${options.connections} connections: ${Math.round(result.requestsPerSecond).toLocaleString('en-US')} req/s` +
      ` (${(share * 100).toFixed(1)} % of /hello), p50 ${result.p50} ms, p99 ${result.p99} ms` +
      (result.non2xx ? `, ${result.non2xx} non-2xx answers` : ''),
  );
  console.log(`  one request at a time: median ${(single * 1000).toFixed(0)} µs over ${sequential} requests`);
  return {
    pass: true,
    broken:
      result.non2xx || result.errors
        ? [`auth: GET /api/user: ${result.non2xx} non-2xx answers, ${result.errors} errors`]
        : [],
  };
}
