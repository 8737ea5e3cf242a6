import { PDFDocument } from '@cantoo/pdf-lib';
import { describe, expect, it } from 'vitest';
import { countPdfPages, cutPdf } from './uploads.pdf.ts';

async function pdf(pages: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  for (let i = 0; i < pages; i += 1) doc.addPage([200, 200]);
  return doc.save();
}

describe('PDFs read in a worker thread', () => {
  it('take the bytes as a store gives them: a small Buffer of Node’s shared pool, or a view into a larger one', async () => {
    const bytes = await pdf(3);
    expect(bytes.length).toBeLessThan(Buffer.poolSize / 2);
    // Buffer.concat puts a small result in the shared pool, whose memory cannot be handed to a worker.
    const pooled = Buffer.concat([Buffer.from(bytes.subarray(0, 10)), Buffer.from(bytes.subarray(10))]);
    expect(pooled.buffer.byteLength).toBeGreaterThan(pooled.length);
    expect(await countPdfPages(pooled)).toBe(3);
    expect(pooled.equals(Buffer.from(bytes)), 'the caller’s bytes are left as they were').toBe(true);

    const inside = Buffer.concat([Buffer.alloc(100), Buffer.from(await pdf(5))]).subarray(100);
    expect((await cutPdf(inside, 2)).pages).toBe(2);
  });
});
