import { fileTypeFromBuffer } from 'file-type';
import { unzipSync } from 'fflate';
import ExcelJS from 'exceljs';
import { PDFDocument } from '@cantoo/pdf-lib';
import { describe, expect, it } from 'vitest';
import { fileTypes, type FileType } from '@hls/contract';
import { archivePartOf } from '../../../test/archive-parts.ts';
import { renderCover, wrapWords } from '../../lib/cover.ts';
import { pdfText } from '../../lib/pdf/pdf-text.ts';
import { createRandom } from '../../lib/random.ts';
import { demoFileSpecs, demoProducts } from '../demo.dataset.ts';
import { renderSampleFile, sampleFileFacts } from './sample-files.ts';
import { dataTableIssues, tableRows } from './sample-kits.ts';
import type { DatabaseSpec, WorkbookSpec } from './sample-specs.ts';
import { renderSpecWorkbook, workbookSpecIssues } from './sample-workbook.ts';

const input = (language: 'fr' | 'en') => ({
  title: language === 'fr' ? 'Gestion financière de l’étudiant' : 'Financial management basics',
  author: 'Karim Mansour',
  language,
  topic: 'finance' as const,
});

/** The input of a sample file of a type: workbooks and kits take the spec of a demo product of that type. */
const inputFor = (fileType: FileType, language: 'fr' | 'en') => {
  const product = demoProducts.find(
    (p) => p.section !== 'book' && p.fileType === fileType && p.language === language && demoFileSpecs[p.key],
  );
  return { ...input(language), ...(product ? { spec: demoFileSpecs[product.key]! } : {}) };
};

const ooxml: Partial<Record<FileType, { mime: string; part: string }>> = {
  excel: {
    mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    part: 'xl/workbook.xml',
  },
  word: {
    mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    part: 'word/document.xml',
  },
  powerpoint: {
    mime: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    part: 'ppt/presentation.xml',
  },
};

describe('seeded random', () => {
  it('gives the same sequence for the same seed and another for another seed', () => {
    const a = createRandom('x');
    const b = createRandom('x');
    const c = createRandom('y');
    const seqA = [a.next(), a.next(), a.int(1, 6)];
    expect([b.next(), b.next(), b.int(1, 6)]).toEqual(seqA);
    expect(c.next()).not.toBe(seqA[0]);
  });
});

describe('covers', () => {
  it('are sized SVGs with the escaped title and author, the same for the same seed', () => {
    const cover = {
      title: 'R&D <advanced> "notes"',
      author: "Sarah O'Neill",
      section: 'academic',
      language: 'en',
      fileType: 'pdf',
      seed: 's1',
    } as const;
    const svg = renderCover(cover).toString('utf8');
    expect(svg).toMatch(
      /^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" width="600" height="900" viewBox="0 0 600 900"/,
    );
    expect(svg).toContain('R&amp;D');
    expect(svg).toContain('&lt;advanced&gt;');
    expect(svg).toContain('O&apos;Neill');
    expect(svg).not.toContain('<advanced>');
    expect(svg).toContain('>PDF<');
    expect(renderCover(cover).equals(renderCover(cover))).toBe(true);
    expect(renderCover({ ...cover, seed: 's2' }).equals(renderCover(cover))).toBe(false);
    expect(svg.length).toBeLessThan(20_000);
  });

  it('wraps long titles into lines that fit', () => {
    const lines = wrapWords('Comptabilité générale : le guide complet de l’étudiant en licence', 16);
    expect(lines.every((l) => l.length <= 16)).toBe(true);
    expect(lines.join(' ')).toContain('Comptabilité');
  });

  it('keeps a bold serif title within the margins: "Projects on Time" at 58 px is wider than a line', () => {
    const svg = renderCover({
      title: 'Delivering Projects on Time',
      author: 'Thomas Reed',
      section: 'book',
      language: 'en',
      seed: 'time',
    }).toString('utf8');
    const lines = [...svg.matchAll(/font-weight="700">([^<]*)<\/text>/g)].map((match) => match[1]);
    expect(lines).toEqual(['Delivering', 'Projects on', 'Time']);
  });

  it('sets a title smaller rather than cutting a word longer than a line', () => {
    const svg = renderCover({
      title: 'Gestion des stocks et réapprovisionnement',
      author: 'Karim Mansour',
      section: 'professional',
      language: 'fr',
      fileType: 'excel',
      seed: 'stock',
    }).toString('utf8');
    expect(svg).toContain('>réapprovisionnement<');
    expect(svg).not.toMatch(/-<\/text>/);
  });
});

describe('sample files', () => {
  for (const language of ['fr', 'en'] as const) {
    for (const fileType of fileTypes) {
      it(`${fileType} (${language}) is a real file of its format`, async () => {
        const file = await renderSampleFile(fileType, inputFor(fileType, language));
        const detected = await fileTypeFromBuffer(file.bytes);
        if (fileType === 'pdf') {
          expect(file.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
          expect(detected?.mime).toBe('application/pdf');
          const pdf = await PDFDocument.load(file.bytes);
          expect(pdf.getPageCount()).toBeGreaterThanOrEqual(2);
          expect(pdf.getTitle()).toBe(input(language).title);
          expect(pdfText(file.bytes)).toContain(
            language === 'fr' ? 'Le bilan comptable' : 'The balance sheet',
          );
          return;
        }
        expect(file.bytes.subarray(0, 4)).toEqual(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
        const entries = unzipSync(new Uint8Array(file.bytes));
        const spec = ooxml[fileType];
        if (spec) {
          expect(detected?.mime).toBe(spec.mime);
          expect(file.mime).toBe(spec.mime);
          expect(Object.keys(entries)).toContain('[Content_Types].xml');
          expect(Object.keys(entries)).toContain(spec.part);
          return;
        }
        expect(file.extension).toBe('zip');
        const names = Object.keys(entries);
        expect(names.some((n) => /^(README|LISEZMOI)\.txt$/.test(n))).toBe(true);
        const pdfs = names.filter((n) => n.endsWith('.pdf'));
        expect(pdfs.length).toBeGreaterThan(0);
        for (const name of pdfs) await PDFDocument.load(entries[name]!);
        if (fileType === 'powerbi' || fileType === 'access')
          expect(names.some((n) => n.endsWith('.csv'))).toBe(true);
        if (fileType === 'package') {
          expect(names.filter((n) => /\.(pdf|xlsx|docx|pptx)$/.test(n))).toHaveLength(4);
        }
      });
    }
  }
});

describe('sample files without their content', () => {
  it('a workbook or a kit is refused without its spec, and with the spec of another type', async () => {
    await expect(renderSampleFile('excel', input('fr'))).rejects.toThrow('built from its spec');
    await expect(renderSampleFile('access', inputFor('powerbi', 'en'))).rejects.toThrow(
      'a powerbi spec for a access file',
    );
  });
});

describe('the facts the demo pages state of each sample file', () => {
  it.each(fileTypes)('%s: its sheets, slides and archive parts are what the file holds', async (type) => {
    const facts = sampleFileFacts[type];
    for (const language of ['fr', 'en'] as const) {
      const file = await renderSampleFile(type, inputFor(type, language));
      if (file.extension === 'pdf') {
        expect(facts).toEqual({ software: [{ app: 'pdf_reader', version: null }] });
        continue;
      }
      const names = Object.keys(unzipSync(new Uint8Array(file.bytes)));
      const count = (pattern: RegExp) => names.filter((name) => pattern.test(name)).length;
      expect(count(/^xl\/worksheets\/sheet\d+\.xml$/) || undefined).toBe(facts.sheets);
      expect(count(/^ppt\/slides\/slide\d+\.xml$/) || undefined).toBe(facts.slides);
      if (file.extension === 'zip') {
        const parts = new Set(names.map(archivePartOf));
        expect([...parts].sort()).toEqual([...(facts.archiveParts ?? [])].sort());
      } else {
        expect(facts.archiveParts).toBeUndefined();
      }
      expect(facts.software.length).toBeGreaterThan(0);
    }
  });
});

describe("a product's own workbook and kit data", () => {
  const stocks = demoFileSpecs['p-stocks'] as { workbook: WorkbookSpec };
  const load = async (bytes: Buffer) => {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
    return workbook;
  };
  const cell = (sheet: ExcelJS.Worksheet, ref: string) =>
    sheet.getCell(ref).value as { formula: string; result: unknown };

  it('stores each formula with the value it gives: stock, alert, value and the summary over them', async () => {
    const workbook = await load(
      await renderSpecWorkbook({ title: 'Stocks', author: 'K', language: 'fr', workbook: stocks.workbook }),
    );
    const articles = workbook.getWorksheet('Articles')!;
    // VIS-M6: 42 in stock + 20 in - 38 out = 24, above its safety stock of 15, worth 24 x 6.40.
    expect(cell(articles, 'H2')).toEqual({ formula: 'C2+D2', result: 62 });
    expect(cell(articles, 'I2')).toEqual({ formula: 'H2-E2', result: 24 });
    expect(cell(articles, 'J2')).toMatchObject({ formula: 'IF(I2<=F2,"À commander","")' });
    expect(cell(articles, 'K2')).toEqual({ formula: 'I2*G2', result: 153.6 });
    // CHV-8: 30 - 22 = 8, at most its safety stock of 10.
    expect(cell(articles, 'J3')).toEqual({ formula: 'IF(I3<=F3,"À commander","")', result: 'À commander' });
    const board = workbook.getWorksheet('Tableau de bord')!;
    expect(cell(board, 'B8')).toEqual({ formula: `COUNTIF('Articles'!$J$2:$J$11,"À commander")`, result: 6 });
    expect(cell(board, 'B7')).toEqual({ formula: 'IF(B6=0,0,B5/B6)', result: 0.6629 });
  });

  it('leaves growth blank on the first year and indexes a series on its first row', async () => {
    const spec = demoFileSpecs['a-exos-eco'] as { workbook: WorkbookSpec };
    const workbook = await load(
      await renderSpecWorkbook({ title: 'Éco', author: 'K', language: 'fr', workbook: spec.workbook }),
    );
    const series = workbook.getWorksheet('Exercices')!;
    expect(cell(series, 'E2').formula).toBe('""');
    expect(cell(series, 'E3')).toEqual({ formula: 'IFERROR(B3/B2-1,"")', result: -0.0521 });
    expect(cell(series, 'F3')).toEqual({ formula: `B3/$B$2*'Énoncés'!$B$4`, result: 94.7887 });
  });

  it('refuses a workbook whose formulas name a missing column or a later summary row', () => {
    const { workbook } = stocks;
    expect(workbookSpecIssues(workbook)).toEqual([]);
    const broken: WorkbookSpec = {
      ...workbook,
      data: { ...workbook.data, computed: [{ header: 'X', type: 'number', op: 'add', args: ['C', 'Z'] }] },
      summary: { ...workbook.summary, rows: [{ label: 'R', op: 'ratio', of: [1, 2], type: 'percent' }] },
    };
    expect(workbookSpecIssues(broken)).toEqual(['X: no column Z before it', 'R: ratio of earlier rows']);
  });

  it('refuses kit data whose columns cannot be drawn: no way or two, a reference to a later table, a short row', () => {
    const { tables } = (demoFileSpecs['p-access-stock'] as { database: DatabaseSpec }).database;
    expect(dataTableIssues(tables)).toEqual([]);
    const [suppliers, articles, moves] = [tables[0]!, tables[1]!, tables[2]!];
    const broken = [
      { ...suppliers, rows: [[1, 'Quincaillerie du Sahel']] },
      {
        ...moves,
        columns: [
          { name: 'id_mouvement', id: true as const, min: 1 },
          { name: 'id_article', ref: articles.file },
          { name: 'sens' },
        ],
      },
      articles,
    ];
    expect(dataTableIssues(broken)).toEqual([
      'donnees/fournisseurs.csv: row 1 does not fit the columns',
      'donnees/mouvements.csv: id_mouvement needs one way to draw its values',
      'donnees/mouvements.csv: id_article refers to donnees/articles.csv, not an earlier table',
      'donnees/mouvements.csv: sens needs one way to draw its values',
    ]);
  });

  it('draws the same kit data on every run, each reference naming a row of its table', () => {
    const { tables } = (demoFileSpecs['p-access-stock'] as { database: DatabaseSpec }).database;
    const rows = tableRows(tables, 'stock');
    expect(tableRows(tables, 'stock')).toEqual(rows);
    const moves = rows.get('donnees/mouvements.csv')!;
    expect(moves[0]).toEqual(['id_mouvement', 'id_article', 'date_mouvement', 'sens', 'quantite']);
    expect(moves).toHaveLength(91);
    const articles = rows.get('donnees/articles.csv')!.length - 1;
    expect(moves.slice(1).every((m) => Number(m[1]) >= 1 && Number(m[1]) <= articles)).toBe(true);
    expect(moves.slice(1).map((m) => m[0])).toEqual(Array.from({ length: 90 }, (_, i) => i + 1));
  });
});
