import { Worker } from 'node:worker_threads';

/** What the PDF worker is asked: a page count, or the first `samplePages` pages as a new PDF. */
export type PdfTask =
  { kind: 'count'; bytes: ArrayBuffer } | { kind: 'sample'; bytes: ArrayBuffer; samplePages: number };

export type PdfTaskResult = { ok: true; pages: number; bytes?: ArrayBuffer } | { ok: false; message: string };

/** Heap a PDF worker may use, and the time it may take. */
const PDF_WORKER_HEAP_MB = 1024;
const PDF_WORKER_SECONDS = 60;

/** A PDF pdf-lib cannot read, or one without pages. */
export class PdfDamagedError extends Error {
  override name = 'PdfDamagedError';
}

/** The bytes as an ArrayBuffer of their own, to transfer to the worker without a copy when possible. */
function ownBuffer(bytes: Uint8Array): ArrayBuffer {
  if (
    bytes.byteOffset === 0 &&
    bytes.buffer.byteLength === bytes.byteLength &&
    bytes.buffer instanceof ArrayBuffer
  ) {
    return bytes.buffer;
  }
  // A copy of its own: a Buffer's `slice` is a view (of Node's shared pool for a small one, which cannot be
  // transferred), so the bytes are copied through Uint8Array's constructor.
  return new Uint8Array(bytes).buffer;
}

/**
 * Runs one task in a worker thread of its own (pdf-lib parses synchronously: on the main thread a 50 MB PDF
 * would stop every other request for its whole parse). The bytes are transferred, not copied; `bytes` must
 * not be used afterwards.
 */
function runPdfTask(task: { kind: 'count' } | { kind: 'sample'; samplePages: number }, bytes: Uint8Array) {
  const buffer = ownBuffer(bytes);
  const data: PdfTask = { ...task, bytes: buffer };
  return new Promise<{ pages: number; bytes?: ArrayBuffer }>((resolve, reject) => {
    const worker = new Worker(new URL('./uploads.pdf-worker.ts', import.meta.url), {
      workerData: data,
      transferList: [buffer],
      // A PDF built to exhaust the parser ends its worker, not the API.
      resourceLimits: { maxOldGenerationSizeMb: PDF_WORKER_HEAP_MB },
    });
    let settled = false;
    const timer = setTimeout(() => {
      if (settled) return;
      settled = true;
      reject(new PdfDamagedError(`not read within ${PDF_WORKER_SECONDS} s`));
      void worker.terminate();
    }, PDF_WORKER_SECONDS * 1000);
    worker.once('exit', () => clearTimeout(timer));
    worker.once('message', (result: PdfTaskResult) => {
      if (settled) return;
      settled = true;
      if (result.ok) resolve(result);
      else reject(new PdfDamagedError(result.message));
    });
    worker.once('error', (error) => {
      if (settled) return;
      settled = true;
      reject(new PdfDamagedError((error as Error).message));
    });
    worker.once('exit', (code) => {
      if (!settled) reject(new Error(`the PDF worker exited with code ${code}`));
    });
  });
}

/** The page count of a PDF; PdfDamagedError when unreadable or empty. */
export async function countPdfPages(bytes: Uint8Array): Promise<number> {
  return (await runPdfTask({ kind: 'count' }, bytes)).pages;
}

/** The first `samplePages` pages of a PDF as a new PDF; PdfDamagedError when unreadable. */
export async function cutPdf(
  bytes: Uint8Array,
  samplePages: number,
): Promise<{ pages: number; bytes: Uint8Array }> {
  const result = await runPdfTask({ kind: 'sample', samplePages }, bytes);
  return { pages: result.pages, bytes: new Uint8Array(result.bytes!) };
}
