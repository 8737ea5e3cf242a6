// @module-tag postgres — the ledger's money is rounded and summed in SQL.
import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { DownloadLink, DownloadList } from '@hls/contract';
import { customer, openShop, staff } from '../../../test/checkout-fixtures.ts';
import { useApp } from '../../../test/helper.ts';
import { buy } from '../../../test/royalty-fixtures.ts';
import { royaltyEntries } from '../../db/schema.ts';

const DAY = 86_400_000;

describe('royalty ledger', () => {
  // Bought from France (the fixtures' billing country): 5.5 % on books, 20 % on files.
  const t = useApp();
  const entriesOf = (orderId: string) =>
    t.database.db
      .select()
      .from(royaltyEntries)
      .where(eq(royaltyEntries.orderId, orderId))
      .orderBy(asc(royaltyEntries.id));

  it('accrues one entry per paid line at payment, VAT out, rate per format, rounded once, and once only', async () => {
    const shop = await openShop(t.app);
    const buyer = await customer(t.app);
    const order = await buy(t.app, buyer, [
      { productId: shop.bookId, edition: 'paper', quantity: 3 },
      { productId: shop.bookId, edition: 'ebook' },
      { productId: shop.fileId },
    ]);
    const entries = await entriesOf(order.id);
    expect(
      entries.map((e) => [
        e.format,
        e.quantity,
        e.grossCents,
        e.vatCents,
        e.netCents,
        e.rateBp,
        e.royaltyCents,
      ]),
    ).toEqual([
      // 3 × 18.00 (20.00 − 10 %) = 54.00, VAT 5.5 % included = 2.82, net 51.18, 10 % = 5.118 → 5.12
      ['paper', 3, 5400, 282, 5118, 1000, 512],
      // 12.00, VAT 0.63, net 11.37, 25 % = 2.8425 → 2.84
      ['ebook', 1, 1200, 63, 1137, 2500, 284],
      // 49.00 − 20 % = 39.20, VAT 20 % = 6.53, net 32.67, 50 % = 16.335 → 16.34
      ['professional_file', 1, 3920, 653, 3267, 5000, 1634],
    ]);
    expect(
      entries.every((e) => e.kind === 'accrual' && e.authorId === shop.author.id && e.payoutId === null),
    ).toBe(true);
    const [paper, ebook] = entries;
    expect(paper!.availableAt).toBeNull();
    expect(Math.abs(ebook!.availableAt!.getTime() - ebook!.createdAt.getTime() - 14 * DAY)).toBeLessThan(
      5_000,
    );

    // A second confirmation writes nothing.
    await t.app.inject({
      method: 'POST',
      url: '/api/order/confirm',
      headers: buyer.headers,
      payload: { orderId: order.id },
    });
    expect(await entriesOf(order.id)).toHaveLength(3);
  });

  it('ends an ebook’s hold when the buyer first downloads it (the terms end the withdrawal right then)', async () => {
    const shop = await openShop(t.app);
    const buyer = await customer(t.app);
    const order = await buy(t.app, buyer, [{ productId: shop.bookId, edition: 'ebook' }]);
    const [before] = await entriesOf(order.id);
    expect(before!.availableAt!.getTime()).toBeGreaterThan(Date.now() + 13 * DAY);

    await t.app.jobs.settle();
    const list = await t.app.inject({ url: `/api/downloads?order=${order.id}`, headers: buyer.headers });
    const [download] = list.json<DownloadList>().results;
    const link = await t.app.inject({
      method: 'POST',
      url: `/api/downloads/${download!.entitlementId}/link`,
      headers: buyer.headers,
    });
    const file = await t.app.inject({ url: link.json<DownloadLink>().url });
    expect(file.statusCode).toBe(200);

    // The event is delivered after the download's commit: the hold, two weeks ahead, ends (when is read once
    // it has moved, so a delivery after the poll began is not compared with a time taken before it).
    await expect
      .poll(async () => (await entriesOf(order.id))[0]!.availableAt!.getTime(), { timeout: 5_000 })
      .toBeLessThan(Date.now() + DAY);
    const [after] = await entriesOf(order.id);
    expect(after!.availableAt!.getTime()).toBeLessThanOrEqual(Date.now());
  });

  it('starts the paper hold at delivery, ends the digital hold at the first download, reverses refunded lines', async () => {
    const shop = await openShop(t.app);
    const buyer = await customer(t.app);
    const editor = await staff(t.app, 'editor');
    const admin = await staff(t.app, 'admin');
    const order = await buy(t.app, buyer, [
      { productId: shop.bookId, edition: 'paper' },
      { productId: shop.fileId },
    ]);
    const shipped = await t.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${order.id}/ship`,
      headers: editor.headers,
      payload: { carrier: 'La Poste', trackingNumber: 'LP123456789FR' },
    });
    expect(shipped.statusCode, shipped.body).toBe(200);
    const delivered = await t.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${order.id}/deliver`,
      headers: editor.headers,
    });
    expect(delivered.statusCode, delivered.body).toBe(200);
    let [paper, file] = await entriesOf(order.id);
    expect(paper!.availableAt).not.toBeNull();
    expect(file!.availableAt!.getTime()).toBeGreaterThan(Date.now() + 13 * DAY);

    await t.app.checkout.firstDownload(file!.orderLineId);
    [paper, file] = await entriesOf(order.id);
    expect(file!.availableAt!.getTime()).toBeLessThanOrEqual(Date.now());

    const refund = await t.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${order.id}/refund`,
      headers: admin.headers,
      payload: { lineIds: [paper!.orderLineId] },
    });
    expect(refund.statusCode, refund.body).toBe(200);
    const after = await entriesOf(order.id);
    expect(after).toHaveLength(3);
    const reversal = after.find((e) => e.kind === 'reversal')!;
    expect(reversal.reversesId).toBe(paper!.id);
    expect(reversal.royaltyCents).toBe(-paper!.royaltyCents);
    expect(reversal.netCents).toBe(-paper!.netCents);
    expect(
      after.filter((e) => e.orderLineId === paper!.orderLineId).reduce((sum, e) => sum + e.royaltyCents, 0),
    ).toBe(0);
  });
});
