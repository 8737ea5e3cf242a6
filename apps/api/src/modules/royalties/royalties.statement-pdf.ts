import type {
  Language,
  PayoutSummary,
  RoyaltyEntry,
  RoyaltyEntryKind,
  RoyaltyFormat,
  RoyaltyState,
} from '@hls/contract';
import { royaltyFormats } from '@hls/contract';
import { PdfWriter } from '../../lib/pdf/pdf-layout.ts';

/** The words of the author's statement files (CSV headers and labels, the PDF), in the author's language. */
export const statementWords = {
  fr: {
    title: 'Relevé de droits d’auteur',
    author: 'Auteur',
    period: 'Période',
    issued: 'Établi le',
    sales: 'Ventes et remboursements du mois',
    noSales: 'Aucune vente ni aucun remboursement n’a été enregistré ce mois-ci.',
    date: 'Date',
    order: 'Commande',
    productId: 'Produit (n°)',
    titleColumn: 'Titre',
    format: 'Format',
    kind: 'Type',
    quantity: 'Quantité',
    gross: 'Payé TTC (EUR)',
    vat: 'TVA (EUR)',
    net: 'Net (EUR)',
    rate: 'Taux (%)',
    royalty: 'Droits (EUR)',
    state: 'État',
    availableAt: 'Disponible le',
    paidAt: 'Versé le',
    payoutReference: 'Référence du versement',
    withholdingRate: 'Retenue à la source du versement (%)',
    /** The PDF's tables (amounts in euros, said once in the note). */
    columns: {
      net: 'Net',
      rate: 'Taux',
      royalty: 'Droits',
      amount: 'Montant',
      withheld: 'Retenue',
      transferred: 'Viré',
    },
    refund: 'remboursement',
    byFormat: 'Totaux par format',
    units: 'Unités',
    total: 'Total',
    payouts: 'Versements du mois',
    noPayouts: 'Aucun versement ce mois-ci.',
    reference: 'Référence',
    account: 'Compte',
    amount: 'Montant (EUR)',
    balance: 'Solde',
    opening: 'Solde au début du mois',
    earned: 'Droits du mois',
    paid: 'Versements du mois',
    closing: 'Solde reporté à la fin du mois',
    note: 'Montants en euros. Le net est ce que le client a payé après remise, TVA déduite\u202f; les droits sont arrondis au centime une fois par ligne. Un versement règle des droits\u202f: la retenue à la source au taux de votre pays de résidence (arrondie au centime inférieur, une fois par versement) et le reste viré. Un solde négatif (remboursement après versement) est déduit du versement suivant.',
    formats: { paper: 'Livre papier', ebook: 'Livre numérique', professional_file: 'Fichier professionnel' },
    kinds: { accrual: 'Vente', reversal: 'Remboursement' },
    states: { pending: 'En attente', available: 'Disponible', paid: 'Versé' },
  },
  en: {
    title: 'Royalty statement',
    author: 'Author',
    period: 'Period',
    issued: 'Issued on',
    sales: 'Sales and refunds of the month',
    noSales: 'No sale and no refund was recorded this month.',
    date: 'Date',
    order: 'Order',
    productId: 'Product (no.)',
    titleColumn: 'Title',
    format: 'Format',
    kind: 'Kind',
    quantity: 'Quantity',
    gross: 'Paid incl. VAT (EUR)',
    vat: 'VAT (EUR)',
    net: 'Net (EUR)',
    rate: 'Rate (%)',
    royalty: 'Royalty (EUR)',
    state: 'State',
    availableAt: 'Available on',
    paidAt: 'Paid on',
    payoutReference: 'Payout reference',
    withholdingRate: 'Payout withholding tax (%)',
    columns: {
      net: 'Net',
      rate: 'Rate',
      royalty: 'Royalty',
      amount: 'Amount',
      withheld: 'Withheld',
      transferred: 'Transferred',
    },
    refund: 'refund',
    byFormat: 'Totals by format',
    units: 'Units',
    total: 'Total',
    payouts: 'Payouts of the month',
    noPayouts: 'No payout this month.',
    reference: 'Reference',
    account: 'Account',
    amount: 'Amount (EUR)',
    balance: 'Balance',
    opening: 'Balance at the start of the month',
    earned: 'Royalties of the month',
    paid: 'Payouts of the month',
    closing: 'Balance carried at the end of the month',
    note: 'Amounts in euros. The net is what the customer paid after discount, VAT taken out; royalties are rounded to the cent once per line. A payout settles royalties: the tax withheld at the rate of your country of residence (rounded down to the cent, once per payout) and the rest transferred. A negative balance (a refund after a payout) is taken from the next payout.',
    formats: { paper: 'Paper book', ebook: 'Ebook', professional_file: 'Professional file' },
    kinds: { accrual: 'Sale', reversal: 'Refund' },
    states: { pending: 'Pending', available: 'Available', paid: 'Paid' },
  },
} as const satisfies Record<
  Language,
  Record<string, unknown> & {
    formats: Record<RoyaltyFormat, string>;
    kinds: Record<RoyaltyEntryKind, string>;
    states: Record<RoyaltyState, string>;
  }
>;

/** Integer cents as decimal euros with a dot, no float on the way: -512 → "-5.12". */
export function euros(cents: number): string {
  const abs = Math.abs(cents);
  return `${cents < 0 ? '-' : ''}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Basis points as a percentage: 2500 → "25", 1250 → "12.5", 1005 → "10.05". */
export function percent(bp: number): string {
  const rest = bp % 100;
  return rest === 0
    ? String(bp / 100)
    : `${Math.trunc(bp / 100)}.${String(rest).padStart(2, '0').replace(/0$/, '')}`;
}

/** What a monthly statement states: the month's entries and payouts and the balance before and after. */
export type StatementData = {
  language: Language;
  /** YYYY-MM. */
  month: string;
  issuedAt: Date;
  company: { name: string; address: string; vatNumber: string };
  author: { name: string; email: string };
  /** The month's entries, oldest first. */
  entries: Pick<
    RoyaltyEntry,
    | 'kind'
    | 'createdAt'
    | 'orderNumber'
    | 'title'
    | 'format'
    | 'quantity'
    | 'netCents'
    | 'rateBp'
    | 'royaltyCents'
  >[];
  payouts: Pick<
    PayoutSummary,
    | 'reference'
    | 'amountCents'
    | 'royaltiesCents'
    | 'withholdingBp'
    | 'withholdingCents'
    | 'paidAt'
    | 'ibanMasked'
  >[];
  /** Earned and not paid at the start and at the end of the month (negative after a refund of a paid sale). */
  openingCents: number;
  closingCents: number;
};

const locales: Record<Language, string> = { fr: 'fr-FR', en: 'en-GB' };

/**
 * The monthly royalty statement as a PDF: the company, the author, the month's sales and refunds line by line,
 * totals by format, the month's payouts, and the balance carried. Runs onto as many pages as the month needs.
 */
export async function renderStatement(data: StatementData): Promise<Buffer> {
  const w = statementWords[data.language];
  const locale = locales[data.language];
  const colon = data.language === 'fr' ? '\u202f:' : ':';
  const start = new Date(`${data.month}-01T00:00:00Z`);
  const last = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 0));
  const day = (date: Date | string, dateStyle: 'short' | 'medium' = 'medium') =>
    new Intl.DateTimeFormat(locale, { dateStyle, timeZone: 'UTC' }).format(new Date(date));
  const c = w.columns;
  const monthName = new Intl.DateTimeFormat(locale, {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(start);
  const money = (cents: number) =>
    new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(cents / 100);
  const rate = (bp: number) => `${percent(bp).replace('.', data.language === 'fr' ? ',' : '.')}\u202f%`;

  const pdf = await PdfWriter.create({
    title: `${w.title} ${data.month} – ${data.author.name}`,
    author: data.company.name,
    subject: `${w.title} – ${monthName}`,
    language: locale,
    unicode: true,
    runningHeader: `${data.company.name} – ${w.title} – ${monthName} – ${data.author.name}`,
    footer: `${data.company.name} – ${w.title} ${data.month}`,
  });

  // Company, then the statement's title, author and period.
  pdf.text(data.company.name, { size: 13, font: pdf.fonts.bold, after: 2 });
  for (const line of data.company.address.split(/\r?\n/).filter(Boolean)) {
    pdf.text(line, { size: 9, color: pdf.muted, after: 0 });
  }
  if (data.company.vatNumber) pdf.text(data.company.vatNumber, { size: 9, color: pdf.muted, after: 0 });
  pdf.space(14);
  pdf.heading(`${w.title} – ${monthName}`, 1);
  pdf.table(
    [
      [`${w.author}${colon}`, `${data.author.name} <${data.author.email}>`],
      [`${w.period}${colon}`, `${day(start)} – ${day(last)}`],
      [`${w.issued}${colon}`, day(data.issuedAt)],
    ],
    [0.25, 0.75],
    false,
  );

  pdf.heading(w.sales, 2);
  if (data.entries.length === 0) pdf.paragraph(w.noSales);
  else {
    pdf.table(
      [
        [w.date, w.order, w.titleColumn, w.format, c.net, c.rate, c.royalty],
        ...data.entries.map((entry) => [
          day(entry.createdAt, 'short'),
          entry.orderNumber,
          `${entry.title}${entry.quantity > 1 ? ` ×${entry.quantity}` : ''}${
            entry.kind === 'reversal' ? ` (${w.refund})` : ''
          }`,
          w.formats[entry.format],
          money(entry.netCents),
          rate(entry.rateBp),
          money(entry.royaltyCents),
        ]),
      ],
      [0.135, 0.2, 0.208, 0.155, 0.107, 0.088, 0.107],
      true,
      ['left', 'left', 'left', 'left', 'right', 'right', 'right'],
    );

    pdf.heading(w.byFormat, 3);
    const totals = royaltyFormats
      .map((format) => {
        const of = data.entries.filter((e) => e.format === format);
        return {
          format,
          count: of.length,
          units: of.reduce((sum, e) => sum + (e.kind === 'reversal' ? -e.quantity : e.quantity), 0),
          net: of.reduce((sum, e) => sum + e.netCents, 0),
          royalty: of.reduce((sum, e) => sum + e.royaltyCents, 0),
        };
      })
      .filter((row) => row.count > 0);
    pdf.table(
      [
        [w.format, w.units, c.net, c.royalty],
        ...totals.map((row) => [
          w.formats[row.format],
          String(row.units),
          money(row.net),
          money(row.royalty),
        ]),
        [
          w.total,
          String(totals.reduce((sum, row) => sum + row.units, 0)),
          money(totals.reduce((sum, row) => sum + row.net, 0)),
          money(totals.reduce((sum, row) => sum + row.royalty, 0)),
        ],
      ],
      [0.4, 0.15, 0.22, 0.23],
      true,
      ['left', 'right', 'right', 'right'],
    );
  }

  pdf.heading(w.payouts, 2);
  if (data.payouts.length === 0) pdf.paragraph(w.noPayouts);
  else {
    // The tax withheld and what was transferred get columns of their own only when some payout withheld any.
    const withheld = data.payouts.some((payout) => payout.withholdingCents > 0);
    if (withheld)
      pdf.table(
        [
          [w.date, w.reference, w.account, c.royalty, c.withheld, c.transferred],
          ...data.payouts.map((payout) => [
            day(payout.paidAt, 'short'),
            payout.reference,
            payout.ibanMasked,
            money(payout.royaltiesCents),
            `${money(payout.withholdingCents)} (${percent(payout.withholdingBp)})`,
            money(payout.amountCents),
          ]),
        ],
        [0.13, 0.24, 0.24, 0.12, 0.14, 0.13],
        true,
        ['left', 'left', 'left', 'right', 'right', 'right'],
      );
    else
      pdf.table(
        [
          [w.date, w.reference, w.account, c.amount],
          ...data.payouts.map((payout) => [
            day(payout.paidAt, 'short'),
            payout.reference,
            payout.ibanMasked,
            money(payout.amountCents),
          ]),
        ],
        [0.2, 0.3, 0.3, 0.2],
        true,
        ['left', 'left', 'left', 'right'],
      );
  }

  const earned = data.entries.reduce((sum, e) => sum + e.royaltyCents, 0);
  // The royalties the payouts settled: what was transferred and the tax withheld from it.
  const paid = data.payouts.reduce((sum, p) => sum + p.royaltiesCents, 0);
  // The balance and its note stay together (on the next page if need be).
  pdf.ensure(180);
  pdf.heading(w.balance, 2);
  pdf.table(
    [
      [w.opening, money(data.openingCents)],
      [`+ ${w.earned}`, money(earned)],
      [`− ${w.paid}`, money(paid)],
      [w.closing, money(data.closingCents)],
    ],
    [0.7, 0.3],
    false,
    ['left', 'right'],
  );
  pdf.text(w.note, { size: 8.5, color: pdf.muted });
  return pdf.finish();
}
