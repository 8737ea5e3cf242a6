import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readlinkSync, rmSync, truncateSync } from 'node:fs';
import { createServer, get, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable, Writable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { DestinationClosedError, PIECE_BYTES, pipeObject } from './pipe-object.ts';
import { createLocalStorage, StorageNotFoundError, StorageTooLargeError } from './storage.ts';
import { describeStorageContract } from './storage-contract.ts';
import { readThenAbort } from '../../../test/read-then-abort.ts';

const root = mkdtempSync(path.join(tmpdir(), 'hls-storage-'));
const storage = createLocalStorage(root);
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** The file descriptors of this process open on `file` (Linux). */
function openOn(file: string): number {
  let count = 0;
  for (const fd of readdirSync('/proc/self/fd')) {
    try {
      if (readlinkSync(`/proc/self/fd/${fd}`) === file) count += 1;
    } catch {
      // Closed between the listing and the look-up.
    }
  }
  return count;
}

/** Waits (up to 2 s) until `check` holds. */
async function eventually(check: () => boolean): Promise<boolean> {
  for (let i = 0; i < 200 && !check(); i += 1) await new Promise((resolve) => setTimeout(resolve, 10));
  return check();
}

async function readAll(key: string, range?: { start: number; end: number }, into = 7): Promise<Buffer> {
  const reader = await storage.openReader(key, range);
  const buffer = Buffer.alloc(into);
  const parts: Buffer[] = [];
  try {
    for (let n = await reader.read(buffer); n > 0; n = await reader.read(buffer)) {
      parts.push(Buffer.from(buffer.subarray(0, n)));
    }
  } finally {
    await reader.close();
  }
  return Buffer.concat(parts);
}

describe('local storage readers', () => {
  it('read an object or an inclusive range of it into the caller’s buffer, and refuse what is not there', async () => {
    await storage.putObject('files/t/letters.txt', Buffer.from('abcdefghijklmnopqrstuvwxyz'), 'text/plain');
    expect((await readAll('files/t/letters.txt')).toString()).toBe('abcdefghijklmnopqrstuvwxyz');
    expect((await readAll('files/t/letters.txt', { start: 3, end: 20 })).toString()).toBe(
      'defghijklmnopqrstu',
    );
    expect((await readAll('files/t/letters.txt', { start: 25, end: 25 })).toString()).toBe('z');
    const reader = await storage.openReader('files/t/letters.txt', { start: 10, end: 14 });
    expect(reader.length).toBe(5);
    await reader.close();
    await reader.close();

    await expect(storage.openReader('files/t/letters.txt', { start: 20, end: 26 })).rejects.toThrow(
      RangeError,
    );
    await expect(storage.openReader('files/t/none.txt')).rejects.toThrow(StorageNotFoundError);
    await expect(storage.openReader('../letters.txt')).rejects.toThrow(/invalid storage key/);
  });

  it('say so when the file became shorter than it was when opened', async () => {
    await storage.putObject('files/t/shrinks.bin', randomBytes(1000), 'application/octet-stream');
    const reader = await storage.openReader('files/t/shrinks.bin');
    truncateSync(path.join(root, 'objects', 'files/t/shrinks.bin'), 600);
    const sink = new Writable({ write: (_chunk, _encoding, callback) => callback() });
    await expect(pipeObject(reader, sink, 256)).rejects.toThrow(/ended at byte 600 of 1000/);
    expect(openOn(path.join(root, 'objects', 'files/t/shrinks.bin'))).toBe(0);
  });
});

describe('streamed puts', () => {
  /** Every file in the directory of `key` (objects and temp files). */
  const filesBeside = (key: string) => readdirSync(path.dirname(path.join(root, 'objects', key)));

  it('store a stream by pieces, with its size and SHA-256, renamed into place at the end', async () => {
    const pieces = Array.from({ length: 20 }, () => randomBytes(50_000));
    const whole = Buffer.concat(pieces);
    const object = await storage.putStream('files/s/whole.bin', Readable.from(pieces), 'application/zip');
    expect(object).toMatchObject({
      key: 'files/s/whole.bin',
      sizeBytes: whole.length,
      mime: 'application/zip',
    });
    expect(object.sha256).toBe(createHash('sha256').update(whole).digest('hex'));
    expect(await storage.stat('files/s/whole.bin')).toMatchObject({
      sha256: object.sha256,
      sizeBytes: whole.length,
    });
    expect((await storage.getObject('files/s/whole.bin'))!.bytes.equals(whole)).toBe(true);
    expect(filesBeside('files/s/whole.bin')).toEqual(['whole.bin']);

    const moved = await storage.moveObject('files/s/whole.bin', 'files/s2/moved.zip');
    expect(moved).toMatchObject({ key: 'files/s2/moved.zip', sha256: object.sha256 });
    expect(await storage.stat('files/s/whole.bin')).toBeUndefined();
    expect((await storage.getObject('files/s2/moved.zip'))!.bytes.equals(whole)).toBe(true);
    await expect(storage.moveObject('files/s/none', 'files/s/other')).rejects.toThrow(StorageNotFoundError);
  });

  it('stop at maxBytes: the source is destroyed, nothing is stored, no temp file is left', async () => {
    let produced = 0;
    const endless = new Readable({
      read() {
        produced += 64 * 1024;
        this.push(Buffer.alloc(64 * 1024));
      },
    });
    await expect(
      storage.putStream('files/s/too-large.bin', endless, 'application/pdf', { maxBytes: 1_000_000 }),
    ).rejects.toThrow(StorageTooLargeError);
    expect(endless.destroyed).toBe(true);
    expect(produced).toBeLessThan(2_000_000);
    expect(await storage.stat('files/s/too-large.bin')).toBeUndefined();
    expect(filesBeside('files/s/too-large.bin')).not.toContain('too-large.bin');
    expect(filesBeside('files/s/too-large.bin').filter((name) => name.endsWith('.tmp'))).toEqual([]);
    // Exactly maxBytes is still taken.
    const exact = await storage.putStream('files/s/exact.bin', Readable.from([Buffer.alloc(1000)]), 'x/y', {
      maxBytes: 1000,
    });
    expect(exact.sizeBytes).toBe(1000);
  });

  it('remove the temp file when the source fails', async () => {
    const failing = new Readable({
      read() {
        this.push(Buffer.alloc(10_000));
        this.destroy(new Error('connection reset'));
      },
    });
    await expect(storage.putStream('files/s/failed.bin', failing, 'x/y')).rejects.toThrow('connection reset');
    expect(filesBeside('files/s/failed.bin').filter((name) => name.startsWith('failed.bin'))).toEqual([]);
    await expect(storage.putStream('../escape.bin', Readable.from([]), 'x/y')).rejects.toThrow(
      /invalid storage key/,
    );
  });
});

describe('pipeObject', () => {
  it('reuses a buffer only once its write is over: a slow destination gets every byte as stored', async () => {
    const bytes = randomBytes(3 * 4096 + 123);
    await storage.putObject('files/t/slow.bin', bytes, 'application/octet-stream');
    const received: Buffer[] = [];
    // Holds each piece a while before taking it: a buffer read into too early would show here.
    const slow = new Writable({
      highWaterMark: 1,
      write(chunk: Buffer, _encoding, callback) {
        setTimeout(() => {
          received.push(Buffer.from(chunk));
          callback();
        }, 5);
      },
    });
    await pipeObject(await storage.openReader('files/t/slow.bin'), slow, 4096);
    expect(Buffer.concat(received).equals(bytes)).toBe(true);
    expect(received.map((piece) => piece.length)).toEqual([4096, 4096, 4096, 123]);
    expect(slow.writableFinished).toBe(true);

    const range: Buffer[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        range.push(Buffer.from(chunk));
        callback();
      },
    });
    await pipeObject(await storage.openReader('files/t/slow.bin', { start: 4000, end: 9000 }), sink, 4096);
    expect(Buffer.concat(range).equals(bytes.subarray(4000, 9001))).toBe(true);
  });

  describe('over HTTP', () => {
    const size = 48 * PIECE_BYTES + 1234;
    const file = path.join(root, 'objects', 'files/t/large.bin');
    let bytes: Buffer;
    let server: Server;
    let url: string;
    const outcomes: (Error | 'done')[] = [];

    afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

    it('sends a large object whole, then closes the file', async () => {
      bytes = randomBytes(size);
      await storage.putObject('files/t/large.bin', bytes, 'application/octet-stream');
      server = createServer((_request, response) => {
        void (async () => {
          const reader = await storage.openReader('files/t/large.bin');
          response.writeHead(200, { 'content-length': reader.length });
          try {
            await pipeObject(reader, response);
            outcomes.push('done');
          } catch (error) {
            outcomes.push(error as Error);
            response.destroy();
          }
        })();
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;

      const received = await new Promise<Buffer>((resolve, reject) => {
        get(url, { agent: false }, (response) => {
          const parts: Buffer[] = [];
          response.on('data', (part: Buffer) => parts.push(part));
          response.on('end', () => resolve(Buffer.concat(parts)));
          response.on('error', reject);
        }).on('error', reject);
      });
      expect(received.equals(bytes)).toBe(true);
      expect(await eventually(() => outcomes.length === 1)).toBe(true);
      expect(outcomes[0]).toBe('done');
      expect(openOn(file)).toBe(0);
    });

    it('closes the file when the client goes away in the middle of it', async () => {
      const fdsBefore = readdirSync('/proc/self/fd').length;
      const got = await readThenAbort(url);
      expect(got).toBeLessThan(size);
      expect(await eventually(() => outcomes.length === 2)).toBe(true);
      expect(outcomes[1]).toBeInstanceOf(DestinationClosedError);
      expect(await eventually(() => openOn(file) === 0)).toBe(true);
      expect(await eventually(() => readdirSync('/proc/self/fd').length <= fdsBefore)).toBe(true);
    });
  });
});

describeStorageContract('local', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'hls-storage-contract-'));
  const objectsDir = path.join(dir, 'objects');
  return {
    storage: createLocalStorage(dir),
    // The bytes and any temp file beside them (metadata lives apart, one file per object).
    async namesContaining(part) {
      return readdirSync(objectsDir, { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile())
        .map((entry) => path.relative(objectsDir, path.join(entry.parentPath, entry.name)))
        .filter((name) => name.includes(part));
    },
    async close() {
      rmSync(dir, { recursive: true, force: true });
    },
  };
});
