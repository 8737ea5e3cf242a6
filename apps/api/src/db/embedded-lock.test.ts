import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DatabaseInUseError, lockDataDir } from './embedded-postgres.ts';

const folders: string[] = [];
const folder = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'hls-lock-'));
  folders.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A lock as another process left it: its directory (of a given age) and its owner. */
function lockLeftBy(dataDir: string, owner: { host: string; pid: number }, ageMs = 0) {
  const lock = path.join(dataDir, 'db.lock');
  mkdirSync(lock, { recursive: true });
  const when = new Date(Date.now() - ageMs);
  utimesSync(lock, when, when);
  writeFileSync(path.join(dataDir, 'db.lock.owner'), JSON.stringify(owner));
}

describe('the embedded database folder lock', () => {
  it('refuses a second opening while the first holds it, and lets it go on release', async () => {
    const dir = folder();
    const release = await lockDataDir(dir);
    await expect(lockDataDir(dir)).rejects.toThrow(DatabaseInUseError);
    await expect(lockDataDir(dir)).rejects.toThrow(`process ${process.pid} on ${os.hostname()}`);
    release();
    await new Promise((resolve) => setTimeout(resolve, 50));
    const again = await lockDataDir(dir);
    again();
  });

  it('refuses a folder held by a process of another machine or container (which this one cannot see)', async () => {
    const dir = folder();
    lockLeftBy(dir, { host: 'other-container', pid: process.pid + 1 });
    await expect(lockDataDir(dir)).rejects.toThrow('in use by process');
    await expect(lockDataDir(dir)).rejects.toThrow('other-container');
  });

  it('takes over a lock gone stale (its owner died elsewhere), and at once one left by a dead process here', async () => {
    const stale = folder();
    lockLeftBy(stale, { host: 'other-container', pid: 1 }, 60_000);
    (await lockDataDir(stale))();

    const here = folder();
    const ended = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
    lockLeftBy(here, { host: os.hostname(), pid: Number(ended.stdout.toString()) });
    (await lockDataDir(here))();
  });
});
