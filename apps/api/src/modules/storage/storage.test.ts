import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readlinkSync, rmSync, truncateSync } from 'node:fs';
import { createServer, get, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { DestinationClosedError, PIECE_BYTES, pipeObject } from './pipe-object.ts';
import { createLocalStorage } from './storage.ts';
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

// What every storage does is checked by the contract at the end; here, what is the local disk's own.
describe('local storage readers', () => {
  it('say so when the file became shorter than it was when opened', async () => {
    await storage.putObject('files/t/shrinks.bin', randomBytes(1000), 'application/octet-stream');
    const reader = await storage.openReader('files/t/shrinks.bin');
    truncateSync(path.join(root, 'objects', 'files/t/shrinks.bin'), 600);
    const sink = new Writable({ write: (_chunk, _encoding, callback) => callback() });
    await expect(pipeObject(reader, sink, 256)).rejects.toThrow(/ended at byte 600 of 1000/);
    expect(openOn(path.join(root, 'objects', 'files/t/shrinks.bin'))).toBe(0);
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
