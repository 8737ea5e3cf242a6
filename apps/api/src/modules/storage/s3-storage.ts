// Kept in one file: the S3 store is one closure over its client and bucket, shared by writes and reads.
import { createHash, randomBytes } from 'node:crypto';
import { type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  type GetObjectCommandOutput,
  HeadBucketCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { ConfigError, type S3Settings } from '../../config.ts';
import {
  assertKey,
  type ByteRange,
  type ObjectReader,
  type Storage,
  type StoredObject,
  StorageNotFoundError,
  StorageTooLargeError,
  StorageUnavailableError,
} from './storage.ts';

/** An S3 store, with its client: `close()` releases the client's connections. */
export type S3Storage = Storage & {
  readonly client: S3Client;
  readonly bucket: string;
  /**
   * Asks for the bucket: resolves when it is there for these credentials; throws S3BucketError when it is not
   * (missing, refused), StorageUnavailableError when the server cannot be reached.
   */
  checkBucket(): Promise<void>;
  close(): void;
};

/** The bucket of the settings is missing, or these credentials may not use it: a setting to correct. */
export class S3BucketError extends ConfigError {
  override name = 'S3BucketError';
}

/**
 * Streamed uploads land under this prefix first, and are copied under their key with their SHA-256 once it is
 * known. No storage key starts with a dot, so these never collide with an object.
 */
export const S3_TEMP_PREFIX = '.tmp/';

/** Bytes per part of a multipart upload (S3's minimum), and parts sent at once: the memory one upload holds. */
const PART_BYTES = 5 * 1024 * 1024;
const PARTS_AT_ONCE = 2;

/** Socket errors that say the server is out of reach. */
const unreachableCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

type ServiceError = {
  name?: string;
  code?: string;
  $metadata?: { httpStatusCode?: number };
  message?: string;
};

const statusOf = (error: unknown) => (error as ServiceError | undefined)?.$metadata?.httpStatusCode;

/** Whether the error means "the store cannot serve now": out of reach, too slow, or failing on its side. */
function isUnavailable(error: unknown): boolean {
  for (let e = error; e; e = (e as { cause?: unknown }).cause) {
    const { name, code } = e as ServiceError;
    if (typeof code === 'string' && unreachableCodes.has(code)) return true;
    if (name === 'TimeoutError' || name === 'SlowDown' || name === 'ServiceUnavailable') return true;
    const status = statusOf(e);
    if (status !== undefined && status >= 500) return true;
  }
  return false;
}

/** The S3 client's error as the store's: an outage becomes StorageUnavailableError (a 503), the rest as is. */
function storeError(error: unknown): unknown {
  if (error instanceof StorageUnavailableError || !isUnavailable(error)) return error;
  const message = (error as ServiceError).message || (error as ServiceError).code || 'unreachable';
  return new StorageUnavailableError(`object storage unavailable: ${message}`, { cause: error });
}

const isMissing = (error: unknown) => {
  const { name } = (error ?? {}) as ServiceError;
  return name === 'NoSuchKey' || name === 'NotFound' || (statusOf(error) === 404 && name !== 'NoSuchBucket');
};

function checkRangeShape(range: ByteRange | undefined): void {
  if (range && (range.start < 0 || range.end < range.start)) {
    throw new RangeError(`range ${range.start}-${range.end} is not a range`);
  }
}

type ObjectHeaders = {
  ContentLength?: number | undefined;
  ContentType?: string | undefined;
  LastModified?: Date | undefined;
  Metadata?: Record<string, string> | undefined;
};

/** The object as the store describes it; undefined without the SHA-256 this store writes with every object. */
function describe(key: string, headers: ObjectHeaders, sizeBytes = headers.ContentLength ?? 0) {
  const sha256 = headers.Metadata?.sha256;
  if (!sha256) return undefined;
  return {
    key,
    sizeBytes,
    mime: headers.ContentType ?? 'application/octet-stream',
    sha256,
    modifiedAt: headers.LastModified ?? new Date(),
  } satisfies StoredObject;
}

/**
 * S3 storage: each object under its key, its mime type as Content-Type and its SHA-256 as `x-amz-meta-sha256`.
 * Several API instances may share one bucket. Works with AWS and with S3-compatible servers (MinIO, Ceph,
 * Garage, R2…), which need an endpoint and usually path-style addressing.
 */
export function createS3Storage(settings: S3Settings): S3Storage {
  const { bucket } = settings;
  const client = new S3Client({
    region: settings.region,
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    ...(settings.credentials ? { credentials: settings.credentials } : {}),
    forcePathStyle: settings.forcePathStyle,
    // Checksums only where S3 requires them: servers other than AWS would otherwise store the chunk framing of
    // a streamed upload inside the object, or fail responses over a checksum they do not send.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    requestHandler: {
      // A store out of reach fails in seconds (then a 503), not at the operating system's timeout.
      connectionTimeout: 5_000,
      // Each download being sent holds a connection until its last byte.
      httpAgent: { keepAlive: true, maxSockets: 256 },
      httpsAgent: { keepAlive: true, maxSockets: 256 },
    },
  });

  async function send<T>(run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      throw storeError(error);
    }
  }

  async function stat(key: string): Promise<StoredObject | undefined> {
    assertKey(key);
    try {
      const head = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
      return describe(key, head);
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw storeError(error);
    }
  }

  /** GetObject of the whole object or `range`; the object's total size beside the body. */
  async function get(
    key: string,
    range: ByteRange | undefined,
  ): Promise<{ object: StoredObject; body: Readable; length: number }> {
    assertKey(key);
    checkRangeShape(range);
    let response: GetObjectCommandOutput;
    try {
      response = await client.send(
        new GetObjectCommand({
          Bucket: bucket,
          Key: key,
          ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
        }),
      );
    } catch (error) {
      if (isMissing(error)) throw new StorageNotFoundError(`no object ${key}`, { cause: error });
      if (range && (error as ServiceError).name === 'InvalidRange') {
        throw new RangeError(`range ${range.start}-${range.end} outside object ${key}`, { cause: error });
      }
      throw storeError(error);
    }
    const body = response.Body as Readable;
    const total = range
      ? Number(/\/(\d+)$/.exec(response.ContentRange ?? '')?.[1] ?? response.ContentLength ?? 0)
      : (response.ContentLength ?? 0);
    const object = describe(key, response, total);
    if (!object) {
      body.destroy();
      throw new StorageNotFoundError(`no object ${key}`);
    }
    if (range && range.end >= total) {
      body.destroy();
      throw new RangeError(`range ${range.start}-${range.end} outside 0-${total - 1}`);
    }
    return { object, body, length: range ? range.end - range.start + 1 : total };
  }

  async function putObject(key: string, bytes: Uint8Array, mime: string): Promise<StoredObject> {
    assertKey(key);
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    await send(() =>
      client.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: key,
          Body: bytes,
          ContentLength: bytes.byteLength,
          ContentType: mime,
          Metadata: { sha256 },
        }),
      ),
    );
    const object = await stat(key);
    return object ?? { key, sizeBytes: bytes.byteLength, mime, sha256, modifiedAt: new Date() };
  }

  /** Removes an object, ignoring any failure (a clean-up after another error). */
  async function discard(key: string): Promise<void> {
    await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key })).catch(() => {});
  }

  return {
    client,
    bucket,
    close: () => client.destroy(),

    async checkBucket() {
      try {
        await client.send(new HeadBucketCommand({ Bucket: bucket }));
      } catch (error) {
        const failure = storeError(error);
        if (failure instanceof StorageUnavailableError) throw failure;
        const status = statusOf(error);
        const why =
          status === 404
            ? 'does not exist'
            : status === 403 || status === 401
              ? 'refuses these credentials (S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY)'
              : `cannot be used (${(error as ServiceError).name ?? 'error'} ${status ?? ''})`.trim();
        throw new S3BucketError(
          `The bucket ${bucket}${settings.endpoint ? ` at ${settings.endpoint}` : ''} ${why}: create it, or correct S3_BUCKET, S3_ENDPOINT and S3_REGION (see .env.example).`,
          { cause: error },
        );
      }
    },

    putObject,

    async putStream(key, source, mime, options = {}) {
      assertKey(key);
      const maxBytes = options.maxBytes ?? Number.POSITIVE_INFINITY;
      const temp = `${S3_TEMP_PREFIX}${key}.${randomBytes(8).toString('hex')}`;
      const hash = createHash('sha256');
      let sizeBytes = 0;
      let tooLarge = false;
      const count = new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          sizeBytes += chunk.length;
          if (sizeBytes > maxBytes) {
            tooLarge = true;
            return callback(new StorageTooLargeError(maxBytes));
          }
          hash.update(chunk);
          callback(null, chunk);
        },
      });
      let sourceError: unknown;
      const piped = pipeline(source, count).catch((error: unknown) => {
        sourceError = error;
      });
      const upload = new Upload({
        client,
        params: { Bucket: bucket, Key: temp, Body: count, ContentType: mime },
        partSize: PART_BYTES,
        queueSize: PARTS_AT_ONCE,
      });
      try {
        await upload.done();
      } catch (error) {
        // The source failed, went over maxBytes, or the store failed: the source is not read any further.
        count.destroy();
        source.destroy();
        await piped;
        // An aborted multipart upload leaves no object; a finished one is removed.
        await discard(temp);
        if (tooLarge) throw new StorageTooLargeError(maxBytes);
        if (sourceError !== undefined && !isPrematureClose(sourceError)) throw sourceError;
        throw storeError(error);
      }
      await piped;
      if (tooLarge || sourceError !== undefined) {
        await discard(temp);
        throw tooLarge ? new StorageTooLargeError(maxBytes) : sourceError;
      }
      const sha256 = hash.digest('hex');
      try {
        // The copy replaces the object under `key` at once: a reader sees the old one or the new one. One
        // CopyObject takes up to 5 GB, far above what the uploads accept.
        await send(() =>
          client.send(
            new CopyObjectCommand({
              Bucket: bucket,
              Key: key,
              CopySource: `${bucket}/${temp}`,
              MetadataDirective: 'REPLACE',
              ContentType: mime,
              Metadata: { sha256 },
            }),
          ),
        );
      } finally {
        await discard(temp);
      }
      const object = await stat(key);
      return object ?? { key, sizeBytes, mime, sha256, modifiedAt: new Date() };
    },

    async moveObject(from, to) {
      assertKey(to);
      const object = await stat(from);
      if (!object) throw new StorageNotFoundError(`no object ${from}`);
      await send(() =>
        client.send(
          new CopyObjectCommand({
            Bucket: bucket,
            Key: to,
            CopySource: `${bucket}/${from}`,
            MetadataDirective: 'COPY',
          }),
        ),
      );
      await send(() => client.send(new DeleteObjectCommand({ Bucket: bucket, Key: from })));
      return { ...object, key: to };
    },

    async getObject(key) {
      let got;
      try {
        got = await get(key, undefined);
      } catch (error) {
        if (error instanceof StorageNotFoundError) return undefined;
        throw error;
      }
      const parts: Buffer[] = [];
      try {
        for await (const part of got.body) parts.push(part as Buffer);
      } catch (error) {
        throw storeError(error);
      }
      return { object: got.object, bytes: Buffer.concat(parts) };
    },

    stat,

    async createReadStream(key, range) {
      return (await get(key, range)).body;
    },

    async openReader(key, range) {
      const { body, length } = await get(key, range);
      return bodyReader(key, body, length, range?.start ?? 0);
    },

    async deleteObject(key) {
      assertKey(key);
      await send(() => client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key })));
    },
  };
}

const isPrematureClose = (error: unknown) =>
  (error as { code?: string } | undefined)?.code === 'ERR_STREAM_PREMATURE_CLOSE';

/**
 * An ObjectReader over a response body: each read fills the caller's buffer with what the body has, waiting
 * only for the first bytes. Closing destroys the body, which gives its connection back (or drops it).
 */
function bodyReader(key: string, body: Readable, length: number, start: number): ObjectReader {
  const pieces = body[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  let pending: Buffer = Buffer.alloc(0);
  let delivered = 0;
  let closing: Promise<void> | undefined;
  return {
    length,
    async read(into) {
      const wanted = Math.min(into.byteLength, length - delivered);
      let filled = 0;
      while (filled < wanted) {
        if (pending.length === 0) {
          // Some bytes already: hand them over rather than wait for more.
          if (filled > 0 && body.readableLength === 0) break;
          let next: IteratorResult<Buffer>;
          try {
            next = await pieces.next();
          } catch (error) {
            throw storeError(error);
          }
          if (next.done) {
            throw new Error(`object ${key} ended at byte ${start + delivered + filled} of ${start + length}`);
          }
          pending = next.value;
        }
        const n = Math.min(wanted - filled, pending.length);
        into.set(pending.subarray(0, n), filled);
        pending = pending.subarray(n);
        filled += n;
      }
      delivered += filled;
      return filled;
    },
    close: () =>
      (closing ??= (async () => {
        body.destroy();
      })()),
  };
}
