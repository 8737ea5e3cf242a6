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

const run = promisify(execFile);
const migrateCommand = fileURLToPath(new URL('../src/cli/migrate.ts', import.meta.url));

let cluster: Cluster;
const folders: string[] = [];
const apis: ApiProcess[] = [];

beforeAll(async () => {
  cluster = await startCluster();
});

afterAll(async () => {
  await Promise.all(apis.map((api) => api.kill('SIGKILL')));
  await cluster?.destroy();
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
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
