// A PostgreSQL cluster of the fault suite's own (initdb and pg_ctl on a free port, data in a temporary folder),
// so that the suite can stop and start it under load without touching the machine's server.
import { execFile } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** A free TCP port on the loopback interface. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** The folder of PostgreSQL's server programs: PG_BIN, else Debian's newest /usr/lib/postgresql/N/bin. */
export function postgresBin(): string | null {
  const candidates = process.env.PG_BIN
    ? [process.env.PG_BIN]
    : readdirSafe('/usr/lib/postgresql')
        .map(Number)
        .filter(Number.isFinite)
        .sort((a, b) => b - a)
        .map((version) => `/usr/lib/postgresql/${version}/bin`);
  return candidates.find((dir) => existsSync(path.join(dir, 'pg_ctl'))) ?? null;
}

function readdirSafe(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}

export type Cluster = {
  url: string;
  port: number;
  /** `pg_ctl stop`: `fast` ends every session (57P01), `immediate` is a crash. */
  stop(mode?: 'fast' | 'immediate'): Promise<void>;
  start(): Promise<void>;
  destroy(): Promise<void>;
};

/**
 * initdb, then pg_ctl start, on a free port, trust authentication, fsync off (the suite tests faults, not disks).
 * As root, PostgreSQL's programs run as the `postgres` user (they refuse to run as root).
 */
export async function startCluster(): Promise<Cluster> {
  const bin = postgresBin();
  if (!bin) {
    throw new Error(
      'PostgreSQL server programs (initdb, pg_ctl) were not found: install Debian’s postgresql or set PG_BIN',
    );
  }
  const asRoot = process.getuid?.() === 0;
  const owner = asRoot ? await userIds('postgres') : null;
  const dir = mkdtempSync(path.join(tmpdir(), 'hls-faults-pg-'));
  if (owner) chownSync(dir, owner.uid, owner.gid);
  const data = path.join(dir, 'data');
  const port = await freePort();
  const pg = (program: string, args: string[]) =>
    asRoot
      ? run('runuser', ['-u', 'postgres', '--', path.join(bin, program), ...args])
      : run(path.join(bin, program), args);

  await pg('initdb', [
    '-D',
    data,
    '-U',
    'postgres',
    '--auth=trust',
    '-E',
    'UTF8',
    '--no-sync',
    '--no-instructions',
  ]);
  const options = [
    `-p ${port}`,
    '-c listen_addresses=127.0.0.1',
    `-c unix_socket_directories=${dir}`,
    '-c fsync=off',
    '-c synchronous_commit=off',
    '-c full_page_writes=off',
    '-c max_connections=60',
  ].join(' ');
  const start = async () => {
    await pg('pg_ctl', [
      '-D',
      data,
      '-o',
      options,
      '-l',
      path.join(dir, 'server.log'),
      '-w',
      '-t',
      '30',
      'start',
    ]);
  };
  await start();
  await run('psql', ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', '-qc', 'CREATE DATABASE hls']);
  let running = true;
  return {
    url: `postgres://postgres@127.0.0.1:${port}/hls`,
    port,
    async stop(mode = 'fast') {
      await pg('pg_ctl', ['-D', data, '-m', mode, '-w', '-t', '30', 'stop']);
      running = false;
    },
    async start() {
      await start();
      running = true;
    },
    async destroy() {
      if (running) await pg('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']).catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function userIds(name: string): Promise<{ uid: number; gid: number }> {
  const [{ stdout: uid }, { stdout: gid }] = await Promise.all([
    run('id', ['-u', name]),
    run('id', ['-g', name]),
  ]);
  return { uid: Number(uid.trim()), gid: Number(gid.trim()) };
}
