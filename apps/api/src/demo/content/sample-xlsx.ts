import ExcelJS from 'exceljs';
import type { Language } from '@hls/contract';
import { createRandom } from '../../lib/random.ts';

export type WorkbookInput = { title: string; author: string; language: Language };

const DOCUMENT_DATE = new Date('2026-01-05T09:00:00Z');

const copy = {
  fr: {
    settings: 'Paramètres',
    entries: 'Saisie',
    summary: 'Synthèse',
    company: 'Société',
    companyName: 'Atelier Lumière SARL',
    opening: 'Solde d’ouverture (€)',
    vat: 'Taux de TVA',
    year: 'Exercice',
    headers: ['Date', 'Libellé', 'Catégorie', 'Encaissement (€)', 'Décaissement (€)', 'Solde (€)'],
    categories: ['Ventes', 'Achats', 'Salaires', 'Loyer', 'Impôts et taxes', 'Services bancaires'],
    labels: {
      Ventes: ['Facture client', 'Vente comptoir', 'Acompte commande'],
      Achats: ['Fournisseur matières', 'Petit matériel', 'Fournitures de bureau'],
      Salaires: ['Virement des salaires'],
      Loyer: ['Loyer du local'],
      'Impôts et taxes': ['Acompte de TVA', 'Cotisation foncière'],
      'Services bancaires': ['Frais de tenue de compte'],
    } as Record<string, string[]>,
    byCategory: 'Flux par catégorie',
    byMonth: 'Solde par mois',
    month: 'Mois',
    category: 'Catégorie',
    in: 'Encaissements',
    out: 'Décaissements',
    net: 'Net',
    closing: 'Solde de clôture (€)',
    totals: 'Total',
    help: 'Saisissez vos opérations dans l’onglet «\u202fSaisie\u202f»\u202f: la synthèse et les soldes se recalculent seuls.',
    months: ['Janvier', 'Février', 'Mars', 'Avril', 'Mai', 'Juin'],
  },
  en: {
    settings: 'Settings',
    entries: 'Entries',
    summary: 'Summary',
    company: 'Company',
    companyName: 'Brightside Studio Ltd',
    opening: 'Opening balance (EUR)',
    vat: 'VAT rate',
    year: 'Financial year',
    headers: ['Date', 'Description', 'Category', 'Money in (EUR)', 'Money out (EUR)', 'Balance (EUR)'],
    categories: ['Sales', 'Purchases', 'Salaries', 'Rent', 'Taxes', 'Bank charges'],
    labels: {
      Sales: ['Customer invoice', 'Shop sale', 'Order deposit'],
      Purchases: ['Materials supplier', 'Small equipment', 'Office supplies'],
      Salaries: ['Payroll transfer'],
      Rent: ['Office rent'],
      Taxes: ['VAT payment', 'Business rates'],
      'Bank charges': ['Account fees'],
    } as Record<string, string[]>,
    byCategory: 'Cash flow by category',
    byMonth: 'Balance by month',
    month: 'Month',
    category: 'Category',
    in: 'Money in',
    out: 'Money out',
    net: 'Net',
    closing: 'Closing balance (EUR)',
    totals: 'Total',
    help: 'Record your transactions on the "Entries" sheet: the summary and balances update by themselves.',
    months: ['January', 'February', 'March', 'April', 'May', 'June'],
  },
} as const;

const headerFill: ExcelJS.Fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FF1D4ED8' } };
const headerFont: Partial<ExcelJS.Font> = { bold: true, color: { argb: 'FFFFFFFF' } };
const money = '#,##0.00';

/**
 * A cash-flow tracker micro-application: settings, an entry sheet with a running balance and a data-validated
 * category, and a summary computed by SUMIFS formulas (with cached results so any viewer shows the values).
 */
export async function renderWorkbook(input: WorkbookInput): Promise<Buffer> {
  const c = copy[input.language];
  const random = createRandom(`xlsx:${input.language}`);
  const workbook = new ExcelJS.Workbook();
  workbook.creator = input.author;
  workbook.lastModifiedBy = input.author;
  workbook.title = input.title;
  workbook.created = DOCUMENT_DATE;
  workbook.modified = DOCUMENT_DATE;
  workbook.calcProperties.fullCalcOnLoad = true;

  const opening = 12500;
  const settings = workbook.addWorksheet(c.settings);
  settings.columns = [{ width: 28 }, { width: 30 }];
  settings.addRow([input.title]).font = { bold: true, size: 14 };
  settings.addRow([c.help]).font = { italic: true, color: { argb: 'FF52606D' } };
  settings.addRow([]);
  settings.addRow([c.company, c.companyName]);
  settings.addRow([c.year, 2026]);
  settings.addRow([c.opening, opening]).getCell(2).numFmt = money;
  settings.addRow([c.vat, 0.2]).getCell(2).numFmt = '0%';
  for (let r = 4; r <= 7; r += 1) settings.getCell(`A${r}`).font = { bold: true };

  const entries = workbook.addWorksheet(c.entries, { views: [{ state: 'frozen', ySplit: 1 }] });
  entries.columns = [
    { width: 12 },
    { width: 30 },
    { width: 20 },
    { width: 18 },
    { width: 18 },
    { width: 16 },
  ];
  const header = entries.addRow([...c.headers]);
  header.eachCell((cell) => {
    cell.fill = headerFill;
    cell.font = headerFont;
  });

  type Entry = { date: Date; label: string; category: string; amountIn: number; amountOut: number };
  const rows: Entry[] = [];
  for (let month = 0; month < 6; month += 1) {
    const count = random.int(5, 8);
    for (let i = 0; i < count; i += 1) {
      const category = i < 3 ? c.categories[0] : random.pick(c.categories.slice(1));
      const isIn = category === c.categories[0];
      const amount = Math.round((isIn ? random.int(900, 4800) : random.int(40, 2600)) * 100) / 100;
      rows.push({
        date: new Date(Date.UTC(2026, month, 1 + Math.floor(((i + 1) * 27) / (count + 1)))),
        label: random.pick(c.labels[category] ?? [category]),
        category,
        amountIn: isIn ? amount : 0,
        amountOut: isIn ? 0 : amount,
      });
    }
  }
  let balance = opening;
  rows.forEach((row, i) => {
    const r = i + 2;
    balance = Math.round((balance + row.amountIn - row.amountOut) * 100) / 100;
    const previous = r === 2 ? `'${c.settings}'!B6` : `F${r - 1}`;
    const added = entries.addRow([
      row.date,
      row.label,
      row.category,
      row.amountIn || null,
      row.amountOut || null,
      { formula: `${previous}+D${r}-E${r}`, result: balance },
    ]);
    added.getCell(1).numFmt = 'dd/mm/yyyy';
    for (const col of [4, 5, 6]) added.getCell(col).numFmt = money;
    added.getCell(3).dataValidation = {
      type: 'list',
      allowBlank: false,
      formulae: [`"${c.categories.join(',')}"`],
    };
  });
  const last = rows.length + 1;
  entries.autoFilter = { from: 'A1', to: `F${last}` };

  const summary = workbook.addWorksheet(c.summary);
  summary.columns = [{ width: 24 }, { width: 18 }, { width: 18 }, { width: 18 }];
  summary.addRow([input.title]).font = { bold: true, size: 14 };
  summary.addRow([]);
  summary.addRow([c.byCategory]).font = { bold: true, size: 12 };
  const categoryHeader = summary.addRow([c.category, c.in, c.out, c.net]);
  categoryHeader.eachCell((cell) => {
    cell.fill = headerFill;
    cell.font = headerFont;
  });
  const entriesRef = `'${c.entries}'`;
  const firstCategoryRow = 5;
  c.categories.forEach((category, i) => {
    const r = firstCategoryRow + i;
    const inSum = rows.filter((x) => x.category === category).reduce((s, x) => s + x.amountIn, 0);
    const outSum = rows.filter((x) => x.category === category).reduce((s, x) => s + x.amountOut, 0);
    const row = summary.addRow([
      category,
      { formula: `SUMIFS(${entriesRef}!$D$2:$D$${last},${entriesRef}!$C$2:$C$${last},A${r})`, result: inSum },
      {
        formula: `SUMIFS(${entriesRef}!$E$2:$E$${last},${entriesRef}!$C$2:$C$${last},A${r})`,
        result: outSum,
      },
      { formula: `B${r}-C${r}`, result: Math.round((inSum - outSum) * 100) / 100 },
    ]);
    for (const col of [2, 3, 4]) row.getCell(col).numFmt = money;
  });
  const lastCategoryRow = firstCategoryRow + c.categories.length - 1;
  const totalIn = rows.reduce((s, x) => s + x.amountIn, 0);
  const totalOut = rows.reduce((s, x) => s + x.amountOut, 0);
  const totalRow = summary.addRow([
    c.totals,
    { formula: `SUM(B${firstCategoryRow}:B${lastCategoryRow})`, result: totalIn },
    { formula: `SUM(C${firstCategoryRow}:C${lastCategoryRow})`, result: totalOut },
    { formula: `B${lastCategoryRow + 1}-C${lastCategoryRow + 1}`, result: totalIn - totalOut },
  ]);
  totalRow.font = { bold: true };
  for (const col of [2, 3, 4]) totalRow.getCell(col).numFmt = money;
  summary.addRow([]);
  const closingRow = summary.addRow([
    c.closing,
    { formula: `'${c.settings}'!B6+D${lastCategoryRow + 1}`, result: balance },
  ]);
  closingRow.font = { bold: true };
  closingRow.getCell(2).numFmt = money;

  summary.addRow([]);
  summary.addRow([c.byMonth]).font = { bold: true, size: 12 };
  const monthHeader = summary.addRow([c.month, c.in, c.out, c.net]);
  monthHeader.eachCell((cell) => {
    cell.fill = headerFill;
    cell.font = headerFont;
  });
  c.months.forEach((name, month) => {
    const from = `DATE(2026,${month + 1},1)`;
    const to = `DATE(2026,${month + 2},1)`;
    const inMonth = rows.filter((x) => x.date.getUTCMonth() === month);
    const inSum = inMonth.reduce((s, x) => s + x.amountIn, 0);
    const outSum = inMonth.reduce((s, x) => s + x.amountOut, 0);
    const r = summary.rowCount + 1;
    const row = summary.addRow([
      name,
      {
        formula: `SUMIFS(${entriesRef}!$D$2:$D$${last},${entriesRef}!$A$2:$A$${last},">="&${from},${entriesRef}!$A$2:$A$${last},"<"&${to})`,
        result: inSum,
      },
      {
        formula: `SUMIFS(${entriesRef}!$E$2:$E$${last},${entriesRef}!$A$2:$A$${last},">="&${from},${entriesRef}!$A$2:$A$${last},"<"&${to})`,
        result: outSum,
      },
      { formula: `B${r}-C${r}`, result: Math.round((inSum - outSum) * 100) / 100 },
    ]);
    for (const col of [2, 3, 4]) row.getCell(col).numFmt = money;
  });

  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** The entries of a generated workbook as CSV (for the Power BI and Access packages). */
export function toCsv(rows: (string | number)[][]): string {
  const cell = (v: string | number) => {
    const text = String(v);
    return /[",;\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
  };
  return rows.map((r) => r.map(cell).join(',')).join('\r\n') + '\r\n';
}
