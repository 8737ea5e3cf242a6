// Upload clients of `npm run bench -- --scenario=uploads`: a separate process, so the measured API process does
// not share its CPU time with them. Reads a job (JSON file path as the only argument); each client PUTs the
// same file again and again (multipart, one file part `file`, streamed from disk) until the time is up, then
// prints one JSON result line.
import { createReadStream, readFileSync, statSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { pipeline } from 'node:stream/promises';

export type UploadClientsJob = {
  /** One upload address per client (e.g. each client its own submission). */
  urls: string[];
  method: 'PUT' | 'POST';
  headers: Record<string, string>;
  file: string;
  filename: string;
  /** Text fields sent before the file part. */
  fields: Record<string, string>;
  durationSeconds: number;
};
export type UploadClientsResult = {
  uploads: number;
  statuses: Record<string, number>;
  /** Milliseconds per upload, first byte sent to answer. */
  p50: number;
  max: number;
  megabytesPerSecond: number;
  firstError?: string;
};

const job = JSON.parse(readFileSync(process.argv[2] ?? '', 'utf8')) as UploadClientsJob;
const size = statSync(job.file).size;

function uploadOnce(url: string): Promise<{ status: number; body: string }> {
  const boundary = `----hlsbench${Math.random().toString(16).slice(2)}`;
  const fields = Object.entries(job.fields)
    .map(
      ([name, value]) =>
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
    )
    .join('');
  const opening = Buffer.from(
    `${fields}--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${job.filename}"\r\n` +
      'Content-Type: application/octet-stream\r\n\r\n',
  );
  const closing = Buffer.from(`\r\n--${boundary}--\r\n`);
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      url,
      {
        method: job.method,
        headers: {
          ...job.headers,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': opening.length + size + closing.length,
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode!, body: Buffer.concat(chunks).toString() }),
        );
      },
    );
    request.on('error', reject);
    request.write(opening);
    pipeline(createReadStream(job.file, { highWaterMark: 256 * 1024 }), request, { end: false })
      .then(() => request.end(closing))
      .catch(reject);
  });
}

const deadline = Date.now() + job.durationSeconds * 1000;
const times: number[] = [];
const statuses: Record<string, number> = {};
let firstError: string | undefined;
const started = Date.now();
await Promise.all(
  job.urls.map(async (url) => {
    while (Date.now() < deadline) {
      const begin = performance.now();
      try {
        const { status, body } = await uploadOnce(url);
        statuses[status] = (statuses[status] ?? 0) + 1;
        if (status >= 300) firstError ??= `${status} ${body.slice(0, 300)}`;
      } catch (error) {
        statuses.error = (statuses.error ?? 0) + 1;
        firstError ??= (error as Error).message;
      }
      times.push(performance.now() - begin);
    }
  }),
);
const seconds = (Date.now() - started) / 1000;
times.sort((a, b) => a - b);
const result: UploadClientsResult = {
  uploads: times.length,
  statuses,
  p50: Math.round(times[Math.floor(times.length / 2)] ?? 0),
  max: Math.round(times.at(-1) ?? 0),
  megabytesPerSecond: (times.length * size) / 1024 / 1024 / seconds,
  ...(firstError ? { firstError } : {}),
};
process.stdout.write(`${JSON.stringify(result)}\n`);
