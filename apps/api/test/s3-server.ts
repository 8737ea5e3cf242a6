import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { S3Settings } from '../src/config.ts';

export type TestS3 = {
  settings: S3Settings;
  /** The same settings as environment variables. */
  env: Record<string, string>;
  close(): Promise<void>;
};

/** An S3-compatible server on a free port of 127.0.0.1, its objects in a temp directory, with one bucket. */
export async function startTestS3(bucket = 'hls-test'): Promise<TestS3> {
  const directory = mkdtempSync(path.join(os.tmpdir(), 'hls-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  let closed = false;
  const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
  return {
    settings: { bucket, endpoint, region: 'us-east-1', credentials, forcePathStyle: true },
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: credentials.accessKeyId,
      S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
    },
    /** Stops the server (a store gone away) and removes its objects; safe to call more than once. */
    async close() {
      if (closed) return;
      closed = true;
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
