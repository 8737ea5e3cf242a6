// @module-tag postgres — the seed runs on the server's migrations and constraints.
import { unzipSync } from 'fflate';
import { eq, isNotNull } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { archivePartOf } from '../../test/archive-parts.ts';
import { useApp } from '../../test/helper.ts';
import { fileAssets, products } from '../db/schema.ts';
import { extractPdfText } from '../lib/pdf/pdf-text.ts';
import { demoFileSpecs, demoProducts } from './demo.dataset.ts';
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

/** A workbook as a reader sees it: each sheet's name and its rows of shown values (a formula shows its result). */
async function sheetsOf(bytes: Uint8Array) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  return workbook.worksheets.map((sheet) => {
    const rows: { text: string[]; formulas: number }[] = [];
    sheet.eachRow((row) => {
      const values = (row.values as ExcelJS.CellValue[]).slice(1);
      rows.push({
        text: values.map((v) =>
          v instanceof Date
            ? v.toISOString().slice(0, 10)
            : v && typeof v === 'object' && 'formula' in v
              ? String(v.result ?? '')
              : String(v ?? ''),
        ),
        formulas: values.filter((v) => v && typeof v === 'object' && 'formula' in v).length,
      });
    });
    return { name: sheet.name, rows };
  });
}

/** Every line a reader of the file meets: its paragraphs, cells, CSV rows, scripts, README and guides. */
async function linesOf(bytes: Uint8Array, name: string): Promise<string[]> {
  const extension = name.split('.').pop()!;
  if (/^(pdf|docx|pptx)$/.test(extension)) {
    const { first, body } = await textOf(Buffer.from(bytes), extension);
    return [...first, ...body];
  }
  if (extension === 'xlsx')
    return clean((await sheetsOf(bytes)).flatMap((s) => s.rows.flatMap((r) => r.text)));
  if (extension === 'zip') {
    const entries = unzipSync(bytes);
    const lines: string[] = [];
    for (const [entry, content] of Object.entries(entries)) lines.push(...(await linesOf(content, entry)));
    return lines;
  }
  if (extension === 'svg') return [];
  return clean(Buffer.from(bytes).toString('utf8').split(/\r?\n/));
}

type Stored = { title: string; name: string; bytes: Buffer; sheets: number | null; parts: string[] | null };

describe('demo files', () => {
  const t = useApp();
  let stored: Stored[] = [];
  beforeAll(async () => {
    await seedDemo(t.app);
    const rows = await t.database.db
      .select({
        title: products.title,
        key: fileAssets.storageKey,
        name: fileAssets.originalName,
        sheets: products.sheets,
        parts: products.archiveParts,
      })
      .from(products)
      .innerJoin(fileAssets, eq(fileAssets.productId, products.id))
      .where(isNotNull(fileAssets.storageKey));
    stored = await Promise.all(
      rows.map(async (row) => ({
        ...row,
        bytes: (await t.app.storage.getObject(row.key!))!.bytes,
      })),
    );
  });
  const productOf = (file: Stored) => demoProducts.find((p) => p.title === file.title)!;

  it('say what their titles say: each PDF, ebook, Word file and slide deck opens on its title', async () => {
    const documents = stored.filter((row) => /\.(pdf|docx|pptx)$/.test(row.name));
    const expected = demoProducts.filter(
      (p) =>
        (p.section === 'book' && p.ebook) ||
        (p.section !== 'book' && /^(pdf|word|powerpoint)$/.test(p.fileType)),
    );
    expect(documents.map((d) => d.title).sort()).toEqual(expected.map((p) => p.title).sort());

    for (const document of documents) {
      const { first, body } = await textOf(document.bytes, document.name.split('.').pop()!);
      expect(flat(first.join(' ')), document.name).toContain(flat(document.title));
      // Its own sections, in its own language, after the title page.
      for (const section of productOf(document).outline?.sections ?? []) {
        expect(flat(body.join(' ')), document.name).toContain(flat(section.heading));
      }
    }
  });

  it('each workbook holds its own sheets, headings, sample rows and formulas under its title', async () => {
    const workbooks = stored.filter((row) => row.name.endsWith('.xlsx'));
    expect(workbooks.map((w) => w.title).sort()).toEqual(
      demoProducts
        .filter((p) => p.section !== 'book' && p.fileType === 'excel')
        .map((p) => p.title)
        .sort(),
    );
    for (const file of workbooks) {
      const spec = demoFileSpecs[productOf(file).key]!;
      if (!('workbook' in spec)) throw new Error(`${file.name}: no workbook in files.json`);
      const { settings, data, summary } = spec.workbook;
      const sheets = await sheetsOf(file.bytes);
      // The page states the number of sheets the file has.
      expect(
        sheets.map((s) => s.name),
        file.name,
      ).toEqual([settings.sheet, data.sheet, summary.sheet]);
      expect(sheets, file.name).toHaveLength(file.sheets!);
      const [front, table, totals] = sheets as [(typeof sheets)[0], (typeof sheets)[0], (typeof sheets)[0]];
      expect(front.rows[0]!.text[0]).toBe(file.title);
      expect(table.rows[0]!.text).toEqual([...data.columns, ...data.computed].map((c) => c.header));
      expect(table.rows).toHaveLength(data.rows.length + 1);
      // Every data row computes its own columns, and every summary row is a formula over the data.
      for (const row of table.rows.slice(1)) expect(row.formulas).toBe(data.computed.length);
      expect(totals.rows.map((r) => r.text[0])).toEqual([
        file.title,
        summary.heading,
        ...summary.rows.map((r) => r.label),
      ]);
      expect(totals.rows.slice(2).every((r) => r.formulas === 1 && r.text[1] !== '')).toBe(true);
    }
  });

  it('each kit (Power BI, Publisher, Access, document pack) holds the parts its page lists, about its subject', async () => {
    const kits = stored.filter((row) => row.name.endsWith('.zip'));
    expect(kits.map((k) => k.title).sort()).toEqual(
      demoProducts
        .filter((p) => p.section !== 'book' && /^(powerbi|publisher|access|package)$/.test(p.fileType))
        .map((p) => p.title)
        .sort(),
    );
    for (const file of kits) {
      const product = productOf(file);
      const spec = demoFileSpecs[product.key]!;
      const entries = unzipSync(new Uint8Array(file.bytes));
      const names = Object.keys(entries);
      const parts = new Set(names.map(archivePartOf));
      expect([...parts].sort(), file.name).toEqual([...(file.parts ?? [])].sort());
      const text = async (name: string) => flat((await linesOf(entries[name]!, name)).join(' '));

      const readme = names.find((n) => /^(README|LISEZMOI)\.txt$/.test(n))!;
      const readmeLines = await linesOf(entries[readme]!, readme);
      expect(readmeLines[0]).toBe(flat(file.title));
      expect(flat(readmeLines.join(' '))).toContain(flat(product.description));

      const guide =
        'dashboard' in spec
          ? spec.dashboard.guide
          : 'brochure' in spec
            ? spec.brochure.guide
            : 'database' in spec
              ? spec.database.guide
              : null;
      if (guide) {
        const pdf = await text('guide.pdf');
        for (const heading of [guide.title, file.title, ...guide.sections.map((s) => s.heading)])
          expect(pdf, file.name).toContain(flat(heading));
      }
      const tables =
        'dashboard' in spec ? spec.dashboard.tables : 'database' in spec ? spec.database.tables : [];
      for (const table of tables) {
        const csv = Buffer.from(entries[table.file]!).toString('utf8').split('\r\n');
        expect(csv[0]).toBe(table.columns.map((c) => c.name).join(','));
        expect(csv.filter(Boolean)).toHaveLength((table.rows?.length ?? table.count!) + 1);
      }
      if ('database' in spec) {
        const schema = await text('schema.sql');
        for (const table of spec.database.tables) expect(schema).toContain(`CREATE TABLE ${table.table} (`);
      }
      if ('brochure' in spec) {
        expect(await text(spec.brochure.textFile)).toContain(flat(spec.brochure.text[0]!));
      }
      if ('kit' in spec) {
        const { notes, workbook, procedure, slides } = spec.kit;
        const documents = names.filter((n) => /\.(pdf|docx|pptx)$/.test(n)).sort();
        expect(documents).toHaveLength(3);
        for (const [name, document] of documents.map(
          (n, i) => [n, [notes, procedure, slides][i]!] as const,
        )) {
          const content = await text(name);
          for (const heading of [document.title, ...document.sections.map((s) => s.heading)])
            expect(content, `${file.name}/${name}`).toContain(flat(heading));
        }
        const sheet = names.find((n) => n.endsWith('.xlsx'))!;
        const sheets = await sheetsOf(entries[sheet]!);
        expect(sheets.map((s) => s.name)).toEqual([
          workbook.settings.sheet,
          workbook.data.sheet,
          workbook.summary.sheet,
        ]);
        expect(sheets[0]!.rows[0]!.text[0]).toBe(workbook.title);
      }
    }
  });

  it('no two products share a line of their files', async () => {
    const owners = new Map<string, string>();
    for (const file of stored) {
      const lines = await linesOf(file.bytes, file.name);
      expect(lines.length, file.name).toBeGreaterThan(0);
      for (const line of lines.filter((l) => l.length >= 40 && !l.includes(flat(file.title)))) {
        const owner = owners.get(line);
        expect(owner === undefined || owner === file.title, `"${line}" in ${owner} and ${file.title}`).toBe(
          true,
        );
        owners.set(line, file.title);
      }
    }
  });
});
