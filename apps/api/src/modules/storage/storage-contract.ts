import { createHash, randomBytes } from 'node:crypto';
import { Readable, Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pipeObject } from './pipe-object.ts';
import {
  type ByteRange,
  type Storage,
  StorageKeyError,
  StorageNotFoundError,
  StorageTooLargeError,
} from './storage.ts';

/** A store under test, and a look at what it holds besides its objects (temp files, unfinished uploads). */
export type StorageUnderTest = {
  storage: Storage;
  /** Every name the store holds whose path contains `part` (objects, metadata, temp files). */
  namesContaining(part: string): Promise<string[]>;
  close(): Promise<void>;
};

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

async function readToEnd(stream: Readable): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of stream) parts.push(part as Buffer);
  return Buffer.concat(parts);
}

/** A source of zeros that never ends, counting what it produced. */
function endless(piece = 64 * 1024) {
  const state = { produced: 0 };
  const stream = new Readable({
    read() {
      state.produced += piece;
      this.push(Buffer.alloc(piece));
    },
  });
  return { stream, state };
}

/**
 * What every implementation of `Storage` does the same way: run by the local disk's tests and by the S3 store's,
 * so the API behaves alike on both.
 */
export function describeStorageContract(name: string, open: () => Promise<StorageUnderTest>): void {
  describe(`${name} storage`, () => {
    let under: StorageUnderTest;
    let storage: Storage;
    let run = 0;
    /** A key of its own for each test. */
    const key = (file: string) => `files/contract-${run}/${file}`;

    beforeAll(async () => {
      under = await open();
      storage = under.storage;
      run = Date.now();
    });
    afterAll(() => under?.close());

    async function readAll(objectKey: string, range?: ByteRange, into = 7): Promise<Buffer> {
      const reader = await storage.openReader(objectKey, range);
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

    it('puts bytes, with their size, mime type and SHA-256, and gives them back', async () => {
      const bytes = Buffer.from('abcdefghijklmnopqrstuvwxyz');
      const stored = await storage.putObject(key('letters.txt'), bytes, 'text/plain');
      expect(stored).toMatchObject({
        key: key('letters.txt'),
        sizeBytes: 26,
        mime: 'text/plain',
        sha256: sha256(bytes),
      });
      expect(stored.modifiedAt).toBeInstanceOf(Date);
      expect(await storage.stat(key('letters.txt'))).toMatchObject({
        key: key('letters.txt'),
        sizeBytes: 26,
        mime: 'text/plain',
        sha256: sha256(bytes),
      });
      const got = await storage.getObject(key('letters.txt'));
      expect(got!.bytes.equals(bytes)).toBe(true);
      expect(got!.object).toMatchObject({ sizeBytes: 26, sha256: sha256(bytes), mime: 'text/plain' });

      // A second put replaces the object.
      const other = Buffer.from('another content');
      await storage.putObject(key('letters.txt'), other, 'text/markdown');
      expect(await storage.stat(key('letters.txt'))).toMatchObject({
        sizeBytes: other.length,
        sha256: sha256(other),
        mime: 'text/markdown',
      });
      await storage.putObject(key('letters.txt'), bytes, 'text/plain');
    });

    it('knows nothing of a missing key: stat and getObject say undefined, reads throw StorageNotFoundError', async () => {
      expect(await storage.stat(key('none.bin'))).toBeUndefined();
      expect(await storage.getObject(key('none.bin'))).toBeUndefined();
      await expect(storage.createReadStream(key('none.bin'))).rejects.toThrow(StorageNotFoundError);
      await expect(storage.createReadStream(key('none.bin'), { start: 0, end: 1 })).rejects.toThrow(
        StorageNotFoundError,
      );
      await expect(storage.openReader(key('none.bin'))).rejects.toThrow(StorageNotFoundError);
      await expect(storage.moveObject(key('none.bin'), key('other.bin'))).rejects.toThrow(
        StorageNotFoundError,
      );
    });

    it('streams an object whole or an inclusive byte range of it, and refuses ranges outside it', async () => {
      const bytes = randomBytes(100_000);
      await storage.putObject(key('stream.bin'), bytes, 'application/octet-stream');
      expect((await readToEnd(await storage.createReadStream(key('stream.bin')))).equals(bytes)).toBe(true);
      const range = await readToEnd(
        await storage.createReadStream(key('stream.bin'), { start: 10, end: 20 }),
      );
      expect(range.equals(bytes.subarray(10, 21))).toBe(true);
      const last = await readToEnd(
        await storage.createReadStream(key('stream.bin'), { start: 99_999, end: 99_999 }),
      );
      expect(last.equals(bytes.subarray(99_999))).toBe(true);
      await expect(
        storage.createReadStream(key('stream.bin'), { start: 99_990, end: 100_000 }),
      ).rejects.toThrow(RangeError);
      await expect(
        storage.createReadStream(key('stream.bin'), { start: 100_000, end: 100_010 }),
      ).rejects.toThrow(RangeError);
    });

    it('opens readers over an object or a range of it, into the caller’s buffer', async () => {
      const objectKey = key('reader.txt');
      await storage.putObject(objectKey, Buffer.from('abcdefghijklmnopqrstuvwxyz'), 'text/plain');
      expect((await readAll(objectKey)).toString()).toBe('abcdefghijklmnopqrstuvwxyz');
      expect((await readAll(objectKey, undefined, 1000)).toString()).toBe('abcdefghijklmnopqrstuvwxyz');
      expect((await readAll(objectKey, { start: 3, end: 20 })).toString()).toBe('defghijklmnopqrstu');
      expect((await readAll(objectKey, { start: 25, end: 25 })).toString()).toBe('z');
      const reader = await storage.openReader(objectKey, { start: 10, end: 14 });
      expect(reader.length).toBe(5);
      await reader.close();
      await reader.close();
      await expect(storage.openReader(objectKey, { start: 20, end: 26 })).rejects.toThrow(RangeError);

      // Closed before its end: nothing else to do.
      const half = await storage.openReader(objectKey);
      expect(await half.read(Buffer.alloc(4))).toBe(4);
      await half.close();

      const bytes = randomBytes(3 * 4096 + 123);
      await storage.putObject(key('piped.bin'), bytes, 'application/octet-stream');
      const received: Buffer[] = [];
      const sink = new Writable({
        highWaterMark: 1,
        write(chunk: Buffer, _encoding, callback) {
          setTimeout(() => {
            received.push(Buffer.from(chunk));
            callback();
          }, 1);
        },
      });
      await pipeObject(await storage.openReader(key('piped.bin'), { start: 100, end: 9000 }), sink, 4096);
      expect(Buffer.concat(received).equals(bytes.subarray(100, 9001))).toBe(true);
    });

    it('holds an empty object', async () => {
      const stored = await storage.putObject(key('empty.txt'), Buffer.alloc(0), 'text/plain');
      expect(stored.sizeBytes).toBe(0);
      expect(await storage.stat(key('empty.txt'))).toMatchObject({
        sizeBytes: 0,
        sha256: sha256(Buffer.alloc(0)),
      });
      const reader = await storage.openReader(key('empty.txt'));
      expect(reader.length).toBe(0);
      expect(await reader.read(Buffer.alloc(10))).toBe(0);
      await reader.close();
      expect((await storage.getObject(key('empty.txt')))!.bytes.length).toBe(0);
    });

    it('stores a stream by pieces, with its size and SHA-256, and moves it with its metadata', async () => {
      const pieces = Array.from({ length: 20 }, () => randomBytes(50_000));
      const whole = Buffer.concat(pieces);
      const object = await storage.putStream(key('whole.bin'), Readable.from(pieces), 'application/zip');
      expect(object).toMatchObject({
        key: key('whole.bin'),
        sizeBytes: whole.length,
        mime: 'application/zip',
        sha256: sha256(whole),
      });
      expect(await storage.stat(key('whole.bin'))).toMatchObject({
        sha256: object.sha256,
        sizeBytes: whole.length,
        mime: 'application/zip',
      });
      expect((await storage.getObject(key('whole.bin')))!.bytes.equals(whole)).toBe(true);
      expect(await under.namesContaining('whole.bin')).toHaveLength(1);

      const moved = await storage.moveObject(key('whole.bin'), key('moved/whole.zip'));
      expect(moved).toMatchObject({
        key: key('moved/whole.zip'),
        sha256: object.sha256,
        mime: 'application/zip',
      });
      expect(await storage.stat(key('whole.bin'))).toBeUndefined();
      expect(await storage.stat(key('moved/whole.zip'))).toMatchObject({
        sha256: object.sha256,
        sizeBytes: whole.length,
        mime: 'application/zip',
      });
      expect((await storage.getObject(key('moved/whole.zip')))!.bytes.equals(whole)).toBe(true);
    });

    it('stores a stream larger than an upload part, without its length known beforehand', async () => {
      const pieces = Array.from({ length: 12 }, () => randomBytes(1024 * 1024));
      const whole = Buffer.concat(pieces);
      const object = await storage.putStream(key('large.bin'), Readable.from(pieces), 'application/pdf', {
        maxBytes: whole.length,
      });
      expect(object).toMatchObject({ sizeBytes: whole.length, sha256: sha256(whole) });
      const range = await readAll(
        key('large.bin'),
        { start: 5 * 1024 * 1024 - 10, end: 5 * 1024 * 1024 + 9 },
        64,
      );
      expect(range.equals(whole.subarray(5 * 1024 * 1024 - 10, 5 * 1024 * 1024 + 10))).toBe(true);
      expect(await under.namesContaining('large.bin')).toHaveLength(1);
    });

    it('stops at maxBytes: the source is destroyed and nothing is stored', async () => {
      const { stream, state } = endless();
      await expect(
        storage.putStream(key('too-large.bin'), stream, 'application/pdf', { maxBytes: 1_000_000 }),
      ).rejects.toThrow(StorageTooLargeError);
      expect(stream.destroyed).toBe(true);
      expect(state.produced).toBeLessThan(2_000_000);
      expect(await storage.stat(key('too-large.bin'))).toBeUndefined();
      expect(await under.namesContaining('too-large.bin')).toEqual([]);

      // Exactly maxBytes is still taken.
      const exact = await storage.putStream(key('exact.bin'), Readable.from([Buffer.alloc(1000)]), 'x/y', {
        maxBytes: 1000,
      });
      expect(exact.sizeBytes).toBe(1000);
    });

    it('stops at maxBytes after parts were sent: nothing is left, and an older object stays', async () => {
      const older = Buffer.from('the version before');
      await storage.putObject(key('replaced.bin'), older, 'text/plain');
      const { stream } = endless(256 * 1024);
      await expect(
        storage.putStream(key('replaced.bin'), stream, 'application/pdf', { maxBytes: 11 * 1024 * 1024 }),
      ).rejects.toThrow(StorageTooLargeError);
      expect(stream.destroyed).toBe(true);
      expect(await storage.stat(key('replaced.bin'))).toMatchObject({ sha256: sha256(older) });
      expect((await storage.getObject(key('replaced.bin')))!.bytes.equals(older)).toBe(true);
      expect(await under.namesContaining('replaced.bin')).toHaveLength(1);
    });

    it('stores nothing when the source fails', async () => {
      const failing = new Readable({
        read() {
          this.push(Buffer.alloc(10_000));
          this.destroy(new Error('connection reset'));
        },
      });
      await expect(storage.putStream(key('failed.bin'), failing, 'x/y')).rejects.toThrow('connection reset');
      expect(await storage.stat(key('failed.bin'))).toBeUndefined();
      expect(await under.namesContaining('failed.bin')).toEqual([]);
    });

    it('deletes, once or twice', async () => {
      await storage.putObject(key('deleted.txt'), Buffer.from('x'), 'text/plain');
      await storage.deleteObject(key('deleted.txt'));
      expect(await storage.stat(key('deleted.txt'))).toBeUndefined();
      await storage.deleteObject(key('deleted.txt'));
      await storage.deleteObject(key('never-there.txt'));
      expect(await under.namesContaining('deleted.txt')).toEqual([]);
    });

    it('refuses keys that are not relative paths of lower-case names', async () => {
      const bad = [
        '../escape.bin',
        '/etc/passwd',
        'files//double',
        'Files/Upper.pdf',
        'files/../x',
        '.tmp/x',
        '',
      ];
      for (const badKey of bad) {
        await expect(storage.putObject(badKey, Buffer.from('x'), 'x/y'), badKey).rejects.toThrow(
          StorageKeyError,
        );
        await expect(storage.putStream(badKey, Readable.from([]), 'x/y'), badKey).rejects.toThrow(
          /invalid storage key/,
        );
        await expect(storage.stat(badKey), badKey).rejects.toThrow(StorageKeyError);
        await expect(storage.getObject(badKey), badKey).rejects.toThrow(StorageKeyError);
        await expect(storage.openReader(badKey), badKey).rejects.toThrow(StorageKeyError);
        await expect(storage.createReadStream(badKey), badKey).rejects.toThrow(StorageKeyError);
        await expect(storage.deleteObject(badKey), badKey).rejects.toThrow(StorageKeyError);
      }
      await storage.putObject(key('kept.txt'), Buffer.from('x'), 'text/plain');
      await expect(storage.moveObject(key('kept.txt'), '../kept.txt')).rejects.toThrow(StorageKeyError);
      expect(await storage.stat(key('kept.txt'))).toBeDefined();
    });
  });
}
