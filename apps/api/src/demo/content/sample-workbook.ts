import ExcelJS from 'exceljs';
import type { Language } from '@hls/contract';
import type { CellType, WorkbookSpec } from './sample-specs.ts';

export type SpecWorkbookInput = {
  title: string;
  author: string;
  language: Language;
  description?: string;
  workbook: WorkbookSpec;
};

const DOCUMENT_DATE = new Date('2026-01-05T09:00:00Z');
const headerFill: ExcelJS.Fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FF1D4ED8' } };
const headerFont: Partial<ExcelJS.Font> = { bold: true, color: { argb: 'FFFFFFFF' } };
const alertStyle: Partial<ExcelJS.Style> = {
  fill: { type: 'pattern', pattern: 'solid', bgColor: { argb: 'FFFECACA' } },
  font: { color: { argb: 'FF991B1B' }, bold: true },
};
const formats: Record<CellType, string | undefined> = {
  text: undefined,
  money: '#,##0.00',
  number: '#,##0.##',
  percent: '0.0%',
  date: 'dd/mm/yyyy',
};
/** Where the settings sheet lists its parameters: the first one on row 4, values in column B. */
const FIRST_PARAMETER_ROW = 4;

type Value = number | string | Date;
const letter = (index: number) => String.fromCharCode(65 + index);
const indexOf = (column: string) => column.charCodeAt(0) - 65;
const sheetRef = (name: string) => `'${name.replaceAll("'", "''")}'`;
const quote = (text: string) => `"${text.replaceAll('"', '""')}"`;
const round = (n: number) => Math.round(n * 10_000) / 10_000;
const num = (v: Value | undefined) => (typeof v === 'number' ? v : 0);
/** A quotient of a blank or by zero is blank, as IFERROR shows it. */
const blank = (a: Value | undefined, b: Value | undefined) =>
  typeof a !== 'number' || typeof b !== 'number' || b === 0;

type Computed = WorkbookSpec['data']['computed'][number];
type Where = { r: number; self: string; above: Value[] | undefined; first: Value[] };

/** The formula of a computed cell on row `r` and the value it gives (operands as [reference, value]). */
function computeCell(c: Computed, operands: [string, Value][], at: Where): [string, Value] {
  const [a, av] = operands[0]!;
  const [b, bv] = operands[1] ?? ['0', 0];
  const [s, sv] = operands[2] ?? ['0', 0];
  const column = indexOf(c.args[0]!);
  const previous = at.above?.[column];
  switch (c.op) {
    case 'add':
      return [`${a}+${b}`, num(av) + num(bv)];
    case 'sub':
      return [`${a}-${b}`, num(av) - num(bv)];
    case 'mul':
      return [`${a}*${b}`, num(av) * num(bv)];
    case 'div':
      return [`IFERROR(${a}/${b},"")`, blank(av, bv) ? '' : num(av) / num(bv)];
    case 'pct':
      return [`IFERROR((${a}-${b})/${b},"")`, blank(av, bv) ? '' : (num(av) - num(bv)) / num(bv)];
    case 'growth':
      if (at.r === 2) return ['""', ''];
      return [
        `IFERROR(${a}/${c.args[0]}${at.r - 1}-1,"")`,
        blank(av, previous) ? '' : num(av) / num(previous) - 1,
      ];
    case 'index':
      return [`${a}/$${c.args[0]}$2*${b}`, (num(av) / num(at.first[column])) * num(bv)];
    case 'running': {
      const start = at.r === 2 ? s : `${at.self}${at.r - 1}`;
      const before = at.r === 2 ? num(sv) : num(at.above?.[indexOf(at.self)]);
      return [`${start}+${a}-${b}`, before + num(av) - num(bv)];
    }
    case 'alert': {
      const text = c.text ?? '!';
      return [`IF(${a}<=${b},${quote(text)},"")`, num(av) <= num(bv) ? text : ''];
    }
  }
}

/**
 * A product's own workbook: settings (its parameters), data (sample rows and columns computed per row by
 * formulas) and a summary computed from the data, each formula stored with its result so any viewer shows values.
 */
export async function renderSpecWorkbook(input: SpecWorkbookInput): Promise<Buffer> {
  const { settings, data, summary } = input.workbook;
  const workbook = new ExcelJS.Workbook();
  workbook.creator = input.author;
  workbook.lastModifiedBy = input.author;
  workbook.title = input.title;
  if (input.description) workbook.description = input.description;
  workbook.created = DOCUMENT_DATE;
  workbook.modified = DOCUMENT_DATE;
  workbook.calcProperties.fullCalcOnLoad = true;

  const settingsSheet = workbook.addWorksheet(settings.sheet);
  settingsSheet.columns = [{ width: 34 }, { width: 24 }];
  settingsSheet.addRow([input.title]).font = { bold: true, size: 14 };
  settingsSheet.addRow([settings.help]).font = { italic: true, color: { argb: 'FF52606D' } };
  settingsSheet.addRow([]);
  const parameters = settings.parameters.map(([label, value, type]) => {
    const row = settingsSheet.addRow([label, value]);
    row.getCell(1).font = { bold: true };
    const format = formats[type];
    if (format) row.getCell(2).numFmt = format;
    return value;
  });
  const parameterRef = (n: number) => `${sheetRef(settings.sheet)}!$B$${FIRST_PARAMETER_ROW + n}`;

  const dataSheet = workbook.addWorksheet(data.sheet, { views: [{ state: 'frozen', ySplit: 1 }] });
  const columns = [...data.columns, ...data.computed];
  dataSheet.columns = columns.map((c) => ({ width: Math.max(12, c.header.length + 4) }));
  dataSheet.addRow(columns.map((c) => c.header)).eachCell((cell) => {
    cell.fill = headerFill;
    cell.font = headerFont;
  });
  const values: Value[][] = [];
  data.rows.forEach((raw, i) => {
    const r = i + 2;
    const row: Value[] = data.columns.map((c, k) =>
      c.type === 'date' ? new Date(`${raw[k]}T00:00:00Z`) : (raw[k] ?? ''),
    );
    const cells: ExcelJS.CellValue[] = [...row];
    for (const c of data.computed) {
      const operand = (arg: string): [string, Value] =>
        arg.startsWith('$')
          ? [parameterRef(Number(arg.slice(1))), parameters[Number(arg.slice(1))]!]
          : [`${arg}${r}`, row[indexOf(arg)]!];
      const [formula, result] = computeCell(c, c.args.map(operand), {
        r,
        self: letter(row.length),
        above: values[i - 1],
        first: values[0] ?? row,
      });
      const value = typeof result === 'number' ? round(result) : result;
      row.push(value);
      cells.push({ formula, result: value });
    }
    values.push(row);
    const added = dataSheet.addRow(cells);
    columns.forEach((c, k) => {
      const format = formats[c.type];
      if (format) added.getCell(k + 1).numFmt = format;
    });
  });
  const last = data.rows.length + 1;
  dataSheet.autoFilter = { from: 'A1', to: `${letter(columns.length - 1)}${last}` };
  data.computed.forEach((c, k) => {
    if (!c.highlight) return;
    const col = letter(data.columns.length + k);
    dataSheet.addConditionalFormatting({
      ref: `${col}2:${col}${last}`,
      rules: [
        c.op === 'alert'
          ? { type: 'expression', priority: 1, formulae: [`LEN(${col}2)>0`], style: alertStyle }
          : { type: 'cellIs', priority: 1, operator: 'lessThan', formulae: ['0'], style: alertStyle },
      ],
    });
  });

  const summarySheet = workbook.addWorksheet(summary.sheet);
  summarySheet.columns = [{ width: 40 }, { width: 20 }];
  summarySheet.addRow([input.title]).font = { bold: true, size: 14 };
  summarySheet.addRow([summary.heading]).font = { bold: true, size: 12 };
  const firstSummaryRow = 3;
  const range = (column: string) => `${sheetRef(data.sheet)}!$${column}$2:$${column}$${last}`;
  const columnValues = (column: string) => values.map((row) => row[indexOf(column)]);
  const results: number[] = [];
  for (const s of summary.rows) {
    const numbers = s.column ? columnValues(s.column).filter((v): v is number => typeof v === 'number') : [];
    const matches = (i: number) => String(values[i]![indexOf(s.where ?? 'A')]) === s.equals;
    const [formula, result]: [string, number] =
      s.op === 'sum'
        ? [`SUM(${range(s.column!)})`, numbers.reduce((t, n) => t + n, 0)]
        : s.op === 'average'
          ? [`AVERAGE(${range(s.column!)})`, numbers.reduce((t, n) => t + n, 0) / numbers.length]
          : s.op === 'max'
            ? [`MAX(${range(s.column!)})`, Math.max(...numbers)]
            : s.op === 'min'
              ? [`MIN(${range(s.column!)})`, Math.min(...numbers)]
              : s.op === 'sumif'
                ? [
                    `SUMIF(${range(s.where!)},${quote(s.equals!)},${range(s.column!)})`,
                    numbers.filter((_, i) => matches(i)).reduce((t, n) => t + n, 0),
                  ]
                : s.op === 'countif'
                  ? [
                      `COUNTIF(${range(s.where!)},${quote(s.equals!)})`,
                      values.filter((_, i) => matches(i)).length,
                    ]
                  : [
                      `IF(B${firstSummaryRow + s.of![1]}=0,0,B${firstSummaryRow + s.of![0]}/B${firstSummaryRow + s.of![1]})`,
                      results[s.of![1]] ? results[s.of![0]]! / results[s.of![1]]! : 0,
                    ];
    results.push(round(result));
    const row = summarySheet.addRow([s.label, { formula, result: round(result) }]);
    row.getCell(1).font = { bold: true };
    const format = formats[s.type];
    if (format) row.getCell(2).numFmt = format;
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** Checks what the schema cannot: every column a formula names exists, and ratios name earlier rows. */
export function workbookSpecIssues(spec: WorkbookSpec): string[] {
  const issues: string[] = [];
  const width = spec.data.columns.length;
  spec.data.rows.forEach((row, i) => {
    if (row.length !== width) issues.push(`data row ${i + 1} has ${row.length} cells, not ${width}`);
  });
  spec.data.computed.forEach((c, k) => {
    for (const arg of c.args) {
      if (arg.startsWith('$') && Number(arg.slice(1)) >= spec.settings.parameters.length)
        issues.push(`${c.header}: no parameter ${arg}`);
      if (!arg.startsWith('$') && indexOf(arg) >= width + k)
        issues.push(`${c.header}: no column ${arg} before it`);
    }
    if (c.op === 'running' && c.args.length !== 3)
      issues.push(`${c.header}: running needs in, out and start`);
    if (c.op === 'growth' && c.args.length !== 1) issues.push(`${c.header}: growth of one column`);
    if (
      c.op === 'index' &&
      (c.args.length !== 2 || c.args[0]!.startsWith('$') || !c.args[1]!.startsWith('$'))
    )
      issues.push(`${c.header}: index of a column times a parameter`);
    if (!['running', 'alert', 'growth', 'index'].includes(c.op) && c.args.length !== 2)
      issues.push(`${c.header}: needs two operands`);
  });
  const all = width + spec.data.computed.length;
  spec.summary.rows.forEach((s, i) => {
    for (const column of [s.column, s.where]) {
      if (column && indexOf(column) >= all) issues.push(`${s.label}: no column ${column}`);
    }
    if (s.op === 'ratio' && (!s.of || s.of[0] >= i || s.of[1] >= i))
      issues.push(`${s.label}: ratio of earlier rows`);
    if (s.op !== 'ratio' && s.op !== 'countif' && !s.column) issues.push(`${s.label}: needs a column`);
    if ((s.op === 'sumif' || s.op === 'countif') && (!s.where || !s.equals))
      issues.push(`${s.label}: needs where and equals`);
  });
  return issues;
}
