import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import lockfile from 'proper-lockfile';
import type { HostMessage, HostOptions, HostRequest } from './pglite-host.ts';

export type EmbeddedPostgres = {
  /** Directory holding the unix socket: pass it as `host` (port 5432) to `pg`. */
  socketDir: string;
  dump(file: string): Promise<void>;
  stop(): Promise<void>;
};

/** Another process holds the embedded database: a clear message is enough, no stack trace. */
export class DatabaseInUseError extends Error {
  override name = 'DatabaseInUseError';
}

/** The lock's life: refreshed this often while the process lives, taken over once this old (a process that died). */
const LOCK_UPDATE_MS = 5_000;
const LOCK_STALE_MS = 20_000;

function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

type LockOwner = { host: string; pid: number };

function readOwner(file: string): LockOwner | undefined {
  try {
    const owner = JSON.parse(readFileSync(file, 'utf8')) as Partial<LockOwner>;
    return typeof owner.host === 'string' && typeof owner.pid === 'number' ? (owner as LockOwner) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * PGlite allows a single process per data directory; a second one would corrupt it. The lock is a directory made
 * atomically beside the database (proper-lockfile) whose time its owner refreshes: it holds across machines and
 * containers sharing the folder, and one left by a process that died is taken over once stale — at once when that
 * process was on this host. Its owner's host and pid are written beside it for the message.
 */
export async function lockDataDir(dataDir: string): Promise<() => void> {
  mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, 'db.lock');
  const ownerFile = path.join(dataDir, 'db.lock.owner');
  const options = {
    lockfilePath: lockPath,
    realpath: false,
    stale: LOCK_STALE_MS,
    update: LOCK_UPDATE_MS,
    onCompromised: (error: Error) => {
      // Another process took the folder over (this one was frozen past the stale time): say so loudly.
      console.error(`The lock of the embedded database in ${dataDir} was lost: ${error.message}`);
    },
  };
  let release: () => Promise<void>;
  try {
    release = await lockfile.lock(dataDir, options);
  } catch (error) {
    if ((error as { code?: string }).code !== 'ELOCKED') throw error;
    const owner = readOwner(ownerFile);
    if (owner && owner.host === os.hostname() && !processIsAlive(owner.pid)) {
      // Left by a process of this machine that is gone: taken over without waiting for it to go stale.
      rmSync(lockPath, { recursive: true, force: true });
      release = await lockfile.lock(dataDir, options);
    } else {
      const who = owner ? `process ${owner.pid} on ${owner.host}` : 'another process';
      throw new DatabaseInUseError(
        `The embedded database in ${dataDir} is in use by ${who}. Stop it first, or set DATABASE_URL.`,
      );
    }
  }
  writeFileSync(ownerFile, JSON.stringify({ host: os.hostname(), pid: process.pid }));
  // The pid file of earlier versions.
  rmSync(path.join(dataDir, 'hls.lock'), { force: true });
  return () => {
    rmSync(ownerFile, { force: true });
    release().catch(() => undefined);
  };
}

/**
 * The young generation of the database's thread, in MB (three semi-spaces of 2 MB): 24 MB kept about 7 MB more
 * resident, for as many paid orders per second.
 */
const EMBEDDED_YOUNG_GENERATION_MB = 6;

/**
 * The buffer pool: a quarter of PostgreSQL's default. PGlite touches its whole pool at start, so it is resident
 * memory even in an idle shop; a page missing from it is read from the operating system's cache. 32 MB rather than
 * 64 took about 35 MB off the idle server for 5–7 % more CPU on the cold lists and searches of 100,000 products
 * (docs/decisions/0037-an-idle-shop-in-less-memory.md).
 */
export const EMBEDDED_SHARED_BUFFERS = '32MB';

/** Starts PGlite in a worker thread, served on a private unix socket. */
export async function startEmbeddedPostgres(options: {
  dataDir?: string;
  loadFrom?: string;
}): Promise<EmbeddedPostgres> {
  const unlock = options.dataDir ? await lockDataDir(options.dataDir) : () => {};
  // Unix socket paths are limited to ~100 bytes, so the socket lives in a short private temp directory (mode 0700).
  const socketDir = mkdtempSync(path.join(os.tmpdir(), 'hls-pg-'));
  const hostOptions: HostOptions = {
    ...(options.dataDir ? { dataDir: path.join(options.dataDir, 'db') } : {}),
    ...(options.loadFrom ? { loadFrom: options.loadFrom } : {}),
    socketPath: path.join(socketDir, '.s.PGSQL.5432'),
    sharedBuffers: EMBEDDED_SHARED_BUFFERS,
  };
  const worker = new Worker(new URL('./pglite-host.ts', import.meta.url), {
    workerData: hostOptions,
    // The database's memory is PGlite's WebAssembly heap; the thread's own JavaScript needs little. Left to size
    // its young generation from the machine's memory, V8 kept about 150 MB more resident in this thread.
    resourceLimits: { maxYoungGenerationSizeMb: EMBEDDED_YOUNG_GENERATION_MB },
  });

  const waitFor = (expected: HostMessage['type']) =>
    new Promise<void>((resolve, reject) => {
      const onMessage = (message: HostMessage) => {
        if (message.type === expected) done(resolve);
        else if (message.type === 'error')
          done(() => reject(new Error(`Embedded database: ${message.message}`)));
      };
      const onError = (error: Error) => done(() => reject(error));
      const onExit = (code: number) =>
        done(() => reject(new Error(`Embedded database worker exited with code ${code}`)));
      const done = (settle: () => void) => {
        worker.off('message', onMessage).off('error', onError).off('exit', onExit);
        settle();
      };
      worker.on('message', onMessage).on('error', onError).on('exit', onExit);
    });
  const request = (message: HostRequest) => worker.postMessage(message);

  try {
    await waitFor('ready');
  } catch (error) {
    await worker.terminate();
    rmSync(socketDir, { recursive: true, force: true });
    unlock();
    throw error;
  }

  let stopped: Promise<void> | undefined;
  return {
    socketDir,
    async dump(file) {
      const dumped = waitFor('dumped');
      request({ type: 'dump', file });
      await dumped;
    },
    stop() {
      stopped ??= (async () => {
        const closed = waitFor('closed');
        request({ type: 'close' });
        try {
          await closed;
        } finally {
          await worker.terminate();
          rmSync(socketDir, { recursive: true, force: true });
          unlock();
        }
      })();
      return stopped;
    },
  };
}
