// Several API processes on one PostgreSQL, as a deployment behind a load balancer runs them.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type ApiProcess } from './api-process.ts';
import { freePort, startCluster, type Cluster } from './postgres-cluster.ts';
import { startRedis, type RedisServer } from './redis-server.ts';
import { health, waitFor } from './shop.ts';

const run = promisify(execFile);
const migrateCommand = fileURLToPath(new URL('../src/cli/migrate.ts', import.meta.url));

let cluster: Cluster;
let redis: RedisServer;
const folders: string[] = [];
const apis: ApiProcess[] = [];

beforeAll(async () => {
  [cluster, redis] = await Promise.all([startCluster(), startRedis()]);
});

afterAll(async () => {
  await Promise.all(apis.map((api) => api.kill('SIGKILL')));
  await cluster?.destroy();
  await redis?.stop();
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

const post = (api: ApiProcess, url: string, body: unknown, token?: string) =>
  fetch(`${api.base}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });

async function instanceEnv(databaseUrl: string): Promise<Record<string, string>> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'hls-instance-'));
  folders.push(dataDir);
  return {
    NODE_ENV: 'development',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    // The same secrets on every instance, as a deployment gives them.
    JWT_SECRET: 'instances-share-this-secret-of-at-least-32-chars',
    DOWNLOAD_TOKEN_SECRET: 'instances-share-this-download-secret-32-chars',
    SEED_DEMO: 'true',
    LOG_LEVEL: 'warn',
    REDIS_URL: redis.url,
  };
}

describe('instances started together', () => {
  it('on an empty database: one migrates and seeds under the start lock, the others wait and go on', async () => {
    const envs = await Promise.all([1, 2, 3].map(() => instanceEnv(cluster.url)));
    const started = await Promise.allSettled(envs.map((env) => startApi(env, 90_000)));
    for (const outcome of started) if (outcome.status === 'fulfilled') apis.push(outcome.value);
    expect(started.map((outcome) => (outcome.status === 'rejected' ? String(outcome.reason) : 'up'))).toEqual(
      ['up', 'up', 'up'],
    );
    const database = new pg.Client({ connectionString: cluster.url });
    await database.connect();
    try {
      const { rows } = await database.query<{ email: string; count: number }>(
        `SELECT lower(email) AS email, count(*)::int AS count FROM users GROUP BY 1 HAVING count(*) > 1`,
      );
      expect(rows).toEqual([]);
      const demo = await database.query<{ count: number }>(
        `SELECT count(*)::int AS count FROM users WHERE email = 'customer@hls.test'`,
      );
      expect(demo.rows[0]!.count).toBe(1);
    } finally {
      await database.end();
    }
    // Each of them serves the one catalogue.
    const totals = await Promise.all(
      apis.map(async (api) => {
        const response = await fetch(`${api.base}/api/books/filter/book`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: '{}',
        });
        expect(response.status).toBe(200);
        return ((await response.json()) as { count: number }).count;
      }),
    );
    expect(new Set(totals).size).toBe(1);
    expect(totals[0]).toBeGreaterThan(0);
  });

  it('a logout through one instance ends the session on the others within a second', async () => {
    const [a, b, c] = apis as [ApiProcess, ApiProcess, ApiProcess];
    const login = await post(a, '/api/login', { email: 'customer@hls.test', password: 'Demo1234!' });
    const { access, refresh } = (await login.json()) as { access: string; refresh: string };
    const me = (api: ApiProcess) =>
      fetch(`${api.base}/api/user`, { headers: { authorization: `Bearer ${access}` } }).then((r) => r.status);
    // B and C have checked the session, and remember it as active.
    expect([await me(b), await me(c)]).toEqual([200, 200]);
    const out = await post(a, '/api/logout', { refresh }, access);
    expect(out.status).toBeLessThan(300);
    const ended = Date.now();
    await waitFor(
      async () => ((await me(b)) === 401 && (await me(c)) === 401) || undefined,
      'the logout seen by B and C',
      1000,
    );
    console.info(`logout seen by the other instances after ${Date.now() - ended} ms`);
  });

  it('an author renamed through one instance shows on the cached lists of the others within a second', async () => {
    const [a, b, c] = apis as [ApiProcess, ApiProcess, ApiProcess];
    const login = await post(a, '/api/login', { email: 'author@hls.test', password: 'Demo1234!' });
    const { access } = (await login.json()) as { access: string };
    const authorNames = async (api: ApiProcess) => {
      const response = await post(api, '/api/books/filter/book', {});
      const page = (await response.json()) as { results: { author: { name: string } }[] };
      return page.results.map((product) => product.author.name);
    };
    // The lists are read (and cached) on B and C before the change.
    await Promise.all([authorNames(b), authorNames(c)]);
    const name = `Renamed ${Date.now()}`;
    const changed = await fetch(`${a.base}/api/user/author-profile`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${access}`, 'content-type': 'application/json' },
      body: JSON.stringify({ displayName: name, bio: '' }),
    });
    expect(changed.status).toBe(200);
    const done = Date.now();
    await waitFor(
      async () =>
        ((await authorNames(b)).includes(name) && (await authorNames(c)).includes(name)) || undefined,
      'the new name on B and C',
      1000,
    );
    console.info(`the new name shown by the other instances after ${Date.now() - done} ms`);
  });

  it('the login limit counts across instances in Redis; without Redis requests go through, and it counts again once back', async () => {
    const badLogin = (api: ApiProcess, i: number) =>
      post(api, '/api/login', {
        email: `nobody-${i}-${Date.now()}@hls.test`,
        password: 'wrong-password',
      }).then((r) => r.status);
    const answers: number[] = [];
    for (let i = 0; i < 30; i += 1) answers.push(await badLogin(apis[i % apis.length]!, i));
    // 10 a minute from one address (RATE_LIMIT_AUTH_MAX), two of them used by the tests above: not 10 per instance.
    expect(answers.filter((status) => status !== 429).length).toBeLessThanOrEqual(10);
    expect(answers.slice(-3)).toEqual([429, 429, 429]);

    await redis.stop();
    const redisSays = async (state: string) =>
      (await Promise.all(apis.map((api) => health(api.base)))).every((now) => now.redis === state) ||
      undefined;
    await waitFor(() => redisSays('unavailable'), 'Redis unavailable on every instance', 5000);
    // Requests are answered (uncounted), never failed, while Redis is away.
    expect(await Promise.all(apis.map((api, i) => badLogin(api, 100 + i)))).toEqual([401, 401, 401]);

    await redis.start();
    await waitFor(() => redisSays('ok'), 'Redis back on every instance', 10_000);
    const again: number[] = [];
    for (let i = 0; i < 12; i += 1) again.push(await badLogin(apis[i % apis.length]!, 200 + i));
    expect(again.filter((status) => status === 429).length).toBeGreaterThanOrEqual(2);
  });

  it('npm run migrate, run twice at once as a release step, migrates once and exits cleanly', async () => {
    const admin = new pg.Client({ connectionString: cluster.url });
    await admin.connect();
    await admin.query('CREATE DATABASE release_step');
    await admin.end();
    const url = cluster.url.replace(/\/hls$/, '/release_step');
    const env = { ...process.env, ...(await instanceEnv(url)), LOG_LEVEL: 'info' };
    const runs = await Promise.all(
      [1, 2].map(() => run(process.execPath, [migrateCommand], { env, timeout: 60_000 })),
    );
    for (const { stdout } of runs) expect(stdout).toContain('the database is migrated');
    const database = new pg.Client({ connectionString: url });
    await database.connect();
    try {
      const { rows } = await database.query<{ count: number }>(
        'SELECT count(*)::int AS count FROM drizzle.__drizzle_migrations',
      );
      expect(rows[0]!.count).toBeGreaterThan(0);
    } finally {
      await database.end();
    }
  });
});
