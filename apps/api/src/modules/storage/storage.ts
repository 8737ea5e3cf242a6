import { createHash, randomBytes } from 'node:crypto';
import { createReadStream as fsCreateReadStream, createWriteStream } from 'node:fs';
import {
  type FileHandle,
  mkdir,
  open,
  readFile,
  rename,
  rm,
  stat as fsStat,
  writeFile,
} from 'node:fs/promises';
import path from 'node:path';
import { type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** What the store knows about an object. */
export type StoredObject = {
  key: string;
  sizeBytes: number;
  mime: string;
  /** Hex SHA-256 of the content: an ETag that survives restarts and copies. */
  sha256: string;
  modifiedAt: Date;
};

/** Inclusive byte range, as in HTTP `Range: bytes=start-end`. */
export type ByteRange = { start: number; end: number };

/**
 * An object, or a byte range of it, opened for reading into the caller's buffers: a caller that reuses its
 * buffers reads a large file without allocating memory per piece (see `pipeObject`).
 */
export interface ObjectReader {
  /** The bytes this reader delivers in all (the range's length). */
  readonly length: number;
  /** Fills `into` (or its beginning) with the next bytes; 0 once every byte was read. */
  read(into: Uint8Array): Promise<number>;
  /** Releases the file (or connection); safe to call more than once. */
  close(): Promise<void>;
}

/**
 * Where covers, manuscripts and downloadable files live. Keys are relative paths of lower-case letters,
 * digits, `-`, `_`, `.` and `/` (e.g. `covers/42.webp`, `files/9f…/report.pdf`); covers live under `covers/`,
 * the only prefix the public media route serves.
 */
export interface Storage {
  putObject(key: string, bytes: Uint8Array, mime: string): Promise<StoredObject>;
  /**
   * Stores what `source` delivers without holding it in memory: the bytes go to a temp file while their
   * SHA-256 and count are taken, and the file is renamed into place once the source ended. Over
   * `options.maxBytes`, the source is destroyed, the temp file removed and StorageTooLargeError thrown;
   * on any other error the temp file is removed too. Nothing is ever left half-written under `key`.
   */
  putStream(
    key: string,
    source: Readable,
    mime: string,
    options?: { maxBytes?: number | undefined },
  ): Promise<StoredObject>;
  /** Renames an object (and its metadata); throws StorageNotFoundError when `from` is unknown. */
  moveObject(from: string, to: string): Promise<StoredObject>;
  /** Undefined when the key is unknown. */
  getObject(key: string): Promise<{ object: StoredObject; bytes: Buffer } | undefined>;
  stat(key: string): Promise<StoredObject | undefined>;
  /** The whole object or an inclusive byte range of it; throws StorageNotFoundError when the key is unknown. */
  createReadStream(key: string, range?: ByteRange): Promise<Readable>;
  /** The same bytes as `createReadStream`, read into the caller's buffers; the caller closes the reader. */
  openReader(key: string, range?: ByteRange): Promise<ObjectReader>;
  deleteObject(key: string): Promise<void>;
}

export class StorageKeyError extends Error {
  override name = 'StorageKeyError';
}

export class StorageNotFoundError extends Error {
  override name = 'StorageNotFoundError';
}

/** A streamed put went over its `maxBytes`: nothing was stored. */
export class StorageTooLargeError extends Error {
  override name = 'StorageTooLargeError';
  readonly maxBytes: number;
  constructor(maxBytes: number) {
    super(`object larger than ${maxBytes} bytes`);
    this.maxBytes = maxBytes;
  }
}

/**
 * The store cannot be reached or answers with a server error for now (a remote store's outage): the request may
 * be tried again later, so the API answers 503 with Retry-After.
 */
export class StorageUnavailableError extends Error {
  override name = 'StorageUnavailableError';
  readonly statusCode = 503;
}

const keyPattern = /^[a-z0-9][a-z0-9._-]*(\/[a-z0-9][a-z0-9._-]*)*$/;

/** True for a well-formed key: no `..`, no leading slash, no empty segment, at most 300 characters. */
export function isValidStorageKey(key: string): boolean {
  return key.length <= 300 && keyPattern.test(key) && !key.split('/').some((segment) => segment === '..');
}

/** Throws StorageKeyError for a key `isValidStorageKey` refuses. */
export function assertKey(key: string): void {
  if (!isValidStorageKey(key)) throw new StorageKeyError(`invalid storage key: ${JSON.stringify(key)}`);
}

type Meta = { mime: string; sha256: string; sizeBytes: number };

/**
 * Local-disk storage: `<root>/objects/<key>` holds the bytes and `<root>/meta/<key>.json` the mime type and
 * hash. Writes go to a temp file renamed into place, so a reader never sees half an object.
 */
export function createLocalStorage(root: string): Storage {
  const objectsDir = path.resolve(root, 'objects');
  const metaDir = path.resolve(root, 'meta');
  const objectPath = (key: string) => path.join(objectsDir, key);
  const metaPath = (key: string) => path.join(metaDir, `${key}.json`);

  async function writeAtomically(file: string, data: Uint8Array | string) {
    await mkdir(path.dirname(file), { recursive: true });
    const temp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
    await writeFile(temp, data);
    await rename(temp, file);
  }

  async function stat(key: string): Promise<StoredObject | undefined> {
    assertKey(key);
    try {
      const [info, metaText] = await Promise.all([fsStat(objectPath(key)), readFile(metaPath(key), 'utf8')]);
      if (!info.isFile()) return undefined;
      const meta = JSON.parse(metaText) as Meta;
      return { key, sizeBytes: info.size, mime: meta.mime, sha256: meta.sha256, modifiedAt: info.mtime };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  }

  /** The object behind `key`, once `range` is known to lie inside it. */
  async function checkRange(key: string, range: ByteRange | undefined): Promise<StoredObject> {
    const object = await stat(key);
    if (!object) throw new StorageNotFoundError(`no object ${key}`);
    if (range && (range.start < 0 || range.end < range.start || range.end >= object.sizeBytes)) {
      throw new RangeError(`range ${range.start}-${range.end} outside 0-${object.sizeBytes - 1}`);
    }
    return object;
  }

  return {
    async putObject(key, bytes, mime) {
      assertKey(key);
      const sha256 = createHash('sha256').update(bytes).digest('hex');
      await writeAtomically(objectPath(key), bytes);
      await writeAtomically(
        metaPath(key),
        JSON.stringify({ mime, sha256, sizeBytes: bytes.byteLength } satisfies Meta),
      );
      const info = await fsStat(objectPath(key));
      return { key, sizeBytes: bytes.byteLength, mime, sha256, modifiedAt: info.mtime };
    },

    async putStream(key, source, mime, options = {}) {
      assertKey(key);
      const maxBytes = options.maxBytes ?? Number.POSITIVE_INFINITY;
      const file = objectPath(key);
      await mkdir(path.dirname(file), { recursive: true });
      const temp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
      const hash = createHash('sha256');
      let sizeBytes = 0;
      const count = new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          sizeBytes += chunk.length;
          if (sizeBytes > maxBytes) return callback(new StorageTooLargeError(maxBytes));
          hash.update(chunk);
          callback(null, chunk);
        },
      });
      try {
        await pipeline(source, count, createWriteStream(temp, { flags: 'wx' }));
      } catch (error) {
        await rm(temp, { force: true });
        throw error;
      }
      const sha256 = hash.digest('hex');
      try {
        await writeAtomically(metaPath(key), JSON.stringify({ mime, sha256, sizeBytes } satisfies Meta));
        await rename(temp, file);
      } catch (error) {
        await rm(temp, { force: true });
        throw error;
      }
      const info = await fsStat(file);
      return { key, sizeBytes, mime, sha256, modifiedAt: info.mtime };
    },

    async moveObject(from, to) {
      assertKey(to);
      const object = await stat(from);
      if (!object) throw new StorageNotFoundError(`no object ${from}`);
      await mkdir(path.dirname(objectPath(to)), { recursive: true });
      await mkdir(path.dirname(metaPath(to)), { recursive: true });
      await rename(metaPath(from), metaPath(to));
      await rename(objectPath(from), objectPath(to));
      return { ...object, key: to };
    },

    async getObject(key) {
      const object = await stat(key);
      if (!object) return undefined;
      return { object, bytes: await readFile(objectPath(key)) };
    },

    stat,

    async createReadStream(key, range) {
      await checkRange(key, range);
      return fsCreateReadStream(objectPath(key), range ? { start: range.start, end: range.end } : {});
    },

    async openReader(key, range) {
      const object = await checkRange(key, range);
      const start = range?.start ?? 0;
      const length = range ? range.end - range.start + 1 : object.sizeBytes;
      let handle: FileHandle;
      try {
        handle = await open(objectPath(key), 'r');
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT')
          throw new StorageNotFoundError(`no object ${key}`);
        throw error;
      }
      let position = start;
      let closing: Promise<void> | undefined;
      return {
        length,
        async read(into) {
          const wanted = Math.min(into.byteLength, start + length - position);
          if (wanted <= 0) return 0;
          const { bytesRead } = await handle.read(into, 0, wanted, position);
          // A file shorter than its size when opened: the reader must not end early without saying so.
          if (bytesRead === 0)
            throw new Error(`object ${key} ended at byte ${position} of ${start + length}`);
          position += bytesRead;
          return bytesRead;
        },
        close: () => (closing ??= handle.close()),
      };
    },

    async deleteObject(key) {
      assertKey(key);
      await rm(objectPath(key), { force: true });
      await rm(metaPath(key), { force: true });
    },
  };
}
