import { zipSync, type Zippable } from 'fflate';
import type { Language } from '@hls/contract';
import { renderCover } from '../../lib/cover.ts';
import { PdfWriter } from '../../lib/pdf/pdf-layout.ts';
import { createRandom } from '../../lib/random.ts';
import { renderProcedureDocx } from './sample-docx.ts';
import { renderSamplePdf } from './sample-pdf.ts';
import { renderPresentation } from './sample-pptx.ts';
import type {
  BrochureSpec,
  DashboardSpec,
  DatabaseSpec,
  DataTableSpec,
  GuideSpec,
  KitSpec,
} from './sample-specs.ts';
import { renderSpecWorkbook } from './sample-workbook.ts';
import type { Topic } from './topics.ts';

/*
 * Power BI (.pbix), Publisher (.pub) and Access (.accdb) files are binary formats no library writes honestly, so
 * those products ship as a .zip: the data or copy, the scripts, a PDF guide and a README to build the file in the
 * target tool. A document pack is a .zip of its four documents.
 */

const ZIP_DATE = new Date('2026-01-05T09:00:00Z');
/** Text files in Windows line endings, as the target tools expect. */
const utf8 = (text: string) => new TextEncoder().encode(text.replace(/\r?\n/g, '\r\n'));

function zip(files: Record<string, Uint8Array>): Buffer {
  const entries: Zippable = {};
  for (const [name, bytes] of Object.entries(files)) entries[name] = [bytes, { mtime: ZIP_DATE }];
  return Buffer.from(zipSync(entries, { level: 6 }));
}

function toCsv(rows: (string | number)[][]): string {
  const cell = (v: string | number) => {
    const text = String(v);
    return /[",;\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
  };
  return rows.map((r) => r.map(cell).join(',')).join('\n') + '\n';
}

/** The kit's step-by-step guide: its title, the product's title, an introduction and numbered steps. */
async function renderGuide(guide: GuideSpec, input: KitInput): Promise<Buffer> {
  const pdf = await PdfWriter.create({
    title: guide.title,
    author: input.author,
    language: input.language === 'fr' ? 'fr-FR' : 'en-GB',
    runningHeader: guide.title,
    footer: 'HLS',
  });
  pdf.heading(guide.title, 1);
  pdf.text(input.title, { size: 13, font: pdf.fonts.bold, after: 10 });
  pdf.paragraph(guide.intro);
  for (const section of guide.sections) {
    pdf.heading(section.heading);
    pdf.bullets(section.steps, true);
  }
  return pdf.finish();
}

function readme(title: string, lines: string[]): Uint8Array {
  return utf8([title, '='.repeat(title.length), '', ...lines, ''].join('\n'));
}

/** A product's own kit: what its files.json entry says, under its title, author and description. */
export type KitInput = {
  title: string;
  author: string;
  language: Language;
  topic: Topic;
  description?: string;
};

const words = {
  fr: {
    author: 'Auteur',
    contents: 'Contenu',
    rows: 'lignes',
    measures: 'mesures DAX',
    script: 'script de création des tables',
    queries: 'requêtes',
    cover: 'visuel de couverture',
    text: 'textes à mettre en page',
  },
  en: {
    author: 'Author',
    contents: 'Contents',
    rows: 'rows',
    measures: 'DAX measures',
    script: 'table creation script',
    queries: 'queries',
    cover: 'cover artwork',
    text: 'copy to lay out',
  },
} as const;

type Row = (string | number)[];

/** The rows of the kit's tables (header first), drawn from a seed so every run writes the same data. */
export function tableRows(tables: DataTableSpec[], seed: string): Map<string, Row[]> {
  const out = new Map<string, Row[]>();
  for (const table of tables) {
    const header = table.columns.map((c) => c.name);
    if (table.rows) {
      out.set(table.file, [header, ...table.rows]);
      continue;
    }
    const random = createRandom(`${seed}:${table.file}`);
    const rows: Row[] = [];
    for (let i = 0; i < (table.count ?? 0); i += 1) {
      const row: Row = [];
      for (const c of table.columns) {
        const at = (name: string) => Number(row[header.indexOf(name)]);
        row.push(
          c.id
            ? i + 1
            : c.from
              ? new Date(Date.parse(c.from) + Math.floor(i * (c.stepDays ?? 1)) * 86_400_000)
                  .toISOString()
                  .slice(0, 10)
              : c.values
                ? random.pick(c.values)
                : c.product
                  ? Math.round(at(c.product[0]) * at(c.product[1]) * 100) / 100
                  : c.ref
                    ? random.int(1, (out.get(c.ref)?.length ?? 2) - 1)
                    : random.int(c.min ?? 0, c.max ?? 100),
        );
      }
      rows.push(row);
    }
    out.set(table.file, [header, ...rows]);
  }
  return out;
}

/** Checks what the schema cannot: written rows fit the columns; drawn columns say how, and refer to earlier tables. */
export function dataTableIssues(tables: DataTableSpec[]): string[] {
  const issues: string[] = [];
  tables.forEach((table, t) => {
    if (!table.rows === !table.count) issues.push(`${table.file}: rows or a count, not both`);
    table.rows?.forEach((row, i) => {
      if (row.length !== table.columns.length)
        issues.push(`${table.file}: row ${i + 1} does not fit the columns`);
    });
    if (!table.count) return;
    for (const c of table.columns) {
      const ways = [c.id, c.from, c.values, c.product, c.ref, c.min !== undefined].filter(Boolean).length;
      if (ways !== 1) issues.push(`${table.file}: ${c.name} needs one way to draw its values`);
      if (c.ref && !tables.slice(0, t).some((other) => other.file === c.ref))
        issues.push(`${table.file}: ${c.name} refers to ${c.ref}, not an earlier table`);
      if (c.product && !c.product.every((name) => table.columns.some((other) => other.name === name)))
        issues.push(`${table.file}: ${c.name} multiplies unknown columns`);
    }
  });
  return issues;
}

function header(input: KitInput, contents: string[]): Uint8Array {
  const w = words[input.language];
  const colon = input.language === 'fr' ? '\u202f:' : ':';
  return readme(input.title, [
    `${w.author}${colon} ${input.author}`,
    '',
    ...(input.description ? [input.description, ''] : []),
    `${w.contents}${colon}`,
    ...contents.map((line) => `- ${line}`),
  ]);
}

const readmeName = (language: Language) => (language === 'fr' ? 'LISEZMOI.txt' : 'README.txt');
const colon = (language: Language) => (language === 'fr' ? '\u202f: ' : ': ');

function csvFiles(tables: DataTableSpec[], input: KitInput) {
  const rows = tableRows(tables, input.title);
  const files: Record<string, Uint8Array> = {};
  const contents: string[] = [];
  for (const table of tables) {
    const data = rows.get(table.file)!;
    files[table.file] = utf8(toCsv(data));
    contents.push(
      `${table.file}${colon(input.language)}${data.length - 1} ${words[input.language].rows} (${data[0]!.join(', ')})`,
    );
  }
  return { files, contents };
}

/** Power BI: the data as CSV, the DAX measures and the guide to build the report in Power BI Desktop. */
export async function renderDashboardKit(input: KitInput, spec: DashboardSpec): Promise<Buffer> {
  const { files, contents } = csvFiles(spec.tables, input);
  const measures = input.language === 'fr' ? 'mesures.dax' : 'measures.dax';
  const w = words[input.language];
  return zip({
    [readmeName(input.language)]: header(input, [
      ...contents,
      `${measures}${colon(input.language)}${spec.measures.length} ${w.measures}`,
      `guide.pdf${colon(input.language)}${spec.guide.title}`,
    ]),
    ...files,
    [measures]: utf8(spec.measures.join('\n\n') + '\n'),
    'guide.pdf': await renderGuide(spec.guide, input),
  });
}

/** Publisher: the brochure's copy, its cover artwork (SVG) and the layout guide. */
export async function renderBrochureKit(input: KitInput, spec: BrochureSpec): Promise<Buffer> {
  const w = words[input.language];
  const cover = input.language === 'fr' ? 'visuel-couverture.svg' : 'cover-artwork.svg';
  return zip({
    [readmeName(input.language)]: header(input, [
      `${spec.textFile}${colon(input.language)}${w.text}`,
      `${cover}${colon(input.language)}${w.cover}`,
      `guide.pdf${colon(input.language)}${spec.guide.title}`,
    ]),
    [spec.textFile]: utf8(spec.text.join('\n') + '\n'),
    [cover]: renderCover({
      title: spec.coverTitle,
      author: input.author,
      section: 'professional',
      language: input.language,
      seed: `publisher:${input.title}`,
    }),
    'guide.pdf': await renderGuide(spec.guide, input),
  });
}

/** Access: the tables as CSV, their creation script, the queries and the guide to build the database. */
export async function renderDatabaseKit(input: KitInput, spec: DatabaseSpec): Promise<Buffer> {
  const { files, contents } = csvFiles(spec.tables, input);
  const w = words[input.language];
  const queries = input.language === 'fr' ? 'requetes.sql' : 'queries.sql';
  const schema = spec.tables.map(
    (t) =>
      `CREATE TABLE ${t.table} (\n  ${t.columns.map((c) => `${c.name} ${c.sql ?? 'TEXT(100)'}`).join(',\n  ')}\n);`,
  );
  return zip({
    [readmeName(input.language)]: header(input, [
      ...contents,
      `schema.sql${colon(input.language)}${w.script} (${spec.tables.map((t) => t.table).join(', ')})`,
      `${queries}${colon(input.language)}${spec.queries.length} ${w.queries}`,
      `guide.pdf${colon(input.language)}${spec.guide.title}`,
    ]),
    ...files,
    'schema.sql': utf8(schema.join('\n\n') + '\n'),
    [queries]: utf8(spec.queries.map((q) => `-- ${q.title}\n${q.sql}`).join('\n\n') + '\n'),
    'guide.pdf': await renderGuide(spec.guide, input),
  });
}

/** A pack of four documents on the kit's subject: notes, workbook, procedure and slides. */
export async function renderDocumentKit(input: KitInput, spec: KitSpec): Promise<Buffer> {
  const fr = input.language === 'fr';
  const names = {
    notes: '1-notes.pdf',
    workbook: fr ? '2-tableur.xlsx' : '2-workbook.xlsx',
    procedure: '3-procedure.docx',
    slides: '4-presentation.pptx',
  };
  const base = { author: input.author, language: input.language, topic: input.topic };
  const { title: workbookTitle, ...workbook } = spec.workbook;
  return zip({
    [readmeName(input.language)]: header(input, [
      `${names.notes}${colon(input.language)}${spec.notes.title}`,
      `${names.workbook}${colon(input.language)}${workbookTitle}`,
      `${names.procedure}${colon(input.language)}${spec.procedure.title}`,
      `${names.slides}${colon(input.language)}${spec.slides.title}`,
    ]),
    [names.notes]: await renderSamplePdf({ ...base, title: spec.notes.title, outline: spec.notes }),
    [names.workbook]: await renderSpecWorkbook({ ...base, title: workbookTitle, workbook }),
    [names.procedure]: await renderProcedureDocx({
      ...base,
      title: spec.procedure.title,
      outline: spec.procedure,
    }),
    [names.slides]: await renderPresentation({ ...base, title: spec.slides.title, outline: spec.slides }),
  });
}
