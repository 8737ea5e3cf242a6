import { z } from 'zod';

/* What one product's workbook, dashboard kit, brochure kit, database kit or document pack holds (files.json). */

const Text = z.string().trim().min(1);
/** A column of a sheet or a CSV table: A, B, C … */
const Column = z.string().regex(/^[A-Z]$/, 'a column letter');

/** A product's document: its summary and three sections (a PDF, a Word file, or a five-slide deck). */
export const Outline = z.strictObject({
  abstract: Text,
  sections: z.array(z.strictObject({ heading: Text, paragraphs: z.array(Text).min(1) })).min(3),
});
export type Outline = z.output<typeof Outline>;

const CellType = z.enum(['text', 'money', 'number', 'percent', 'date']);
export type CellType = z.output<typeof CellType>;

/** An operand of a computed column: another column of the row, or a parameter (`$0` is the first). */
const Operand = z.string().regex(/^([A-Z]|\$\d)$/, 'a column letter or $n (a parameter)');

/**
 * A workbook of three sheets: its parameters, the data (typed columns, then columns computed per row by a
 * formula), and a summary computed from the data.
 */
export const WorkbookSpec = z.strictObject({
  settings: z.strictObject({
    sheet: Text,
    help: Text,
    parameters: z.array(z.tuple([Text, z.union([z.number(), Text]), CellType])).min(1),
  }),
  data: z.strictObject({
    sheet: Text,
    columns: z.array(z.strictObject({ header: Text, type: CellType })).min(2),
    rows: z.array(z.array(z.union([z.number(), z.string()]))).min(4),
    computed: z
      .array(
        z.strictObject({
          header: Text,
          type: CellType,
          op: z.enum(['add', 'sub', 'mul', 'div', 'pct', 'growth', 'index', 'running', 'alert']),
          /**
           * add, sub, mul, div, pct (a against b): two operands; growth: one column, against the row above;
           * index: a column against its first row, times a parameter (the base); running: the row above plus the
           * first operand minus the second, starting from the third; alert: shows `text` when a is at most b.
           */
          args: z.array(Operand).min(1).max(3),
          /** `alert`: the text shown when the first operand is at most the second. */
          text: Text.optional(),
          /** Red when negative (numbers) or when not empty (alerts). */
          highlight: z.boolean().optional(),
        }),
      )
      .min(1),
  }),
  summary: z.strictObject({
    sheet: Text,
    heading: Text,
    rows: z
      .array(
        z.strictObject({
          label: Text,
          op: z.enum(['sum', 'average', 'max', 'min', 'sumif', 'countif', 'ratio']),
          /** The data column added up (sum, average, max, min, sumif). */
          column: Column.optional(),
          /** sumif, countif: the column compared with `equals`. */
          where: Column.optional(),
          equals: Text.optional(),
          /** ratio: two earlier summary rows (0 is the first), the first divided by the second. */
          of: z.tuple([z.int().min(0), z.int().min(0)]).optional(),
          type: CellType,
        }),
      )
      .min(3),
  }),
});
export type WorkbookSpec = z.output<typeof WorkbookSpec>;

/**
 * A table of a kit's CSV data: rows as written, or `count` rows drawn per column (a sequence, a date every
 * `stepDays`, a value picked from a list, a whole number in a range, the product of two columns, a row of
 * another table).
 */
export const DataTableSpec = z.strictObject({
  file: Text,
  columns: z
    .array(
      z.strictObject({
        name: z.string().regex(/^[a-z_]+$/),
        sql: Text.optional(),
        id: z.literal(true).optional(),
        from: z.iso.date().optional(),
        stepDays: z.number().positive().optional(),
        values: z
          .array(z.union([z.number(), Text]))
          .min(1)
          .optional(),
        min: z.number().optional(),
        max: z.number().optional(),
        product: z.tuple([Text, Text]).optional(),
        ref: Text.optional(),
      }),
    )
    .min(2),
  rows: z.array(z.array(z.union([z.number(), z.string()]))).optional(),
  count: z.int().positive().optional(),
});
export type DataTableSpec = z.output<typeof DataTableSpec>;

/** The step-by-step PDF guide of a kit. */
export const GuideSpec = z.strictObject({
  title: Text,
  intro: Text,
  sections: z.array(z.strictObject({ heading: Text, steps: z.array(Text).min(1) })).min(2),
});
export type GuideSpec = z.output<typeof GuideSpec>;

/** Power BI: the data as CSV, the DAX measures and the guide that builds the report. */
export const DashboardSpec = z.strictObject({
  tables: z.array(DataTableSpec).min(1),
  measures: z.array(Text).min(3),
  guide: GuideSpec,
});
export type DashboardSpec = z.output<typeof DashboardSpec>;

/** Publisher: the brochure's copy, its cover artwork and the layout guide. */
export const BrochureSpec = z.strictObject({
  textFile: Text,
  coverTitle: Text,
  text: z.array(z.string()).min(4),
  guide: GuideSpec,
});
export type BrochureSpec = z.output<typeof BrochureSpec>;

/** Access: the tables as CSV, the creation script (from the columns' SQL types), the queries and the guide. */
export const DatabaseSpec = z.strictObject({
  tables: z.array(DataTableSpec.extend({ table: Text })).min(2),
  queries: z.array(z.strictObject({ title: Text, sql: Text })).min(1),
  guide: GuideSpec,
});
export type DatabaseSpec = z.output<typeof DatabaseSpec>;

const KitDocument = Outline.extend({ title: Text });
/** A pack of four documents on one subject: notes (PDF), a workbook, a procedure (Word) and slides. */
export const KitSpec = z.strictObject({
  notes: KitDocument,
  workbook: WorkbookSpec.extend({ title: Text }),
  procedure: KitDocument,
  slides: KitDocument.extend({ sections: Outline.shape.sections.length(3) }),
});
export type KitSpec = z.output<typeof KitSpec>;

/** A product's own file, by its type. */
export const FileSpec = z.union([
  z.strictObject({ workbook: WorkbookSpec }),
  z.strictObject({ dashboard: DashboardSpec }),
  z.strictObject({ brochure: BrochureSpec }),
  z.strictObject({ database: DatabaseSpec }),
  z.strictObject({ kit: KitSpec }),
]);
export type FileSpec = z.output<typeof FileSpec>;
