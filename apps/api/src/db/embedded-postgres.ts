import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
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

function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** PGlite allows a single process per data directory; a second one would corrupt it. */
function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const lockFile = path.join(dataDir, 'hls.lock');
  try {
    writeFileSync(lockFile, String(process.pid), { flag: 'wx' });
  } catch {
    const owner = Number(readFileSync(lockFile, 'utf8'));
    if (owner && owner !== process.pid && processIsAlive(owner)) {
      throw new DatabaseInUseError(
        `The embedded database in ${dataDir} is in use by process ${owner}. Stop it first, or set DATABASE_URL.`,
      );
    }
    writeFileSync(lockFile, String(process.pid));
  }
  return () => rmSync(lockFile, { force: true });
}

/** Starts PGlite in a worker thread, served on a private unix socket. */
export async function startEmbeddedPostgres(options: {
  dataDir?: string;
  loadFrom?: string;
}): Promise<EmbeddedPostgres> {
  const unlock = options.dataDir ? lockDataDir(options.dataDir) : () => {};
  // Unix socket paths are limited to ~100 bytes, so the socket lives in a short private temp directory (mode 0700).
  const socketDir = mkdtempSync(path.join(os.tmpdir(), 'hls-pg-'));
  const hostOptions: HostOptions = {
    ...(options.dataDir ? { dataDir: path.join(options.dataDir, 'db') } : {}),
    ...(options.loadFrom ? { loadFrom: options.loadFrom } : {}),
    socketPath: path.join(socketDir, '.s.PGSQL.5432'),
  };
  const worker = new Worker(new URL('./pglite-host.ts', import.meta.url), { workerData: hostOptions });

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
