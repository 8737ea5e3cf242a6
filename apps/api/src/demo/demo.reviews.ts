import { inArray } from 'drizzle-orm';
import { demoAccountEmail, demoAuthors, demoDownloads, demoReviews } from './demo.dataset.ts';
import type { DemoDeps } from './demo.seed.ts';
import { demoSeedItems } from './demo.tables.ts';

const REVIEWS_KEY = 'reviews:customer';
const DOWNLOADS_KEY = 'downloads:academic';

/** Ids of the demo products of these keys (those the catalogue seed made). */
async function productIds(deps: DemoDeps, keys: string[]): Promise<Map<string, number>> {
  const rows = await deps.db
    .select()
    .from(demoSeedItems)
    .where(
      inArray(
        demoSeedItems.key,
        keys.map((key) => `product:${key}`),
      ),
    );
  return new Map(rows.map((row) => [row.key.slice('product:'.length), Number(row.ref)]));
}

/**
 * The demo customer's reviews (through the reviews module, as the customer writes them and an editor decides)
 * and the free documents' downloads (through the downloads module, as the download link counts them). Needs the
 * demo sales (a review is a buyer's). Safe to run again; returns the reviews and downloads made.
 */
export async function seedDemoReviews(deps: DemoDeps): Promise<{ reviews: number; downloads: number }> {
  const done = new Set(
    (
      await deps.db
        .select({ key: demoSeedItems.key })
        .from(demoSeedItems)
        .where(inArray(demoSeedItems.key, [REVIEWS_KEY, DOWNLOADS_KEY]))
    ).map((row) => row.key),
  );
  const record = (key: string, ref: string) =>
    deps.db.insert(demoSeedItems).values({ key, ref }).onConflictDoNothing();
  let reviews = 0;
  let downloads = 0;

  const [customer, editor] = await Promise.all(
    (['customer', 'editor'] as const).map((role) => deps.accounts.findUserByEmail(demoAccountEmail(role))),
  );
  if (!done.has(REVIEWS_KEY) && customer && editor) {
    const ids = await productIds(
      deps,
      demoReviews.map((review) => review.product),
    );
    for (const review of demoReviews) {
      const productId = ids.get(review.product);
      // Without the demo sales (another payment provider), the customer bought nothing to review.
      if (productId === undefined || !(await deps.orders.bought(customer.id, productId))) continue;
      const { review: written } = await deps.reviews.save(customer.id, productId, {
        rating: review.rating,
        text: review.text,
      });
      if (review.approved) await deps.reviews.approve(written.id, editor.id);
      reviews += 1;
    }
    if (reviews > 0) await record(REVIEWS_KEY, String(reviews));
  }

  if (!done.has(DOWNLOADS_KEY)) {
    const readers = (
      await Promise.all(
        [
          ...(['customer', 'editor', 'admin'] as const).map(demoAccountEmail),
          ...Object.values(demoAuthors).map((author) => author.email),
        ].map((email) => deps.accounts.findUserByEmail(email)),
      )
    ).filter((user) => user !== undefined);
    const ids = await productIds(
      deps,
      demoDownloads.map((item) => item.product),
    );
    for (const item of demoDownloads) {
      const productId = ids.get(item.product);
      if (productId === undefined) continue;
      for (const reader of readers.slice(0, item.users)) {
        const { entitlementId } = await deps.downloads.takeFree(reader.id, productId);
        await deps.downloads.count(entitlementId);
        downloads += 1;
      }
    }
    await record(DOWNLOADS_KEY, String(downloads));
  }
  return { reviews, downloads };
}
