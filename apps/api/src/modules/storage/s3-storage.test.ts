import { createHash } from 'node:crypto';
import { createServer } from 'node:net';
import { Readable } from 'node:stream';
import { HeadObjectCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestS3, type TestS3 } from '../../../test/s3-server.ts';
import { ConfigError, loadConfig } from '../../config.ts';
import { mapError } from '../../plugins/error-mapping.ts';
import { createS3Storage, S3BucketError, type S3Storage } from './s3-storage.ts';
import { StorageUnavailableError } from './storage.ts';
import { describeStorageContract } from './storage-contract.ts';

describeStorageContract('S3', async () => {
  const s3 = await startTestS3();
  const storage = createS3Storage(s3.settings);
  return {
    storage,
    // Every key of the bucket: objects, and anything an upload left (temp copies under `.tmp/`).
    async namesContaining(part) {
      const keys: string[] = [];
      let token: string | undefined;
      do {
        const page = await storage.client.send(
          new ListObjectsV2Command({ Bucket: s3.settings.bucket, ContinuationToken: token }),
        );
        keys.push(...(page.Contents ?? []).map((entry) => entry.Key!));
        token = page.NextContinuationToken;
      } while (token);
      return keys.filter((key) => key.includes(part));
    },
    async close() {
      storage.close();
      await s3.close();
    },
  };
});

describe('S3 storage, beyond the contract', () => {
  let s3: TestS3;
  let storage: S3Storage;
  beforeAll(async () => {
    s3 = await startTestS3('hls-other');
    storage = createS3Storage(s3.settings);
  });
  afterAll(async () => {
    storage?.close();
    await s3?.close();
  });

  it('checks its bucket: there, or missing with what to correct', async () => {
    await storage.checkBucket();
    const missing = createS3Storage({ ...s3.settings, bucket: 'hls-not-there' });
    try {
      const error = await missing.checkBucket().catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(S3BucketError);
      expect((error as Error).message).toMatch(
        /^The bucket hls-not-there at http:\/\/127\.0\.0\.1:\d+ does not exist: create it, or correct S3_BUCKET/,
      );
    } finally {
      missing.close();
    }
  });

  it('keeps the mime type as Content-Type and the SHA-256 as x-amz-meta-sha256', async () => {
    const bytes = Buffer.from('%PDF-1.7 a document');
    await storage.putObject('files/meta/doc.pdf', bytes, 'application/pdf');
    const head = await storage.client.send(
      new HeadObjectCommand({ Bucket: 'hls-other', Key: 'files/meta/doc.pdf' }),
    );
    expect(head.ContentType).toBe('application/pdf');
    expect(head.ContentLength).toBe(bytes.length);
    expect(head.Metadata).toEqual({ sha256: createHash('sha256').update(bytes).digest('hex') });
  });

  it('gives the connection back when a reader is closed early', async () => {
    await storage.putObject(
      'files/meta/big.bin',
      Buffer.alloc(2 * 1024 * 1024, 1),
      'application/octet-stream',
    );
    // More readers than the client has connections: each must release its own when closed.
    for (let i = 0; i < 300; i += 1) {
      const reader = await storage.openReader('files/meta/big.bin');
      expect(await reader.read(Buffer.alloc(16))).toBe(16);
      await reader.close();
    }
  });

  it('says the store is unavailable (a 503 with Retry-After) when it cannot be reached', async () => {
    // A port that was free a moment ago: nothing listens there.
    const port = await new Promise<number>((resolve) => {
      const server = createServer().listen(0, '127.0.0.1', () => {
        const { port: free } = server.address() as { port: number };
        server.close(() => resolve(free));
      });
    });
    const down = createS3Storage({ ...s3.settings, endpoint: `http://127.0.0.1:${port}` });
    try {
      await expect(down.stat('files/meta/doc.pdf')).rejects.toThrow(StorageUnavailableError);
      // Out of reach is not a wrong setting: the start goes on, and requests answer 503 until it is back.
      await expect(down.checkBucket()).rejects.toThrow(StorageUnavailableError);
      await expect(down.openReader('files/meta/doc.pdf')).rejects.toThrow(StorageUnavailableError);
      await expect(down.putObject('files/meta/new.pdf', Buffer.from('x'), 'application/pdf')).rejects.toThrow(
        StorageUnavailableError,
      );
      const source = Readable.from([Buffer.alloc(1000)]);
      await expect(down.putStream('files/meta/streamed.pdf', source, 'application/pdf')).rejects.toThrow(
        StorageUnavailableError,
      );
      expect(source.destroyed).toBe(true);
      const error = await down.getObject('files/meta/doc.pdf').catch((caught: unknown) => caught);
      expect(mapError(error, (key) => key)).toMatchObject({
        status: 503,
        body: { error: { code: 'service_unavailable' } },
      });
    } finally {
      down.close();
    }
  });
});

describe('S3 settings', () => {
  const base = { NODE_ENV: 'test', JWT_SECRET: 'test-secret-that-is-long-enough-0123456789' };

  it('are off without S3_BUCKET: files stay on the local disk', () => {
    expect(loadConfig(base).s3).toBeNull();
  });

  it('give the bucket, the endpoint, the region, the keys and the addressing', () => {
    expect(loadConfig({ ...base, S3_BUCKET: 'shop-files' }).s3).toEqual({
      bucket: 'shop-files',
      endpoint: undefined,
      region: 'us-east-1',
      credentials: undefined,
      forcePathStyle: false,
    });
    expect(
      loadConfig({
        ...base,
        S3_BUCKET: 'shop-files',
        S3_ENDPOINT: 'https://s3.fr-par.scw.cloud',
        S3_REGION: 'fr-par',
        S3_ACCESS_KEY_ID: 'key',
        S3_SECRET_ACCESS_KEY: 'secret',
        S3_FORCE_PATH_STYLE: 'true',
      }).s3,
    ).toEqual({
      bucket: 'shop-files',
      endpoint: 'https://s3.fr-par.scw.cloud',
      region: 'fr-par',
      credentials: { accessKeyId: 'key', secretAccessKey: 'secret' },
      forcePathStyle: true,
    });
  });

  it('refuse one key without the other, and an endpoint that is no URL', () => {
    expect(() => loadConfig({ ...base, S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'key' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, S3_BUCKET: 'b', S3_ENDPOINT: 'minio:9000' })).toThrow(/S3_ENDPOINT/);
    expect(() => loadConfig({ ...base, S3_BUCKET: 'b', S3_FORCE_PATH_STYLE: 'maybe' })).toThrow(
      /S3_FORCE_PATH_STYLE/,
    );
  });
});
