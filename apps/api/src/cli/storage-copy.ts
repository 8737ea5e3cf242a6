import { parseArgs } from 'node:util';
import { copyLocalObjects, type CopyProgress } from '../modules/storage/copy-objects.ts';
import { createS3Storage } from '../modules/storage/s3-storage.ts';
import { loadConfigOrExit } from '../start.ts';

const usage = `Usage: npm run storage:copy -- --to s3
Copies every object of the local store (STORAGE_DIR) into the S3 bucket of the settings (S3_BUCKET, S3_ENDPOINT…),
with its mime type and SHA-256. Objects the bucket already holds with the same size and SHA-256 are skipped: run it
again after an interruption, or before switching the API to S3 and once more after, to copy what is missing.
Exits with 1 when an object could not be copied.`;

let values;
try {
  ({ values } = parseArgs({
    options: { to: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
  }));
} catch (error) {
  console.error(`${(error as Error).message}\n\n${usage}`);
  process.exit(1);
}
if (values.help) {
  console.log(usage);
  process.exit(0);
}
if (values.to !== 's3') {
  console.error(
    `${values.to === undefined ? 'Missing --to s3' : `Unknown target: ${values.to}`}\n\n${usage}`,
  );
  process.exit(1);
}

const config = loadConfigOrExit();
if (!config.s3) {
  console.error('S3_BUCKET is not set: there is no bucket to copy to (see .env.example).');
  process.exit(1);
}

const megabytes = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
const line = (p: CopyProgress) =>
  `${p.done}/${p.total} objects, ${megabytes(p.bytesDone)} of ${megabytes(p.bytesTotal)}`;

const target = createS3Storage(config.s3);
console.log(`Copying ${config.storageDir} to the bucket ${config.s3.bucket}.`);
let shownAt = 0;
try {
  const result = await copyLocalObjects(config.storageDir, target, {
    progress(progress) {
      // A line a second at most, and the last one.
      if (Date.now() - shownAt < 1000 && progress.done < progress.total) return;
      shownAt = Date.now();
      console.log(line(progress));
    },
    failure: ({ key, error }) => console.error(`Failed: ${key}: ${error}`),
  });
  if (result.total === 0) console.log('No object in the local store.');
  console.log(`Copied ${result.copied}, skipped ${result.skipped} (already there), failed ${result.failed}.`);
  if (result.failed > 0) process.exitCode = 1;
} catch (error) {
  console.error(`Copy stopped: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  target.close();
}
