import { inArray } from 'drizzle-orm';
import { demoAuthors } from './demo.authors.ts';
import type { DemoDeps } from './demo.seed.ts';
import { demoSeedItems } from './demo.tables.ts';

/**
 * What the demo customer (customer@hls.test) wrote about products they bought in the demo sales: published by
 * the demo editor, but the last one, which waits in the editors' queue.
 */
export const demoReviews: { product: string; rating: number; text: string; approved: boolean }[] = [
  {
    product: 'p-powerbi-ventes',
    rating: 5,
    text: 'Tableau de bord clair et complet\u202f: en une heure, nos ventes par région étaient à jour. Le guide pas à pas aide vraiment.',
    approved: true,
  },
  {
    product: 'b-analyse-financiere',
    rating: 4,
    text: 'Des cas concrets et bien expliqués. J’aurais aimé un chapitre de plus sur les ratios de rentabilité, mais je le recommande.',
    approved: true,
  },
  {
    product: 'b-droit-affaires',
    rating: 5,
    text: 'Livre reçu en six jours, bien emballé. Les fiches de synthèse en fin de chapitre sont précieuses pour réviser.',
    approved: true,
  },
  {
    product: 'p-revue-trimestrielle',
    rating: 3,
    text: 'Modèle propre et facile à adapter, mais seulement cinq diapositives\u202f: un peu court pour une revue complète.',
    approved: false,
  },
];

/**
 * Free documents and how many demo accounts download each (one first download per account, as the shop counts
 * them), so their pages and cards show real counts.
 */
export const demoDownloads: { product: string; users: number }[] = [
  { product: 'a-cours-compta', users: 9 },
  { product: 'a-notes-db-en', users: 7 },
  { product: 'a-exos-sql', users: 6 },
  { product: 'a-memoire-eco', users: 5 },
  { product: 'a-pfe-appli', users: 4 },
  { product: 'a-thesis-en', users: 3 },
  { product: 'a-stage-banque', users: 2 },
  { product: 'a-pack-revision', users: 1 },
];

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
    ['customer@hls.test', 'editor@hls.test'].map((email) => deps.accounts.findUserByEmail(email)),
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
          'customer@hls.test',
          'editor@hls.test',
          'admin@hls.test',
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
