import type { PDFFont, PDFPage } from '@cantoo/pdf-lib';
import type { Address, DigitalConsent, InvoiceKind, Language, LineFormat, TaxTreatment } from '@hls/contract';
import { embedUnicodeFont } from './fonts.ts';
import { fitWords } from './pdf-layout.ts';
import { colours, loadPdfLib } from './load.ts';

/** The seller as an invoice names it (a copy of the settings when it was issued). */
export type InvoiceSellerData = {
  name: string;
  address: string;
  vatNumber: string;
  ossNumber: string;
  iossNumber: string;
};

/** The buyer as an invoice names them. */
export type InvoiceBuyerData = {
  name: string;
  email: string;
  country: string;
  vatNumber: string | null;
  /** The delivery address, one line each. */
  address: string | null;
};

/** A line as invoiced: what it is, where and how it was taxed, its net, VAT and amount (negative on a credit note). */
export type InvoiceLineData = {
  title: string;
  format: LineFormat;
  quantity: number;
  country: string;
  treatment: TaxTreatment;
  rateBp: number;
  netCents: number;
  vatCents: number;
  amountCents: number;
};

/**
 * What an invoice or credit note states (stored with the order e-mails, and read back from the invoices' tables
 * for a download): everything the PDF shows, so the same document gives the same bytes.
 */
export type InvoiceDocument = {
  id: string;
  kind: InvoiceKind;
  number: string;
  /** ISO time of issue. */
  issuedAt: string;
  language: Language;
  orderNumber: string;
  /** A credit note's invoice number. */
  creditsNumber: string | null;
  seller: InvoiceSellerData;
  buyer: InvoiceBuyerData;
  lines: InvoiceLineData[];
  netCents: number;
  vatCents: number;
  totalCents: number;
  reverseCharge: boolean;
};

/** The order confirmation's extras: the digital-goods consents word for word, the delivery address. */
export type InvoiceExtras = { consent?: DigitalConsent | null; deliveryAddress?: Address | null };

const words = {
  fr: {
    invoice: 'Facture',
    credit_note: 'Avoir',
    number: 'Numéro',
    date: 'Date',
    order: 'Commande',
    credits: 'Avoir sur la facture',
    seller: 'Vendeur',
    buyer: 'Client',
    ukVat: 'N° TVA (Royaume-Uni)',
    oss: 'N° d’identification OSS (UE)',
    ioss: 'N° IOSS (UE)',
    buyerVat: 'N° TVA',
    country: 'Pays',
    item: 'Désignation',
    quantity: 'Qté',
    rate: 'Taux TVA',
    net: 'Montant HT',
    vat: 'TVA',
    amount: 'Montant TTC',
    summary: 'Récapitulatif de la TVA',
    base: 'Base HT',
    totalNet: 'Total HT',
    totalVat: 'Total TVA',
    total: { invoice: 'Total payé (EUR)', credit_note: 'Total remboursé (EUR)' },
    treatments: {
      oss: 'TVA {{country}} (guichet unique OSS)',
      ioss: 'TVA {{country}} à l’importation (IOSS)',
      uk: 'TVA du Royaume-Uni',
      local: 'TVA {{country}}',
      reverse_charge: 'autoliquidation',
      import: 'TVA à l’importation due par le destinataire',
      import_paid: 'TVA {{country}} à l’importation, acquittée par le vendeur',
      outside_scope: 'hors du champ de la TVA',
    },
    reverseCharge: 'Autoliquidation\u202f: TVA due par le preneur (article 196 de la directive 2006/112/CE).',
    outsideScope: 'TVA non applicable — prestation hors du champ de la TVA de l’UE et du Royaume-Uni.',
    importVat: 'TVA à l’importation due par le destinataire à la livraison.',
    creditNote: 'Cet avoir annule les lignes ci-dessus de la facture {{number}}.',
    delivery: 'Adresse de livraison',
    consent: 'Contenus numériques — consentement enregistré le',
    payment: { invoice: 'Payé par carte bancaire.', credit_note: 'Remboursé sur la carte du paiement.' },
    formats: { paper: 'livre papier', ebook: 'livre numérique', file: 'fichier' },
    page: 'page',
    colon: '\u202f:',
  },
  en: {
    invoice: 'Invoice',
    credit_note: 'Credit note',
    number: 'Number',
    date: 'Date',
    order: 'Order',
    credits: 'Credits invoice',
    seller: 'Seller',
    buyer: 'Customer',
    ukVat: 'UK VAT no.',
    oss: 'EU OSS no.',
    ioss: 'EU IOSS no.',
    buyerVat: 'VAT no.',
    country: 'Country',
    item: 'Item',
    quantity: 'Qty',
    rate: 'VAT rate',
    net: 'Net',
    vat: 'VAT',
    amount: 'Amount',
    summary: 'VAT summary',
    base: 'Net',
    totalNet: 'Total net',
    totalVat: 'Total VAT',
    total: { invoice: 'Total paid (EUR)', credit_note: 'Total refunded (EUR)' },
    treatments: {
      oss: '{{country}} VAT (One-Stop Shop)',
      ioss: '{{country}} import VAT (IOSS)',
      uk: 'UK VAT',
      local: '{{country}} VAT',
      reverse_charge: 'reverse charge',
      import: 'import VAT payable by the recipient',
      import_paid: '{{country}} import VAT, paid by the seller',
      outside_scope: 'outside the scope of VAT',
    },
    reverseCharge:
      'Reverse charge: VAT to be accounted for by the customer (Article 196 of Council Directive 2006/112/EC).',
    outsideScope: 'VAT not applicable — supply outside the scope of EU/UK VAT.',
    importVat: 'Import VAT payable by the recipient on delivery.',
    creditNote: 'This credit note cancels the lines above of invoice {{number}}.',
    delivery: 'Delivery address',
    consent: 'Digital content — consent recorded on',
    payment: { invoice: 'Paid by card.', credit_note: 'Refunded to the card used for the payment.' },
    formats: { paper: 'paper book', ebook: 'ebook', file: 'file' },
    page: 'page',
    colon: ':',
  },
} as const;

const locales: Record<Language, string> = { fr: 'fr-FR', en: 'en-GB' };
const A4: [number, number] = [595.28, 841.89];
const MARGIN = 50;

/** The words of an invoice, for the e-mails and tests that name it. */
export const invoiceTitle = (kind: InvoiceKind, language: Language): string => words[language][kind];

/** "5,5 %" / "5.5%": a rate in basis points as the language writes it. */
export function formatRate(rateBp: number, language: Language): string {
  const value = new Intl.NumberFormat(locales[language], { maximumFractionDigits: 2 }).format(rateBp / 100);
  return language === 'fr' ? `${value}\u202f%` : `${value}%`;
}

/** How a line was taxed, as its note says it: an import with VAT charged is delivered duty paid. */
const treatmentKey = (line: InvoiceLineData) =>
  line.treatment === 'import' && line.vatCents !== 0 ? 'import_paid' : line.treatment;

function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  return text
    .split('\n')
    .flatMap((paragraph) => fitWords(paragraph.split(/[ \t]+/).filter(Boolean), font, size, width));
}

/**
 * The invoice (or credit note) as a PDF, in the buyer's language: the seller's identifiers (UK VAT, EU OSS, and
 * IOSS when a line is imported under it), the number and date, the buyer (name, country, VAT number), each line
 * with where and at which rate it was taxed, a summary per rate, the totals, and the mentions the law requires
 * (reverse charge, outside the scope, import VAT). Deterministic: the same document gives the same bytes.
 */
export async function renderInvoice(data: InvoiceDocument, extras: InvoiceExtras = {}): Promise<Uint8Array> {
  const lng = data.language;
  const l = words[lng];
  const say = (template: string, values: Record<string, string>) =>
    template.replace(/\{\{(\w+)\}\}/g, (_m, key: string) => values[key] ?? '');
  const money = (cents: number) =>
    new Intl.NumberFormat(locales[lng], { style: 'currency', currency: 'EUR' }).format(cents / 100);
  const day = (iso: string) =>
    new Intl.DateTimeFormat(locales[lng], { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(iso));
  const when = (iso: string) =>
    new Intl.DateTimeFormat(locales[lng], { dateStyle: 'long', timeStyle: 'long', timeZone: 'UTC' }).format(
      new Date(iso),
    );
  const countries = new Intl.DisplayNames([locales[lng]], { type: 'region' });
  const countryName = (code: string) => countries.of(code) ?? code;

  const pdfLib = await loadPdfLib();
  const { PDFDocument } = pdfLib;
  const { ink, muted, rule } = colours(pdfLib);
  const doc = await PDFDocument.create({ updateMetadata: false });
  const issuedAt = new Date(data.issuedAt);
  const title = l[data.kind];
  doc.setTitle(`${title} ${data.number}`);
  doc.setAuthor(data.seller.name);
  doc.setSubject(`${l.order} ${data.orderNumber}`);
  doc.setCreator('HLS');
  doc.setProducer('HLS');
  doc.setLanguage(locales[lng]);
  doc.setCreationDate(issuedAt);
  doc.setModificationDate(issuedAt);
  const regular = await embedUnicodeFont(doc, 'regular');
  const bold = await embedUnicodeFont(doc, 'bold');

  const width = A4[0] - 2 * MARGIN;
  const right = MARGIN + width;
  let page!: PDFPage;
  let y = 0;
  const newPage = () => {
    page = doc.addPage(A4);
    y = A4[1] - MARGIN;
  };
  const ensure = (height: number) => {
    if (y - height < MARGIN + 20) newPage();
  };
  type TextOptions = { x?: number; size?: number; font?: PDFFont; color?: typeof ink; right?: number };
  const text = (value: string, options: TextOptions = {}) => {
    const size = options.size ?? 9.5;
    const font = options.font ?? regular;
    const x =
      options.right !== undefined
        ? options.right - font.widthOfTextAtSize(value, size)
        : (options.x ?? MARGIN);
    page.drawText(value, { x, y, size, font, color: options.color ?? ink });
  };
  const paragraph = (value: string, size = 9.5, font = regular, color = ink, x = MARGIN, w = width) => {
    for (const line of wrap(value, font, size, w)) {
      ensure(size + 4);
      text(line, { size, font, color, x });
      y -= size + 4;
    }
  };
  const hr = () => {
    page.drawLine({ start: { x: MARGIN, y }, end: { x: right, y }, thickness: 0.6, color: rule });
  };

  newPage();
  // The seller on the left, the title, number and date on the right.
  const top = y;
  text(data.seller.name, { size: 14, font: bold });
  y -= 17;
  const sellerLines = [
    ...data.seller.address.split(/\r?\n/),
    ...(data.seller.vatNumber ? [`${l.ukVat} ${data.seller.vatNumber}`] : []),
    ...(data.seller.ossNumber && data.lines.some((line) => line.treatment === 'oss')
      ? [`${l.oss} ${data.seller.ossNumber}`]
      : []),
    ...(data.seller.iossNumber && data.lines.some((line) => line.treatment === 'ioss')
      ? [`${l.ioss} ${data.seller.iossNumber}`]
      : []),
  ];
  for (const line of sellerLines) {
    for (const part of wrap(line, regular, 8.5, width / 2)) {
      text(part, { size: 8.5, color: muted });
      y -= 11;
    }
  }
  const sellerBottom = y;
  y = top;
  text(title, { size: 20, font: bold, right });
  y -= 22;
  const facts: [string, string][] = [
    [l.number, data.number],
    [l.date, day(data.issuedAt)],
    [l.order, data.orderNumber],
    ...(data.creditsNumber ? [[l.credits, data.creditsNumber] as [string, string]] : []),
  ];
  for (const [label, value] of facts) {
    text(value, { size: 9.5, font: bold, right });
    text(`${label}${l.colon}`, {
      size: 9.5,
      color: muted,
      right: right - bold.widthOfTextAtSize(value, 9.5) - 8,
    });
    y -= 13;
  }
  y = Math.min(y, sellerBottom) - 14;

  // The buyer.
  text(l.buyer, { size: 10, font: bold });
  y -= 14;
  const buyerLines = [
    data.buyer.name,
    data.buyer.email,
    `${l.country}${l.colon} ${countryName(data.buyer.country)}`,
    ...(data.buyer.vatNumber ? [`${l.buyerVat} ${data.buyer.vatNumber}`] : []),
  ];
  for (const line of buyerLines) paragraph(line, 9.5);
  y -= 12;

  // The lines.
  const columns = {
    quantity: right - 250,
    rate: right - 190,
    net: right - 130,
    vat: right - 70,
    amount: right,
  };
  const titleWidth = columns.quantity - MARGIN - 30;
  const header = (label: string, at: number) => text(label, { size: 8.5, font: bold, right: at });
  ensure(40);
  text(l.item, { size: 8.5, font: bold });
  header(l.quantity, columns.quantity);
  header(l.rate, columns.rate);
  header(l.net, columns.net);
  header(l.vat, columns.vat);
  header(l.amount, columns.amount);
  y -= 6;
  hr();
  y -= 13;
  for (const line of data.lines) {
    const titleLines = wrap(`${line.title} (${l.formats[line.format]})`, regular, 9, titleWidth);
    const how = say(l.treatments[treatmentKey(line)], { country: countryName(line.country) });
    const howLines = wrap(how, regular, 7.5, titleWidth);
    ensure(titleLines.length * 12 + howLines.length * 10 + 6);
    text(String(line.quantity), { size: 9, right: columns.quantity });
    text(formatRate(line.rateBp, lng), { size: 9, right: columns.rate });
    text(money(line.netCents), { size: 9, right: columns.net });
    text(money(line.vatCents), { size: 9, right: columns.vat });
    text(money(line.amountCents), { size: 9, right: columns.amount });
    for (const titleLine of titleLines) {
      text(titleLine, { size: 9 });
      y -= 12;
    }
    for (const howLine of howLines) {
      text(howLine, { size: 7.5, color: muted });
      y -= 10;
    }
    y -= 4;
  }
  y += 6;
  hr();
  y -= 16;

  // The VAT per rate (and country), then the totals.
  const groups = new Map<string, { label: string; net: number; vat: number }>();
  for (const line of data.lines) {
    const taxed = line.vatCents !== 0 || line.rateBp !== 0;
    const key = taxed ? `${line.country}:${line.rateBp}` : `none:${line.treatment}`;
    const label = taxed
      ? `${formatRate(line.rateBp, lng)} — ${countryName(line.country)}`
      : `${formatRate(0, lng)} — ${say(l.treatments[treatmentKey(line)], { country: countryName(line.country) })}`;
    const group = groups.get(key) ?? { label, net: 0, vat: 0 };
    group.net += line.netCents;
    group.vat += line.vatCents;
    groups.set(key, group);
  }
  ensure(30 + groups.size * 13);
  text(l.summary, { size: 9.5, font: bold });
  text(l.base, { size: 8.5, font: bold, right: columns.net });
  text(l.vat, { size: 8.5, font: bold, right: columns.vat });
  y -= 13;
  for (const group of groups.values()) {
    text(group.label, { size: 8.5 });
    text(money(group.net), { size: 8.5, right: columns.net });
    text(money(group.vat), { size: 8.5, right: columns.vat });
    y -= 12;
  }
  y -= 10;
  const totals: [string, string, boolean][] = [
    [l.totalNet, money(data.netCents), false],
    [l.totalVat, money(data.vatCents), false],
    [l.total[data.kind], money(data.totalCents), true],
  ];
  for (const [label, value, strong] of totals) {
    ensure(18);
    const font = strong ? bold : regular;
    text(label, { x: columns.rate - 60, size: strong ? 11 : 9.5, font });
    text(value, { size: strong ? 11 : 9.5, font, right: columns.amount });
    y -= strong ? 18 : 14;
  }
  y -= 8;

  // The mentions the law requires.
  const treatments = new Set(data.lines.map((line) => line.treatment));
  const mentions = [
    ...(data.reverseCharge || treatments.has('reverse_charge') ? [l.reverseCharge] : []),
    ...(treatments.has('outside_scope') ? [l.outsideScope] : []),
    // Import VAT the recipient pays on delivery: only on a line imported without VAT charged here.
    ...(data.lines.some((line) => line.treatment === 'import' && line.vatCents === 0) ? [l.importVat] : []),
    ...(data.creditsNumber ? [say(l.creditNote, { number: data.creditsNumber })] : []),
  ];
  for (const mention of mentions) paragraph(mention, 9, bold);
  if (mentions.length) y -= 8;

  const address = extras.deliveryAddress;
  if (address || data.buyer.address) {
    ensure(80);
    paragraph(l.delivery, 9.5, bold);
    const lines = address
      ? [
          address.fullName,
          address.line1,
          address.line2,
          `${address.postalCode} ${address.city}`,
          countryName(address.country),
        ]
      : (data.buyer.address ?? '').split('\n');
    for (const line of lines.filter((value): value is string => Boolean(value))) paragraph(line, 9);
    y -= 8;
  }

  if (extras.consent) {
    ensure(70);
    paragraph(`${l.consent} ${when(extras.consent.at)}${l.colon}`, 9.5, bold);
    paragraph(`✓ ${extras.consent.immediateDelivery}`, 9);
    paragraph(`✓ ${extras.consent.withdrawalWaiver}`, 9);
    y -= 8;
  }

  paragraph(l.payment[data.kind], 8.5, regular, muted);

  const pages = doc.getPages();
  pages.forEach((p, index) => {
    const label = `${title} ${data.number} — ${l.page} ${index + 1} / ${pages.length}`;
    p.drawText(label, {
      x: right - regular.widthOfTextAtSize(label, 8),
      y: MARGIN - 24,
      size: 8,
      font: regular,
      color: muted,
    });
  });
  return doc.save({ useObjectStreams: true });
}

/** The file name of an invoice's or credit note's PDF. */
export const invoiceFilename = (data: Pick<InvoiceDocument, 'kind' | 'number'>): string =>
  `${data.kind === 'invoice' ? 'invoice' : 'credit-note'}-${data.number}.pdf`;
