import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, unlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestS3, type TestS3 } from '../../../test/s3-server.ts';
import { createS3Storage, type S3Storage } from './s3-storage.ts';
import { createLocalStorage } from './storage.ts';

const apiDir = fileURLToPath(new URL('../../..', import.meta.url));
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

describe('npm run storage:copy -- --to s3', () => {
  let s3: TestS3;
  let bucket: S3Storage;
  let dataDir: string;
  const storageDir = () => path.join(dataDir, 'storage');

  beforeAll(async () => {
    s3 = await startTestS3('hls-copy');
    bucket = createS3Storage(s3.settings);
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'hls-storage-copy-'));
  });
  afterAll(async () => {
    bucket?.close();
    await s3?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  function copy(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
    return new Promise((resolve) => {
      execFile(
        process.execPath,
        ['src/cli/storage-copy.ts', ...args],
        {
          cwd: apiDir,
          env: {
            PATH: process.env.PATH,
            NODE_ENV: 'test',
            DATA_DIR: dataDir,
            STORAGE_DIR: storageDir(),
            JWT_SECRET: 'test-secret-that-is-long-enough-0123456789',
            ...s3.env,
          },
        },
        (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
      );
    });
  }

  it('copies every local object with its mime type and SHA-256, then skips them all', async () => {
    const local = createLocalStorage(storageDir());
    const files = {
      'covers/one.webp': { bytes: randomBytes(2_000), mime: 'image/webp' },
      'files/a1/report.pdf': { bytes: randomBytes(300_000), mime: 'application/pdf' },
      'files/a1/empty.txt': { bytes: Buffer.alloc(0), mime: 'text/plain' },
    };
    for (const [key, { bytes, mime }] of Object.entries(files)) await local.putObject(key, bytes, mime);
    const large = randomBytes(6 * 1024 * 1024);
    await local.putStream('files/b2/large.zip', Readable.from([large]), 'application/zip');

    const first = await copy('--to', 's3');
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    expect(first.stdout).toContain('4/4 objects');
    expect(first.stdout).toContain('Copied 4, skipped 0 (already there), failed 0.');
    for (const [key, { bytes, mime }] of Object.entries(files)) {
      expect(await bucket.stat(key), key).toMatchObject({
        sizeBytes: bytes.length,
        mime,
        sha256: sha256(bytes),
      });
    }
    expect((await bucket.getObject('files/b2/large.zip'))!.bytes.equals(large)).toBe(true);

    const again = await copy('--to', 's3');
    expect(again.code).toBe(0);
    expect(again.stdout).toContain('Copied 0, skipped 4 (already there), failed 0.');

    // A changed object is copied again; one whose bytes are gone fails, and the command says so.
    const changed = Buffer.from('a new cover');
    await local.putObject('covers/one.webp', changed, 'image/webp');
    unlinkSync(path.join(storageDir(), 'objects', 'files/a1/report.pdf'));
    const third = await copy('--to', 's3');
    expect(third.code).toBe(1);
    expect(third.stdout).toContain('Copied 1, skipped 2 (already there), failed 1.');
    expect(third.stderr).toContain('files/a1/report.pdf');
    expect(await bucket.stat('covers/one.webp')).toMatchObject({ sha256: sha256(changed) });
  });

  it('refuses to run without --to s3', async () => {
    const missing = await copy();
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('Missing --to s3');
  });
});
