// What the shop holds in memory when nobody asks anything: the real server (`src/server.ts`, as `npm start` runs
// it) started on the embedded database the bench just seeded, asked what a first visitor asks (the home list, a
// search, a product), then left alone; its resident memory is read from /proc once it is idle.
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const apiDir = fileURLToPath(new URL('..', import.meta.url));
const packagePath = path.join(apiDir, 'package.json');

/**
 * The environment, Node's flags and the file of one of the API's scripts (`NAME=value node <flags> <file>`): the
 * server is measured as `npm start` runs it, its `prestart` (which fills Node's compile cache) first.
 */
function scriptCommand(name: 'prestart' | 'start'): {
  env: Record<string, string>;
  flags: string[];
  file: string;
} {
  const { scripts } = JSON.parse(readFileSync(packagePath, 'utf8')) as { scripts: Record<string, string> };
  const words = scripts[name]!.split(/\s+/);
  const node = words.indexOf('node');
  const env = Object.fromEntries(words.slice(0, node).map((word) => word.split('=', 2) as [string, string]));
  return { env, flags: words.slice(node + 1, -1), file: words.at(-1)! };
}

export type IdleMemory = {
  /** Resident memory of the idle server (MB, 10^6 bytes), and its peak since it started. */
  rssMb: number;
  peakMb: number;
  /** Seconds from the process's start to its first answer. */
  startSeconds: number;
};

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** VmRSS and VmHWM of a process, in MB. */
function residentMemory(pid: number): { rssMb: number; peakMb: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
  return { rssMb: (kb('VmRSS') * 1024) / 1e6, peakMb: (kb('VmHWM') * 1024) / 1e6 };
}

/**
 * Starts the server on `dataDir`, asks `firstRequests`, waits
 * `idleSeconds` and reads its memory; the server is stopped before this returns. Linux only (/proc): elsewhere it
 * resolves undefined.
 */
export async function measureIdleMemory(options: {
  /** The `dataDir` the bench's embedded database was opened with (no process holds it now). */
  dataDir: string;
  webDist: string;
  firstRequests: string[];
  idleSeconds: number;
}): Promise<IdleMemory | undefined> {
  if (process.platform !== 'linux') return undefined;
  // The directory the bench opened is a server's DATA_DIR already: the embedded database is in its `db`.
  const dataDir = options.dataDir;
  const port = await freePort();
  const started = performance.now();
  const prestart = scriptCommand('prestart');
  const filled = spawnSync(process.execPath, [...prestart.flags, prestart.file], {
    cwd: apiDir,
    env: { ...process.env, ...prestart.env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (filled.status !== 0) throw new Error(`npm start's prestart exited with code ${filled.status}`);
  const start = scriptCommand('start');
  const child = spawn(process.execPath, [...start.flags, start.file], {
    cwd: apiDir,
    env: {
      ...process.env,
      ...start.env,
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      REDIS_URL: '',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      SEED_DEMO: 'false',
      WEB_DIST_DIR: options.webDist,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  try {
    const base = `http://127.0.0.1:${port}`;
    let startSeconds: number | undefined;
    for (let i = 0; i < 600 && startSeconds === undefined; i++) {
      if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
      const ok = await fetch(`${base}/api/health`).then(
        (response) => response.ok,
        () => false,
      );
      if (ok) startSeconds = (performance.now() - started) / 1000;
      else await new Promise((resolve) => setTimeout(resolve, 100));
    }
    if (startSeconds === undefined) throw new Error('the server did not answer within 60 s');
    for (const request of options.firstRequests) {
      const response = await fetch(`${base}${request}`, { headers: { 'accept-language': 'fr-FR' } });
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`GET ${request}: HTTP ${response.status}`);
    }
    await new Promise((resolve) => setTimeout(resolve, options.idleSeconds * 1000));
    return { ...residentMemory(child.pid!), startSeconds };
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}
