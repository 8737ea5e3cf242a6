import { PDFDocument, StandardFonts } from '@cantoo/pdf-lib';
import { describe, expect, it } from 'vitest';
import { consentTexts, type DownloadLink, type DownloadList, type Order } from '@hls/contract';
import { customer, openShop } from '../../../test/checkout-fixtures.ts';
import { readMails, useApp } from '../../../test/helper.ts';
import { buy } from '../../../test/royalty-fixtures.ts';
import { extractPdfText } from '../../lib/pdf/pdf-text.ts';

/** The bytes of the attachment `filename` of a raw MIME message (base64 part). */
function attachment(raw: string, filename: string): Buffer | undefined {
  for (const part of raw.split(/\r?\n--[^\r\n]+\r?\n/)) {
    const [head, ...body] = part.split(/\r?\n\r?\n/);
    if (!head?.includes(`filename=${filename}`) && !head?.includes(`filename="${filename}"`)) continue;
    return Buffer.from(
      body
        .join('\n')
        .split(/\r?\n--/)[0]!
        .replace(/\s+/g, ''),
      'base64',
    );
  }
  return undefined;
}

describe('an ebook bought with the demo card, from the order to the stamped download', () => {
  const t = useApp();

  it('confirms the order by e-mail with its receipt and consents, then serves the buyer’s stamped copy', async () => {
    const shop = await openShop(t.app);
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    doc.addPage().drawText('Le jardin des oliviers - chapitre 1', { x: 60, y: 760, size: 14, font });
    const stored = await t.app.storage.putObject(
      `files/checkout-ebooks/${shop.bookId}.pdf`,
      await doc.save(),
      'application/pdf',
    );
    await t.app.catalog.assets.attach(shop.bookId, {
      fileType: 'pdf',
      storageKey: stored.key,
      originalName: 'le-jardin-des-oliviers.pdf',
      mime: 'application/pdf',
      sizeBytes: stored.sizeBytes,
      sha256: stored.sha256,
    });

    const buyer = await customer(t.app, 'fr');
    // Paid with the demo card and confirmed, as the buyer's browser does it.
    const order = await buy(t.app, buyer, [{ productId: shop.bookId, edition: 'ebook' }]);

    // The confirmation e-mail: the durable record of the consents, with the PDF invoice.
    await t.app.mail.sender.runOnce();
    const mail = readMails(t.mailDir).find((m) => m.to === buyer.email && m.subject.includes(order.number))!;
    expect(mail.subject).toBe(`Confirmation de votre commande ${order.number}`);
    expect(mail.body).toContain(consentTexts.fr.immediateDelivery);
    expect(mail.body).toContain(consentTexts.fr.withdrawalWaiver);
    const invoiceName = /filename="?(invoice-INV-\d{4}-\d{6}\.pdf)/.exec(mail.raw)?.[1];
    expect(invoiceName, 'the invoice is attached').toBeDefined();
    const receipt = attachment(mail.raw, invoiceName!);
    expect(receipt, 'the invoice is attached').toBeDefined();
    // Lines wrap in the PDF: compared word for word.
    const words = (text: string) => text.replace(/\s+/g, ' ');
    const receiptText = words((await extractPdfText(receipt!)).join('\n'));
    expect(receiptText).toContain(order.number);
    expect(receiptText).toContain(words(consentTexts.fr.immediateDelivery));
    expect(receiptText).toContain(words(consentTexts.fr.withdrawalWaiver));

    // The stamping job runs after the payment; the download is then ready.
    await t.app.jobs.settle();
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/downloads?order=${order.id}`,
      headers: buyer.headers,
    });
    const [download] = list.json<DownloadList>().results;
    expect(download).toMatchObject({
      orderId: order.id,
      orderNumber: order.number,
      status: 'ready',
      fileType: 'pdf',
    });
    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/order/${order.id}`,
      headers: buyer.headers,
    });
    expect(detail.json<Order>().lines[0]!.download).toMatchObject({ entitlementId: download!.entitlementId });

    const link = await t.app.inject({
      method: 'POST',
      url: `/api/downloads/${download!.entitlementId}/link`,
      headers: buyer.headers,
    });
    const file = await t.app.inject({ method: 'GET', url: link.json<DownloadLink>().url });
    expect(file.statusCode).toBe(200);
    const [page] = await extractPdfText(file.rawPayload);
    expect(page).toContain('Le jardin des oliviers - chapitre 1');
    expect(page).toContain(`Licensed to Zoë Łukasz <${buyer.email}> — order ${order.number}`);
  });
});
