import type { PDFFont, PDFPage } from '@cantoo/pdf-lib';
import type { Address, DigitalConsent, Language, LineFormat } from '@hls/contract';
import { embedUnicodeFont } from './fonts.ts';
import { fitWords } from './pdf-layout.ts';
import { colours, loadPdfLib } from './load.ts';

/** What a receipt states: the order as paid, the consents recorded for digital goods, the seller. */
export type ReceiptData = {
  language: Language;
  orderNumber: string;
  /** ISO time of the payment. */
  paidAt: string;
  customer: { name: string; email: string | null };
  lines: {
    title: string;
    format: LineFormat;
    quantity: number;
    unitFinalCents: number;
    totalCents: number;
  }[];
  subtotalCents: number;
  discountCents: number;
  totalCents: number;
  /** VAT included in the total; null when no VAT rate is configured. */
  vatCents: number | null;
  consent: DigitalConsent | null;
  address: Address | null;
  company: { name: string; address: string; vatNumber: string };
};

const words = {
  fr: {
    title: 'Reçu',
    order: 'Commande',
    paid: 'Payée le',
    customer: 'Client',
    item: 'Article',
    quantity: 'Qté',
    unit: 'Prix unitaire',
    amount: 'Montant',
    subtotal: 'Sous-total (prix catalogue)',
    discount: 'Remises',
    delivery: 'Livraison depuis Tunis',
    included: 'incluse',
    total: 'Total payé (EUR)',
    vat: 'dont TVA',
    noVat: 'Aucune TVA n’est facturée sur cette commande.',
    vatNumber: 'N° TVA',
    address: 'Adresse de livraison',
    consent: 'Contenus numériques — consentement enregistré le',
    payment: 'Paiement par carte bancaire.',
    formats: { paper: 'livre papier', ebook: 'livre numérique', file: 'fichier' },
    page: 'page',
  },
  en: {
    title: 'Receipt',
    order: 'Order',
    paid: 'Paid on',
    customer: 'Customer',
    item: 'Item',
    quantity: 'Qty',
    unit: 'Unit price',
    amount: 'Amount',
    subtotal: 'Subtotal (list prices)',
    discount: 'Discounts',
    delivery: 'Delivery from Tunis',
    included: 'included',
    total: 'Total paid (EUR)',
    vat: 'of which VAT',
    noVat: 'No VAT is charged on this order.',
    vatNumber: 'VAT no.',
    address: 'Delivery address',
    consent: 'Digital content — consent recorded on',
    payment: 'Paid by card.',
    formats: { paper: 'paper book', ebook: 'ebook', file: 'file' },
    page: 'page',
  },
} as const;

const locales: Record<Language, string> = { fr: 'fr-FR', en: 'en-GB' };
const A4: [number, number] = [595.28, 841.89];
const MARGIN = 56;

/**
 * Lines of `text` no wider than `width` at `size` (words longer than a line are cut); no-break spaces ("12,50 €",
 * "date :") hold their words together.
 */
function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  return text
    .split('\n')
    .flatMap((paragraph) => fitWords(paragraph.split(/[ \t]+/).filter(Boolean), font, size, width));
}

/**
 * The PDF receipt attached to the order confirmation: seller, order number and payment time, lines, totals
 * (with the VAT line when VAT is configured), the delivery address and the digital-goods consents word for word
 * with their time. Deterministic: the same order gives the same bytes.
 */
export async function renderReceipt(data: ReceiptData): Promise<Uint8Array> {
  const l = words[data.language];
  const money = (cents: number) =>
    new Intl.NumberFormat(locales[data.language], { style: 'currency', currency: 'EUR' }).format(cents / 100);
  const when = (iso: string) =>
    new Intl.DateTimeFormat(locales[data.language], {
      dateStyle: 'long',
      timeStyle: 'long',
      timeZone: 'UTC',
    }).format(new Date(iso));

  const pdfLib = await loadPdfLib();
  const { PDFDocument } = pdfLib;
  const { ink, muted, rule } = colours(pdfLib);
  const doc = await PDFDocument.create({ updateMetadata: false });
  const paidAt = new Date(data.paidAt);
  doc.setTitle(`${l.title} ${data.orderNumber}`);
  doc.setAuthor(data.company.name);
  doc.setCreator('HLS');
  doc.setProducer('HLS');
  doc.setLanguage(locales[data.language]);
  doc.setCreationDate(paidAt);
  doc.setModificationDate(paidAt);
  const regular = await embedUnicodeFont(doc, 'regular');
  const bold = await embedUnicodeFont(doc, 'bold');

  const width = A4[0] - 2 * MARGIN;
  let page!: PDFPage;
  let y = 0;
  const newPage = () => {
    page = doc.addPage(A4);
    y = A4[1] - MARGIN;
  };
  const ensure = (height: number) => {
    if (y - height < MARGIN + 20) newPage();
  };
  const text = (
    value: string,
    options: { x?: number; size?: number; font?: PDFFont; color?: typeof ink; right?: number } = {},
  ) => {
    const size = options.size ?? 10;
    const font = options.font ?? regular;
    const x =
      options.right !== undefined
        ? options.right - font.widthOfTextAtSize(value, size)
        : (options.x ?? MARGIN);
    page.drawText(value, { x, y, size, font, color: options.color ?? ink });
  };
  const paragraph = (value: string, size = 9.5, font = regular, color = ink) => {
    for (const line of wrap(value, font, size, width)) {
      ensure(size + 4);
      text(line, { size, font, color });
      y -= size + 4;
    }
  };
  const hr = () => {
    page.drawLine({ start: { x: MARGIN, y }, end: { x: MARGIN + width, y }, thickness: 0.6, color: rule });
  };

  newPage();
  // Seller and title.
  text(data.company.name, { size: 15, font: bold });
  text(l.title, { size: 20, font: bold, right: MARGIN + width });
  y -= 18;
  for (const line of data.company.address.split(/\r?\n/)) {
    text(line, { size: 9, color: muted });
    y -= 12;
  }
  if (data.company.vatNumber) {
    text(`${l.vatNumber} ${data.company.vatNumber}`, { size: 9, color: muted });
    y -= 12;
  }
  y -= 14;

  // Order, payment time, customer.
  const facts: [string, string][] = [
    [l.order, data.orderNumber],
    [l.paid, when(data.paidAt)],
    [l.customer, data.customer.email ? `${data.customer.name} <${data.customer.email}>` : data.customer.name],
  ];
  for (const [label, value] of facts) {
    text(label, { size: 10, font: bold });
    text(value, { x: MARGIN + 110, size: 10 });
    y -= 15;
  }
  y -= 12;

  // Lines.
  const columns = { quantity: MARGIN + width - 190, unit: MARGIN + width - 80, amount: MARGIN + width };
  const titleWidth = columns.quantity - MARGIN - 40;
  text(l.item, { size: 9.5, font: bold });
  text(l.quantity, { size: 9.5, font: bold, right: columns.quantity });
  text(l.unit, { size: 9.5, font: bold, right: columns.unit });
  text(l.amount, { size: 9.5, font: bold, right: columns.amount });
  y -= 6;
  hr();
  y -= 14;
  for (const line of data.lines) {
    const titleLines = wrap(`${line.title} (${l.formats[line.format]})`, regular, 9.5, titleWidth);
    ensure(titleLines.length * 13 + 4);
    text(String(line.quantity), { size: 9.5, right: columns.quantity });
    text(money(line.unitFinalCents), { size: 9.5, right: columns.unit });
    text(money(line.totalCents), { size: 9.5, right: columns.amount });
    for (const titleLine of titleLines) {
      text(titleLine, { size: 9.5 });
      y -= 13;
    }
    y -= 3;
  }
  y += 6;
  hr();
  y -= 15;

  // Totals.
  const totals: [string, string, boolean][] = [
    [l.subtotal, money(data.subtotalCents), false],
    ...(data.discountCents > 0
      ? [[l.discount, `− ${money(data.discountCents)}`, false] as [string, string, boolean]]
      : []),
    ...(data.lines.some((line) => line.format === 'paper')
      ? [[l.delivery, l.included, false] as [string, string, boolean]]
      : []),
    [l.total, money(data.totalCents), true],
    ...(data.vatCents !== null ? [[l.vat, money(data.vatCents), false] as [string, string, boolean]] : []),
  ];
  for (const [label, value, strong] of totals) {
    ensure(16);
    const font = strong ? bold : regular;
    text(label, { x: columns.quantity - 150, size: strong ? 11 : 9.5, font });
    text(value, { size: strong ? 11 : 9.5, font, right: columns.amount });
    y -= strong ? 17 : 14;
  }
  if (data.vatCents === null) {
    y -= 2;
    paragraph(l.noVat, 8.5, regular, muted);
  }
  y -= 14;

  if (data.address) {
    ensure(90);
    paragraph(l.address, 10, bold);
    const a = data.address;
    const country =
      new Intl.DisplayNames([locales[data.language]], { type: 'region' }).of(a.country) ?? a.country;
    for (const line of [a.fullName, a.line1, a.line2, `${a.postalCode} ${a.city}`, country].filter(
      (value): value is string => Boolean(value),
    )) {
      paragraph(line, 9.5);
    }
    y -= 10;
  }

  if (data.consent) {
    ensure(70);
    paragraph(`${l.consent} ${when(data.consent.at)}${data.language === 'fr' ? '\u202f:' : ':'}`, 10, bold);
    paragraph(`✓ ${data.consent.immediateDelivery}`, 9.5);
    paragraph(`✓ ${data.consent.withdrawalWaiver}`, 9.5);
    y -= 10;
  }

  paragraph(l.payment, 8.5, regular, muted);

  // Page numbers, once every page exists.
  const pages = doc.getPages();
  pages.forEach((p, index) => {
    const label = `${data.orderNumber} — ${l.page} ${index + 1} / ${pages.length}`;
    p.drawText(label, {
      x: MARGIN + width - regular.widthOfTextAtSize(label, 8),
      y: MARGIN - 24,
      size: 8,
      font: regular,
      color: muted,
    });
  });
  return doc.save({ useObjectStreams: true });
}
