import { PassThrough, type Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type Yauzl from 'yauzl';
import { onFirstUse } from '../../lib/on-first-use.ts';
import type { UploadSettings } from '../../config.ts';
import type { Storage } from '../storage/index.ts';

/** A zip that cannot be taken in: `unsafe` (bomb, zip-slip name, encrypted entry) or `damaged`. */
export class ZipRefusal extends Error {
  override name = 'ZipRefusal';
  readonly reason: 'unsafe' | 'damaged';
  constructor(reason: 'unsafe' | 'damaged', message: string) {
    super(message);
    this.reason = reason;
  }
}

/** What was found inside: the entry names, and the text of the few entries the checks read. */
export type ZipContents = {
  names: string[];
  /** `[Content_Types].xml`, `mimetype` and every `*.rels`, as text (each at most TEXT_MAX bytes). */
  texts: Map<string, string>;
  uncompressedBytes: number;
};

const TEXT_MAX = 1024 * 1024;
/** Entries at most this large are not held to the compression ratio (small XML compresses very well). */
const RATIO_FLOOR = 1024 * 1024;

/** Loaded with the first zip inspected: an idle server does not hold it. */
const yauzl = onFirstUse<typeof Yauzl>('yauzl');

/** Reads a stored object by ranges, for yauzl: its class, made once yauzl is loaded. */
let StorageReader: (new (storage: Storage, key: string) => Yauzl.RandomAccessReader) | undefined;

function storageReader(storage: Storage, key: string): Yauzl.RandomAccessReader {
  StorageReader ??= class extends yauzl().RandomAccessReader {
    private readonly storage: Storage;
    private readonly key: string;
    constructor(storage: Storage, key: string) {
      super();
      this.storage = storage;
      this.key = key;
    }
    override _readStreamForRange(start: number, end: number): Readable {
      const out = new PassThrough();
      this.storage.createReadStream(this.key, { start, end: end - 1 }).then(
        (stream) => stream.on('error', (error) => out.destroy(error)).pipe(out),
        (error: Error) => out.destroy(error),
      );
      return out;
    }
  };
  return new StorageReader(storage, key);
}

function wantsText(name: string): boolean {
  return name === '[Content_Types].xml' || name === 'mimetype' || /(^|\/)_rels\/[^/]*\.rels$/i.test(name);
}

/** Names yauzl lets through that must not reach a disk either: backslashes, drive letters, `..`, absolute. */
function unsafeName(name: string): boolean {
  if (name.includes('\\') || name.includes('\0') || /^[a-zA-Z]:/.test(name) || name.startsWith('/'))
    return true;
  return name.split('/').some((segment) => segment === '..');
}

/**
 * Opens the zip stored at `key` and inflates every entry, under the budget of `settings`: the entry count, the
 * uncompressed total declared by the central directory, each entry's and the whole zip's compression ratio,
 * and the bytes actually inflated (yauzl's `validateEntrySizes` stops an entry whose data goes past its
 * declared size, so a directory that lies is caught while inflating, not after). Zip-slip names and
 * encrypted entries are refused. Entries are read one at a time (`lazyEntries`): memory stays flat.
 */
export async function inspectZip(
  storage: Storage,
  key: string,
  sizeBytes: number,
  settings: UploadSettings['zip'],
): Promise<ZipContents> {
  let zip: Yauzl.ZipFile;
  try {
    zip = await yauzl().fromRandomAccessReaderPromise(storageReader(storage, key), sizeBytes, {
      lazyEntries: true,
      validateEntrySizes: true,
      strictFileNames: true,
      autoClose: false,
    });
  } catch (error) {
    throw new ZipRefusal('damaged', `not a readable zip: ${(error as Error).message}`);
  }
  // Errors are taken from each readEntry() in turn; one between them must not go unhandled.
  zip.on('error', () => {});
  try {
    if (zip.entryCount > settings.maxEntries) {
      throw new ZipRefusal('unsafe', `${zip.entryCount} entries (at most ${settings.maxEntries})`);
    }
    const names: string[] = [];
    const texts = new Map<string, string>();
    let declared = 0;
    let inflated = 0;
    let compressed = 0;
    for (;;) {
      let entry: Yauzl.Entry | undefined;
      try {
        entry = await nextEntry(zip);
      } catch (error) {
        const message = (error as Error).message;
        const unsafe = /invalid (relative path|characters)|absolute path/.test(message);
        throw new ZipRefusal(unsafe ? 'unsafe' : 'damaged', message);
      }
      if (!entry) break;
      const name = entry.fileName;
      if (unsafeName(name)) throw new ZipRefusal('unsafe', `unsafe entry name ${JSON.stringify(name)}`);
      names.push(name);
      if (name.endsWith('/')) continue;
      if (entry.isEncrypted()) throw new ZipRefusal('unsafe', `encrypted entry ${name}`);
      declared += entry.uncompressedSize;
      compressed += entry.compressedSize;
      if (declared > settings.maxUncompressedBytes) {
        throw new ZipRefusal('unsafe', `declares ${declared} bytes uncompressed`);
      }
      if (
        entry.uncompressedSize > RATIO_FLOOR &&
        entry.uncompressedSize > settings.maxRatio * Math.max(1, entry.compressedSize)
      ) {
        throw new ZipRefusal('unsafe', `entry ${name} declares a ratio over ${settings.maxRatio}`);
      }
      const keep = wantsText(name);
      const pieces: Buffer[] = [];
      let kept = 0;
      let entryBytes = 0;
      let stream: Readable;
      try {
        stream = await zip.openReadStreamPromise(entry);
      } catch (error) {
        throw new ZipRefusal('damaged', `entry ${name}: ${(error as Error).message}`);
      }
      const sink = new Writable({
        write(chunk: Buffer, _encoding, callback) {
          entryBytes += chunk.length;
          inflated += chunk.length;
          if (inflated > settings.maxUncompressedBytes) {
            return callback(new ZipRefusal('unsafe', `inflates past ${settings.maxUncompressedBytes} bytes`));
          }
          if (
            entryBytes > RATIO_FLOOR &&
            entryBytes > settings.maxRatio * Math.max(1, entry.compressedSize)
          ) {
            return callback(new ZipRefusal('unsafe', `entry ${name} inflates past the ratio`));
          }
          if (keep && kept < TEXT_MAX) {
            pieces.push(chunk);
            kept += chunk.length;
          }
          callback();
        },
      });
      try {
        await pipeline(stream, sink);
      } catch (error) {
        if (error instanceof ZipRefusal) throw error;
        const message = (error as Error).message;
        // yauzl: "too many bytes in the stream" when an entry holds more than its declared size.
        throw new ZipRefusal(
          /too many bytes/.test(message) ? 'unsafe' : 'damaged',
          `entry ${name}: ${message}`,
        );
      }
      if (keep) texts.set(name, Buffer.concat(pieces).subarray(0, TEXT_MAX).toString('utf8'));
    }
    if (inflated > RATIO_FLOOR && inflated > settings.maxRatio * Math.max(1, compressed)) {
      throw new ZipRefusal('unsafe', `inflates more than ${settings.maxRatio} times its size`);
    }
    return { names, texts, uncompressedBytes: inflated };
  } finally {
    zip.close();
  }
}

function nextEntry(zip: Yauzl.ZipFile): Promise<Yauzl.Entry | undefined> {
  return new Promise((resolve, reject) => {
    const cleanup = () => {
      zip.off('entry', onEntry);
      zip.off('end', onEnd);
      zip.off('error', onError);
    };
    const onEntry = (entry: Yauzl.Entry) => {
      cleanup();
      resolve(entry);
    };
    const onEnd = () => {
      cleanup();
      resolve(undefined);
    };
    const onError = (error: Error) => {
      cleanup();
      reject(error);
    };
    zip.on('entry', onEntry);
    zip.on('end', onEnd);
    zip.on('error', onError);
    zip.readEntry();
  });
}
