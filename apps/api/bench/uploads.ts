// The uploads scenario of `npm run bench` (`--scenario=uploads`): /hello's latency while 4 clients upload 50 MB
// PDFs as authors do, each to its own proposal (PUT /api/submissions/{id}/files/file: streamed to storage,
// hashed, its type and page count checked, the replaced upload deleted). The clients run in a separate process
// (apps/api/bench/upload-clients.ts) and /hello is probed from another (autocannon, 1 connection): the bare
// /hello instance shares the API's event loop, so anything an upload does on the main thread shows there.
// Target: /hello p99 < 20 ms.
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { PDFDocument, StandardFonts } from '@cantoo/pdf-lib';
import type { FastifyInstance } from 'fastify';
import { streamMultipart } from '../src/modules/uploads/index.ts';
import { runJobProcess } from './child.ts';
import type { LoadResult } from './load.ts';
import type { UploadClientsJob, UploadClientsResult } from './upload-clients.ts';
import type { Verdict } from './verdict.ts';

const CLIENTS = 4;
const FILE_BYTES = 50 * 1024 * 1024;
const PROBE_P99_MS = 20;
const AUTHOR_PASSWORD = 'bench-author-password-0123';
/** Used only when the app has no submission upload route: the same call, without a proposal. */
const FALLBACK_PATH = '/bench/uploads';
const clientsPath = fileURLToPath(new URL('./upload-clients.ts', import.meta.url));

/** A route taking one `file` part as the submission route does (registered before the app listens). */
export function registerFallbackUploadRoute(app: FastifyInstance): void {
  app.put(FALLBACK_PATH, { config: streamMultipart }, async (request) => {
    const { files } = await app.uploads.receiveMultipart(request, {
      files: { file: 'file' },
      keyPrefix: 'bench/uploads',
      declaredFileType: () => 'pdf',
      maxFields: 5,
    });
    await app.uploads.discard(files);
    return { files: files.length };
  });
}

/** A valid PDF of `bytes` bytes: 20 pages of text and an incompressible stream filling the rest. */
async function largePdf(bytes: number): Promise<Uint8Array> {
  const document = await PDFDocument.create();
  const font = await document.embedFont(StandardFonts.Helvetica);
  for (let page = 1; page <= 20; page += 1) {
    document
      .addPage([595, 842])
      .drawText(`Bench manuscript, page ${page}`, { x: 50, y: 780, size: 14, font });
  }
  const filler = document.context.stream(randomBytes(bytes - 20_000));
  document.catalog.set(document.context.obj('BenchFiller'), document.context.register(filler));
  return document.save({ useObjectStreams: false });
}

/** The submission upload addresses, one proposal per client; undefined when the app has no such route. */
async function submissionUploads(app: FastifyInstance, apiUrl: string) {
  const email = `bench.author.${Date.now()}@hls.test`;
  const registered = await app.inject({
    method: 'POST',
    url: '/api/register/author',
    payload: {
      firstName: 'Bench',
      lastName: 'Author',
      displayName: 'Bench Author',
      email,
      password: AUTHOR_PASSWORD,
    },
  });
  if (registered.statusCode !== 201) throw new Error(`author registration: ${registered.body}`);
  const login = await app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { email, password: AUTHOR_PASSWORD },
  });
  const { access } = login.json<{ access: string }>();
  const headers = { authorization: `Bearer ${access}` };
  const urls: string[] = [];
  for (let client = 0; client < CLIENTS; client += 1) {
    const created = await app.inject({
      method: 'POST',
      url: '/api/submissions',
      headers,
      payload: {
        kind: 'file',
        section: 'professional',
        fileType: 'pdf',
        title: `Bench upload ${client + 1}`,
      },
    });
    if (created.statusCode === 404) return undefined;
    if (created.statusCode >= 300) throw new Error(`draft creation: ${created.statusCode} ${created.body}`);
    urls.push(`${apiUrl}/api/submissions/${created.json<{ id: string }>().id}/files/file`);
  }
  return { urls, headers };
}

function runClients(job: UploadClientsJob, jobFile: string): Promise<UploadClientsResult> {
  return runJobProcess<UploadClientsResult>(clientsPath, jobFile, job, 'upload clients');
}

export type UploadsBenchOptions = {
  app: FastifyInstance;
  apiUrl: string;
  workDir: string;
  durationSeconds: number;
  warmupSeconds: number;
  /** Size of the uploaded PDF (default 50 MB). */
  fileBytes?: number | undefined;
  /** /hello alone, measured before. */
  helloAlone: LoadResult;
  /** Probes /hello (1 connection) for the scenario's duration. */
  probeHello: () => Promise<LoadResult>;
};

/**
 * Runs the scenario and prints its figures. Broken: no upload accepted, an upload refused or failed, /hello not
 * answering.
 */
export async function benchUploads(options: UploadsBenchOptions): Promise<Verdict> {
  const { app, apiUrl, workDir } = options;
  const fileBytes = options.fileBytes ?? FILE_BYTES;
  const file = path.join(workDir, 'upload.pdf');
  writeFileSync(file, await largePdf(fileBytes));
  const submission = await submissionUploads(app, apiUrl);
  const urls = submission?.urls ?? Array.from({ length: CLIENTS }, () => `${apiUrl}${FALLBACK_PATH}`);
  const route = submission
    ? 'PUT /api/submissions/{id}/files/file'
    : `PUT ${FALLBACK_PATH} (no submission route)`;

  // The clients upload from before the probe starts until after it ends.
  const lead = Math.max(1, options.warmupSeconds);
  const clients = runClients(
    {
      urls,
      method: 'PUT',
      headers: submission?.headers ?? {},
      file,
      filename: 'manuscript.pdf',
      fields: { fileType: 'pdf' },
      durationSeconds: lead + options.durationSeconds + options.warmupSeconds,
    },
    path.join(workDir, 'upload-clients.json'),
  );
  await new Promise((resolve) => setTimeout(resolve, lead * 1000));
  const delay = monitorEventLoopDelay({ resolution: 5 });
  delay.enable();
  const probe = await options.probeHello();
  delay.disable();
  const uploads = await clients;

  const megabytes = fileBytes / 1024 / 1024;
  const pass = probe.p99 < PROBE_P99_MS && probe.non2xx === 0 && uploads.uploads > 0 && !uploads.firstError;
  console.log(`\nUploads: ${CLIENTS} clients uploading ${megabytes} MB PDFs to ${route}`);
  console.log(
    `  uploads answered: ${uploads.uploads} (${Object.entries(uploads.statuses)
      .map(([status, count]) => `${count} × ${status}`)
      .join(', ')}), ${uploads.megabytesPerSecond.toFixed(0)} MB/s in all,` +
      ` ${uploads.p50} ms per upload (p50), ${uploads.max} ms at most`,
  );
  if (uploads.firstError) console.log(`  ! first error: ${uploads.firstError}`);
  console.log(
    `  /hello alone: p50 ${options.helloAlone.p50} ms, p99 ${options.helloAlone.p99} ms;` +
      ` while uploading (1 conn): p50 ${probe.p50} ms, p99 ${probe.p99} ms, max ${probe.max} ms,` +
      ` ${Math.round(probe.requestsPerSecond).toLocaleString('en-US')} req/s` +
      ` — target p99 < ${PROBE_P99_MS} ms: ${pass ? 'PASS' : 'FAIL'}`,
  );
  console.log(
    `  API event loop delay while probing: p99 ${(delay.percentile(99) / 1e6).toFixed(1)} ms,` +
      ` max ${(delay.max / 1e6).toFixed(1)} ms (5 ms resolution)`,
  );
  const accepted = Object.entries(uploads.statuses)
    .filter(([status]) => /^2\d\d$/.test(status))
    .reduce((sum, [, count]) => sum + count, 0);
  const broken = [
    ...(accepted === 0 ? ['uploads: no upload accepted'] : []),
    ...(uploads.firstError ? [`uploads: ${uploads.firstError}`] : []),
    ...(probe.non2xx || probe.errors
      ? [`uploads: /hello probe: ${probe.non2xx} non-2xx answers, ${probe.errors} errors`]
      : []),
  ];
  return { pass, broken };
}
