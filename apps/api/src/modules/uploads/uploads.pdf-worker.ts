// Reads a PDF with pdf-lib off the main thread: parsing a large PDF takes hundreds of milliseconds of CPU,
// which would stall every other request. Started per task by uploads.pdf.ts, with the bytes transferred.
import { parentPort, workerData } from 'node:worker_threads';
import { PDFDocument } from '@cantoo/pdf-lib';
import type { PdfTask, PdfTaskResult } from './uploads.pdf.ts';

const task = workerData as PdfTask;

async function run(): Promise<{ result: PdfTaskResult; transfer: ArrayBuffer[] }> {
  let document: PDFDocument;
  let pages: number;
  try {
    document = await PDFDocument.load(new Uint8Array(task.bytes), {
      ignoreEncryption: true,
      updateMetadata: false,
    });
    // A damaged catalogue shows only here (pdf-lib reads the page tree lazily).
    pages = document.getPageCount();
  } catch (error) {
    return { result: { ok: false, message: `unreadable PDF: ${(error as Error).message}` }, transfer: [] };
  }
  if (pages === 0) return { result: { ok: false, message: 'a PDF without pages' }, transfer: [] };
  if (task.kind === 'count') return { result: { ok: true, pages }, transfer: [] };

  const sample = await PDFDocument.create({ updateMetadata: false });
  const count = Math.min(task.samplePages, pages);
  const copied = await sample.copyPages(
    document,
    Array.from({ length: count }, (_, index) => index),
  );
  for (const page of copied) sample.addPage(page);
  const saved = await sample.save();
  const bytes = saved.buffer.slice(saved.byteOffset, saved.byteOffset + saved.byteLength) as ArrayBuffer;
  return { result: { ok: true, pages: count, bytes }, transfer: [bytes] };
}

const { result, transfer } = await run();
parentPort!.postMessage(result, transfer);
