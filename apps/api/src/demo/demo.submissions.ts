import { createRandom } from '../lib/random.ts';
import type { AdoptedProduct } from '../modules/submissions/index.ts';
import { sampleFileFacts } from './content/sample-files.ts';
import {
  demoAuthorEmail,
  demoBookFacts,
  demoCommercialUse,
  demoLicence,
  demoProducts,
  type DemoProduct,
} from './demo.dataset.ts';
import type { DemoDeps } from './demo.seed.ts';
import { demoSeedItems } from './demo.tables.ts';

const DAY = 86_400_000;

/** The demo products' fields as their authors would have proposed them. */
function fieldsOf(
  demo: DemoProduct,
  categoryId: number,
  subcategoryId: number | null,
): AdoptedProduct['fields'] {
  const common = { title: demo.title, description: demo.description, language: demo.language, categoryId };
  const sub = subcategoryId ? { subcategoryId } : {};
  if (demo.section === 'book') {
    return {
      ...common,
      ...sub,
      ...(demo.paper ? { paperPriceCents: demo.paper.price } : {}),
      ...(demo.ebook ? { ebookPriceCents: demo.ebook.price } : {}),
      ...((demo.paper ?? demo.ebook) ? { pages: (demo.paper ?? demo.ebook)!.pages } : {}),
      ...(demoBookFacts[demo.key]
        ? {
            publisher: demoBookFacts[demo.key]!.publisher,
            publicationDate: demoBookFacts[demo.key]!.published,
          }
        : {}),
    };
  }
  return {
    ...common,
    ...sub,
    fileType: demo.fileType,
    ...sampleFileFacts[demo.fileType],
    ...(demo.section === 'professional'
      ? { priceCents: demo.price ?? 0, usage: demoCommercialUse.has(demo.key) ? 'commercial' : 'personal' }
      : { rights: 'own_work' as const, licence: demoLicence(demo.key) }),
  };
}

/**
 * Every demo product gets the proposal its author would have sent (app.submissions.adopt): the published ones show
 * in their authors' "My products", the unpublished ones wait in the editorial queue with their file. Safe to run
 * again: a product that has its proposal is left alone.
 */
export async function adoptDemoProducts(deps: DemoDeps, now = new Date()): Promise<number> {
  const refs = new Map((await deps.db.select().from(demoSeedItems)).map((row) => [row.key, Number(row.ref)]));
  const categoryId = (demo: DemoProduct, slug: string, parent?: string) =>
    refs.get(parent ? `category:${demo.section}/${parent}/${slug}` : `category:${demo.section}/${slug}`) ??
    null;
  const seeded = demoProducts
    .map((demo) => ({ demo, productId: refs.get(`product:${demo.key}`) }))
    .filter((item): item is { demo: DemoProduct; productId: number } => item.productId !== undefined);
  if (seeded.length === 0) return 0;

  const assets = await deps.assets.forProducts(seeded.map((item) => item.productId));
  const authorIds = new Map<string, string>();
  for (const key of new Set(seeded.map((item) => item.demo.author))) {
    const user = await deps.accounts.findUserByEmail(demoAuthorEmail(key));
    if (user) authorIds.set(key, user.id);
  }

  const items: AdoptedProduct[] = [];
  for (const { demo, productId } of seeded) {
    const authorId = authorIds.get(demo.author);
    const category = categoryId(demo, demo.category);
    if (!authorId || !category) continue;
    const status = demo.status ?? 'published';
    const random = createRandom(`proposal:${demo.key}`);
    const publishedAt = status === 'published' ? new Date(now.getTime() - random.int(2, 170) * DAY) : null;
    const submittedAt = new Date((publishedAt ?? now).getTime() - random.int(1, 12) * DAY);
    const asset = assets.get(productId);
    items.push({
      productId,
      authorId,
      kind: demo.section === 'book' ? 'book' : 'file',
      section: demo.section,
      status,
      fields: fieldsOf(demo, category, demo.sub ? categoryId(demo, demo.sub, demo.category) : null),
      submittedAt,
      publishedAt,
      ...(asset
        ? {
            file: {
              slot: demo.section === 'book' ? ('manuscript' as const) : ('file' as const),
              storageKey: asset.storageKey,
              originalName: asset.originalName,
              mime: asset.mime,
              sizeBytes: asset.sizeBytes,
              sha256: asset.sha256,
              pages: asset.pages,
            },
          }
        : {}),
    });
  }
  return deps.transaction((ctx) => deps.submissions.adopt(ctx, items));
}
