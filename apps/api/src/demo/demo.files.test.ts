// @module-tag postgres — the seed runs on the server's migrations and constraints.
import { unzipSync } from 'fflate';
import { eq, isNotNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useApp } from '../../test/helper.ts';
import { fileAssets, products } from '../db/schema.ts';
import { extractPdfText } from '../lib/pdf/pdf-text.ts';
import { demoProducts } from './demo.dataset.ts';
import { seedDemo } from './demo.seed.ts';

const xmlText = (xml: string) =>
  xml
    .replace(/&amp;/g, '&')
    .replace(/&apos;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>');

/** One line per drawn line (PDF) or paragraph (Word), spaces made plain. */
const clean = (lines: string[]) =>
  lines.map((line) => line.replace(/[\u00a0\u202f\s]+/g, ' ').trim()).filter(Boolean);

/** The pages of a PDF or the paragraphs of a Word document, as a reader gets them: [first page, rest]. */
async function textOf(bytes: Buffer, extension: string): Promise<{ first: string[]; body: string[] }> {
  if (extension === 'pptx') {
    const entries = unzipSync(new Uint8Array(bytes));
    const slides = Object.keys(entries)
      .filter((name) => /^ppt\/slides\/slide\d+\.xml$/.test(name))
      .sort((a, b) => Number(a.match(/\d+/)![0]) - Number(b.match(/\d+/)![0]))
      .map((name) =>
        clean(
          Buffer.from(entries[name]!)
            .toString('utf8')
            .split('</a:p>')
            .map((p) => [...p.matchAll(/<a:t>([^<]*)<\/a:t>/g)].map((m) => xmlText(m[1]!)).join('')),
        ),
      );
    expect(slides).toHaveLength(5);
    return { first: slides[0]!, body: slides.slice(1).flat() };
  }
  if (extension === 'pdf') {
    const pages = await extractPdfText(bytes);
    return { first: clean(pages[0]!.split('\n')), body: clean(pages.slice(1).join('\n').split('\n')) };
  }
  const xml = Buffer.from(unzipSync(new Uint8Array(bytes))['word/document.xml']!).toString('utf8');
  const paragraphs = clean(
    xml
      .split('</w:p>')
      .map((p) => [...p.matchAll(/<w:t(?: [^>]*)?>([^<]*)<\/w:t>/g)].map((m) => m[1]).join('')),
  ).map((p) =>
    p
      .replace(/&amp;/g, '&')
      .replace(/&apos;/g, "'")
      .replace(/&quot;/g, '"'),
  );
  return { first: paragraphs.slice(0, 12), body: paragraphs.slice(1) };
}

const flat = (text: string) => text.replace(/[\u00a0\u202f\s]+/g, ' ').trim();

describe('demo files', () => {
  const t = useApp();

  it('say what their titles say: each PDF, ebook, Word file and slide deck opens on its title and no two share their text', async () => {
    await seedDemo(t.app);
    const rows = await t.database.db
      .select({ title: products.title, key: fileAssets.storageKey, name: fileAssets.originalName })
      .from(products)
      .innerJoin(fileAssets, eq(fileAssets.productId, products.id))
      .where(isNotNull(fileAssets.storageKey));
    const documents = rows.filter((row) => /\.(pdf|docx|pptx)$/.test(row.name));
    const expected = demoProducts.filter(
      (p) =>
        (p.section === 'book' && p.ebook) ||
        (p.section !== 'book' && /^(pdf|word|powerpoint)$/.test(p.fileType)),
    );
    expect(documents.map((d) => d.title).sort()).toEqual(expected.map((p) => p.title).sort());

    const owners = new Map<string, string>();
    for (const document of documents) {
      const stored = await t.app.storage.getObject(document.key);
      const { first, body } = await textOf(stored!.bytes, document.name.split('.').pop()!);
      expect(flat(first.join(' ')), document.name).toContain(flat(document.title));
      const product = demoProducts.find((p) => p.title === document.title)!;
      // Its own sections, in its own language, after the title page.
      for (const section of product.outline?.sections ?? []) {
        expect(flat(body.join(' ')), document.name).toContain(flat(section.heading));
      }
      // No sentence of one product's body appears in another's.
      for (const line of body.filter((l) => l.length >= 40 && !l.includes(flat(document.title)))) {
        const owner = owners.get(line);
        expect(
          owner === undefined || owner === document.title,
          `"${line}" in ${owner} and ${document.title}`,
        ).toBe(true);
        owners.set(line, document.title);
      }
    }
  });
});
