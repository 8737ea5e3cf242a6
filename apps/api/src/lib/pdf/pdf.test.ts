import { createHash } from 'node:crypto';
import { degrees, PDFDocument, StandardFonts } from '@cantoo/pdf-lib';
import { describe, expect, it } from 'vitest';
import { frenchTypographyFaults } from '@hls/contract/french-typography';
import { extractPdfText } from './pdf-text.ts';
import { renderReceipt, type ReceiptData } from './receipt.ts';
import { licenceLine, STAMP_DATE, stampPdf } from './stamp.ts';

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const buyer = { name: 'Zoë Łukasz', email: 'zoe.lukasz@example.test', orderNumber: 'HLS-2026-000042' };

/** A document as authors make them: pages of several sizes, one turned, text in a standard font. */
async function original(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle('Manuel de gestion');
  doc.setCreationDate(new Date('2025-03-01T10:00:00Z'));
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const sizes: [number, number][] = [
    [595, 842],
    [842, 595],
    [420, 595],
  ];
  sizes.forEach(([width, height], i) => {
    const page = doc.addPage([width, height]);
    page.drawText(`Chapitre ${i + 1} : trésorerie et bilan`, { x: 50, y: height - 80, size: 14, font });
  });
  doc.getPage(1).setRotation(degrees(90));
  return doc.save();
}

describe('stamped copies', () => {
  it('prints the buyer on every page in a Unicode font, keeps the text, and still opens', async () => {
    const source = await original();
    const stamped = await stampPdf(source, buyer);
    expect(Buffer.from(stamped).subarray(0, 5).toString()).toBe('%PDF-');

    const pages = await extractPdfText(stamped);
    expect(pages).toHaveLength(3);
    pages.forEach((text, i) => {
      expect(text).toContain(`Chapitre ${i + 1} : trésorerie et bilan`);
      expect(text).toContain('Licensed to Zoë Łukasz <zoe.lukasz@example.test> — order HLS-2026-000042');
      expect(text).toContain('Zoë Łukasz · HLS-2026-000042');
    });
    expect(licenceLine(buyer)).toBe(
      'Licensed to Zoë Łukasz <zoe.lukasz@example.test> — order HLS-2026-000042',
    );

    // Opens again, with its pages, their sizes and rotation, title and a fixed date.
    const doc = await PDFDocument.load(stamped, { updateMetadata: false });
    expect(doc.getPageCount()).toBe(3);
    expect(doc.getPage(1).getRotation().angle).toBe(90);
    expect(doc.getPage(2).getSize()).toEqual({ width: 420, height: 595 });
    expect(doc.getTitle()).toBe('Manuel de gestion');
    expect(doc.getModificationDate()?.toISOString()).toBe(STAMP_DATE.toISOString());
    // The font is embedded as a subset: a small fraction of DejaVu Sans's 750 kB.
    expect(stamped.length - source.length).toBeLessThan(60_000);
  });

  it('gives the same bytes for the same input (a stable SHA-256), and other bytes for another buyer', async () => {
    const source = await original();
    const first = await stampPdf(source, buyer);
    const second = await stampPdf(source, buyer);
    expect(sha256(first)).toBe(sha256(second));
    const other = await stampPdf(source, { ...buyer, name: 'Ali Ben Ali' });
    expect(sha256(other)).not.toBe(sha256(first));
  });

  it('refuses what is not a PDF', async () => {
    await expect(stampPdf(Buffer.from('not a pdf'), buyer)).rejects.toThrow();
  });
});

describe('receipts', () => {
  const data: ReceiptData = {
    language: 'en',
    orderNumber: 'HLS-2026-000042',
    paidAt: '2026-11-22T16:55:43.000Z',
    customer: { name: 'Zoë Łukasz', email: 'zoe.lukasz@example.test' },
    lines: [
      {
        title: 'Comptabilité générale',
        format: 'ebook',
        quantity: 1,
        unitFinalCents: 1250,
        totalCents: 1250,
      },
      { title: 'Le Petit Prince', format: 'paper', quantity: 2, unitFinalCents: 1990, totalCents: 3980 },
    ],
    subtotalCents: 5800,
    discountCents: 570,
    totalCents: 5230,
    vatCents: 450,
    consent: {
      immediateDelivery: 'I ask for the digital content to be delivered at once.',
      withdrawalWaiver: 'I acknowledge that I lose my right of withdrawal once the download starts.',
      language: 'en',
      at: '2026-11-22T16:54:10.000Z',
    },
    address: {
      fullName: 'Zoë Łukasz',
      line1: '3 rue de la Paix',
      postalCode: '75002',
      city: 'Paris',
      country: 'FR',
    },
    company: { name: 'HLS SARL', address: '12 avenue Habib Bourguiba, 1000 Tunis', vatNumber: 'TN1234567' },
  };

  it('states the seller, the order, the lines, the totals with VAT, the address and the consents', async () => {
    const text = (await extractPdfText(await renderReceipt(data))).join('\n');
    for (const expected of [
      'HLS SARL',
      'VAT no. TN1234567',
      'Receipt',
      'HLS-2026-000042',
      '22 November 2026 at 16:55:43 UTC',
      'Zoë Łukasz <zoe.lukasz@example.test>',
      'Comptabilité générale (ebook)',
      'Le Petit Prince (paper book)',
      '€39.80',
      '− €5.70',
      'Total paid (EUR)',
      '€52.30',
      'of which VAT',
      '€4.50',
      'France',
      'Digital content — consent recorded on 22 November 2026 at 16:54:10 UTC:',
      `✓ ${data.consent!.immediateDelivery}`,
      `✓ ${data.consent!.withdrawalWaiver}`,
    ]) {
      expect(text).toContain(expected);
    }
  });

  it('speaks of delivery from Tunis only on an order that holds paper books', async () => {
    const withBooks = (await extractPdfText(await renderReceipt(data))).join('\n');
    expect(withBooks).toContain('Delivery from Tunis');
    const digitalOnly = { ...data, lines: [data.lines[0]!], address: null };
    const text = (await extractPdfText(await renderReceipt(digitalOnly))).join('\n');
    expect(text).toContain('Comptabilité générale (ebook)');
    expect(text).not.toMatch(/Delivery/);
  });

  it('says no VAT is charged when none is configured, in French, and is deterministic', async () => {
    const fr = { ...data, language: 'fr' as const, vatCents: null, consent: null, address: null };
    const bytes = await renderReceipt(fr);
    const text = (await extractPdfText(bytes)).join('\n');
    expect(text).toContain('Reçu');
    expect(text).toContain('Aucune TVA n’est facturée sur cette commande.');
    expect(text).not.toContain('dont TVA');
    expect(sha256(await renderReceipt(fr))).toBe(sha256(bytes));
  });

  it('writes a French receipt in French typography, the consents line ending with a narrow space and a colon', async () => {
    const fr: ReceiptData = {
      ...data,
      language: 'fr',
      consent: {
        immediateDelivery: 'Je demande à recevoir les contenus numériques immédiatement.',
        withdrawalWaiver: 'Je reconnais perdre mon droit de rétractation dès le début du téléchargement.',
        language: 'fr',
        at: data.consent!.at,
      },
    };
    const text = (await extractPdfText(await renderReceipt(fr))).join('\n');
    expect(text).toMatch(/enregistré le 22 novembre 2026 à 16:54:10\sUTC\u202f:/);
    expect(frenchTypographyFaults(text)).toEqual([]);
  });

  it('continues on a second page for a long order', async () => {
    const lines = Array.from({ length: 60 }, (_, i) => ({
      title: `Livre numéro ${i + 1} avec un titre assez long pour tenir sur deux lignes du tableau des articles`,
      format: 'ebook' as const,
      quantity: 1,
      unitFinalCents: 100,
      totalCents: 100,
    }));
    const pages = await extractPdfText(await renderReceipt({ ...data, lines }));
    expect(pages.length).toBeGreaterThan(1);
    expect(pages.at(-1)).toContain(`page ${pages.length} / ${pages.length}`);
    expect(pages.join('\n')).toContain('Livre numéro 60');
  });
});
