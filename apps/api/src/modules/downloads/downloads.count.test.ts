import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { FileDetail, ProductPage } from '@hls/contract';
import { customer, openShop } from '../../../test/checkout-fixtures.ts';
import { downloadFree, freeLink, publishFreeDocument } from '../../../test/free-document.ts';
import { useApp } from '../../../test/helper.ts';
import { buy } from '../../../test/royalty-fixtures.ts';
import { products } from '../../db/schema.ts';

describe('download counts of free documents', () => {
  const t = useApp();

  const detail = async (id: number) => {
    const response = await t.app.inject({ method: 'GET', url: `/api/category/file/${id}` });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<FileDetail>();
  };
  const card = async (id: number) => {
    const response = await t.app.inject({ method: 'POST', url: '/api/category/filter/student', payload: {} });
    return response.json<ProductPage>().results.find((product) => product.id === id);
  };
  /** The caches of catalogue reads keep a count up to their lifetime: a test reads the database as it is now. */
  const fresh = () => t.app.catalog.reads.clearCaches();

  it(
    'counts each user’s first download once, however often they download it or ask for its link',
    { tags: ['postgres'] },
    async () => {
      const shop = await openShop(t.app);
      const document = await publishFreeDocument(t.app, shop.author.id);
      expect((await detail(document.id)).downloads).toBe(0);

      const first = await customer(t.app);
      await freeLink(t.app, first, document.id);
      fresh();
      expect((await detail(document.id)).downloads, 'a link asked for is not a download').toBe(0);

      await downloadFree(t.app, first, document.id);
      await downloadFree(t.app, first, document.id);
      const url = await freeLink(t.app, first, document.id);
      const resumed = await t.app.inject({ method: 'GET', url, headers: { range: 'bytes=5-' } });
      expect(resumed.statusCode).toBe(206);
      fresh();
      expect((await detail(document.id)).downloads).toBe(1);

      await downloadFree(t.app, await customer(t.app), document.id);
      fresh();
      expect((await detail(document.id)).downloads).toBe(2);
      expect((await card(document.id))?.downloads, 'the card').toBe(2);
    },
  );

  it('gives no download count to what is sold, however often it is downloaded', async () => {
    const shop = await openShop(t.app);
    const buyer = await customer(t.app);
    await buy(t.app, buyer, [{ productId: shop.fileId }]);
    const downloads = await t.app.inject({ method: 'GET', url: '/api/downloads', headers: buyer.headers });
    const [entitlement] = downloads.json<{ results: { entitlementId: string }[] }>().results;
    const link = await t.app.inject({
      method: 'POST',
      url: `/api/downloads/${entitlement!.entitlementId}/link`,
      headers: buyer.headers,
    });
    expect(link.statusCode, link.body).toBe(200);
    await t.app.inject({ method: 'GET', url: link.json<{ url: string }>().url });
    const [row] = await t.database.db
      .select({ count: products.downloadCount })
      .from(products)
      .where(eq(products.id, shop.fileId));
    expect(row?.count).toBe(0);
    fresh();
    expect((await detail(shop.fileId)).downloads).toBeNull();
  });
});
