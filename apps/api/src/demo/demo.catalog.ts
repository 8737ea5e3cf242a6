import { PDFDocument } from '@cantoo/pdf-lib';
import { sections, type FileType, type Section } from '@hls/contract';
import { COVER_HEIGHT, COVER_MIME, COVER_WIDTH, renderCover } from '../lib/cover.ts';
import { createRandom } from '../lib/random.ts';
import { slugify } from '../lib/slug.ts';
import type { NewFileAsset, NewProduct } from '../modules/catalog/index.ts';
import type { Storage } from '../modules/storage/index.ts';
import { renderSampleFile, sampleFileFacts } from './content/sample-files.ts';
import {
  ACCOUNT_AUTHOR,
  DEMO_PASSWORD,
  demoAuthorEmail,
  demoAuthorName,
  demoAuthors,
  demoBookFacts,
  demoCategories,
  demoCommercialUse,
  demoFileSpecs,
  demoLicence,
  demoProducts,
  demoTwins,
  type DemoProduct,
} from './demo.dataset.ts';
import type { DemoDeps } from './demo.seed.ts';
import { demoSeedItems } from './demo.tables.ts';

export type CatalogSeedResult = { authors: number; categories: number; products: number };

const DAY = 86_400_000;

/** ISBN-13 from its first 12 digits: weights 1 and 3, check digit to the next multiple of 10. */
export function isbn13(first12: string): string {
  const sum = [...first12].reduce((s, d, i) => s + Number(d) * (i % 2 === 0 ? 1 : 3), 0);
  return first12 + String((10 - (sum % 10)) % 10);
}

const categoryKey = (section: Section, slug: string, parent?: string) =>
  parent ? `category:${section}/${parent}/${slug}` : `category:${section}/${slug}`;
const productKey = (key: string) => `product:${key}`;

async function ensureAuthors(
  accounts: DemoDeps['accounts'],
): Promise<{ ids: Map<string, { id: string; name: string }>; created: number }> {
  const ids = new Map<string, { id: string; name: string }>();
  let created = 0;
  const demoAuthor = await accounts.findUserByEmail(demoAuthorEmail(ACCOUNT_AUTHOR));
  if (demoAuthor)
    ids.set(ACCOUNT_AUTHOR, {
      id: demoAuthor.id,
      name: demoAuthor.displayName ?? demoAuthorName(ACCOUNT_AUTHOR),
    });
  // In parallel: password hashing dominates and runs off the main thread.
  await Promise.all(
    Object.entries(demoAuthors).map(async ([key, author]) => {
      let row = await accounts.findUserByEmail(author.email);
      if (!row) {
        row = await accounts.createUser({ ...author, role: 'author', password: DEMO_PASSWORD });
        created += 1;
      }
      ids.set(key, { id: row.id, name: row.displayName ?? author.displayName });
    }),
  );
  return { ids, created };
}

/** A product's own file: PDFs, Word files and decks from its outline, the others from files.json. */
function sampleFileFor(demo: DemoProduct & { fileType: FileType }, authorName: string) {
  const spec = demoFileSpecs[demo.key];
  return renderSampleFile(demo.fileType, {
    title: demo.title,
    author: authorName,
    language: demo.language,
    topic: demo.topic,
    description: demo.description,
    ...(demo.outline ? { outline: demo.outline } : {}),
    ...(spec ? { spec } : {}),
  });
}

type PreparedProduct = {
  demo: DemoProduct;
  input: Omit<NewProduct, 'authorId' | 'categoryId' | 'subcategoryId'>;
  /** A book with an ebook edition: the PDF its buyers download. */
  ebook?: NewFileAsset;
};

/** The ebook edition of a demo book: a real PDF of the book's title and topic, stored beside the files. */
async function prepareEbook(storage: Storage, demo: DemoProduct, authorName: string): Promise<NewFileAsset> {
  const file = await renderSampleFile('pdf', {
    title: demo.title,
    author: authorName,
    language: demo.language,
    topic: demo.topic,
    ...(demo.outline ? { outline: demo.outline } : {}),
  });
  const originalName = `${slugify(demo.title)}.pdf`;
  const stored = await storage.putObject(`files/demo/${demo.key}/${originalName}`, file.bytes, file.mime);
  return {
    fileType: 'pdf',
    storageKey: stored.key,
    originalName,
    mime: file.mime,
    sizeBytes: stored.sizeBytes,
    sha256: stored.sha256,
    pages: (await PDFDocument.load(file.bytes, { updateMetadata: false })).getPageCount(),
  };
}

/** Writes the cover and the downloadable file of one product to storage and returns its catalogue input. */
async function prepareProduct(
  storage: Storage,
  demo: DemoProduct,
  authorName: string,
  now: Date,
): Promise<PreparedProduct> {
  const random = createRandom(`product:${demo.key}`);
  const status = demo.status ?? 'published';
  const published = status === 'published';
  const coverKey = `covers/demo/${demo.key}.svg`;
  await storage.putObject(
    coverKey,
    renderCover({
      title: demo.title,
      author: authorName,
      section: demo.section,
      language: demo.language,
      fileType: demo.section === 'book' ? null : demo.fileType,
      seed: demo.key,
    }),
    COVER_MIME,
  );
  const publishedAt = published
    ? new Date(now.getTime() - random.int(1, 170) * DAY - random.int(0, 86_399) * 1000)
    : null;
  const base = {
    section: demo.section,
    title: demo.title,
    description: demo.description,
    language: demo.language,
    status,
    publishedAt,
    // Listed as written; a third of the files got a new version some weeks later.
    revisedAt:
      publishedAt && demo.section !== 'book' && random.chance(0.33)
        ? new Date(Math.min(now.getTime() - DAY, publishedAt.getTime() + random.int(7, 60) * DAY))
        : (publishedAt ?? now),
    popularity: published ? (random.chance(0.2) ? random.int(300, 900) : random.int(0, 250)) : 0,
    cover: { key: coverKey, width: COVER_WIDTH, height: COVER_HEIGHT },
  };

  if (demo.section === 'book') {
    const isbn = () =>
      isbn13(`978${demo.language === 'fr' ? '2' : '1'}${String(random.int(10_000_000, 99_999_999))}`);
    const facts = demoBookFacts[demo.key];
    return {
      demo,
      ...(demo.ebook ? { ebook: await prepareEbook(storage, demo, authorName) } : {}),
      input: {
        ...base,
        kind: 'book',
        publisher: facts?.publisher ?? null,
        publicationDate: facts?.published ?? null,
        editions: [
          ...(demo.paper
            ? [
                {
                  format: 'paper' as const,
                  priceCents: demo.paper.price,
                  discountPercent: demo.paper.discount ?? 0,
                  isbn: isbn(),
                  pages: demo.paper.pages,
                  stock: demo.paper.stock,
                },
              ]
            : []),
          ...(demo.ebook
            ? [
                {
                  format: 'ebook' as const,
                  priceCents: demo.ebook.price,
                  discountPercent: demo.ebook.discount ?? 0,
                  isbn: isbn(),
                  pages: demo.ebook.pages,
                },
              ]
            : []),
        ],
      },
    };
  }

  const file = await sampleFileFor(demo, authorName);
  const originalName = `${slugify(demo.title)}.${file.extension}`;
  const stored = await storage.putObject(`files/demo/${demo.key}/${originalName}`, file.bytes, file.mime);
  const pages =
    file.extension === 'pdf'
      ? (await PDFDocument.load(file.bytes, { updateMetadata: false })).getPageCount()
      : null;
  return {
    demo,
    input: {
      ...base,
      kind: 'file',
      priceCents: demo.section === 'academic' ? 0 : (demo.price ?? 0),
      discountPercent: demo.section === 'academic' ? 0 : (demo.discount ?? 0),
      ...sampleFileFacts[demo.fileType],
      usage: demoCommercialUse.has(demo.key) ? 'commercial' : 'personal',
      licence: demo.section === 'academic' ? demoLicence(demo.key) : null,
      file: {
        fileType: demo.fileType,
        storageKey: stored.key,
        originalName,
        mime: file.mime,
        sizeBytes: stored.sizeBytes,
        sha256: stored.sha256,
        pages,
      },
    },
  };
}

/** Demo books seeded before ebooks had their PDF get it now (a data directory made by an older version). */
async function addMissingEbooks(deps: DemoDeps, done: Map<string, string>): Promise<void> {
  const books = demoProducts
    .filter((p) => p.section === 'book' && p.ebook && done.has(productKey(p.key)))
    .map((demo) => ({ demo, id: Number(done.get(productKey(demo.key))) }));
  if (books.length === 0) return;
  const found = await deps.assets.forProducts(books.map((b) => b.id));
  for (const { demo, id } of books.filter((b) => !found.has(b.id))) {
    await deps.assets.attach(id, await prepareEbook(deps.storage, demo, demoAuthorName(demo.author)));
  }
}

/**
 * Adds the demo catalogue: authors, bilingual categories, products with covers and real sample files.
 * Idempotent: what an earlier run created (recorded in demo_seed_items) is left alone.
 */
export async function seedDemoCatalog(deps: DemoDeps, now = new Date()): Promise<CatalogSeedResult> {
  const { db, storage, catalog } = deps;
  const done = new Map((await db.select().from(demoSeedItems)).map((row) => [row.key, row.ref]));
  const missing = demoProducts.filter((p) => !done.has(productKey(p.key)));
  const missingCategories = sections.some((section) =>
    demoCategories[section].some(
      (c) =>
        !done.has(categoryKey(section, c.slug)) ||
        c.subcategories.some((s) => !done.has(categoryKey(section, s.slug, c.slug))),
    ),
  );
  await addMissingEbooks(deps, done);
  if (missing.length === 0 && !missingCategories) return { authors: 0, categories: 0, products: 0 };

  const authors = await ensureAuthors(deps.accounts);
  // Files are generated before the transaction, which then stays short; storage keys are stable, so a failed
  // run only leaves files that the next run overwrites.
  const prepared: PreparedProduct[] = [];
  for (const demo of missing) {
    const author = authors.ids.get(demo.author);
    if (!author) throw new Error(`demo author ${demo.author} is missing (seed the demo accounts first)`);
    prepared.push(await prepareProduct(storage, demo, author.name, now));
  }

  return deps.transaction(async (ctx) => {
    let categoriesCreated = 0;
    const ids = new Map(done);
    const remember = async (key: string, ref: number) => {
      ids.set(key, String(ref));
      await ctx.tx.insert(demoSeedItems).values({ key, ref: String(ref) });
    };
    for (const section of sections) {
      for (const [position, category] of demoCategories[section].entries()) {
        const key = categoryKey(section, category.slug);
        if (!ids.has(key)) {
          const { id } = await catalog.createCategory(
            { section, slug: category.slug, nameFr: category.fr, nameEn: category.en, position },
            ctx,
          );
          await remember(key, id);
          categoriesCreated += 1;
        }
        for (const [subPosition, sub] of category.subcategories.entries()) {
          const subKey = categoryKey(section, sub.slug, category.slug);
          if (ids.has(subKey)) continue;
          const { id } = await catalog.createCategory(
            {
              section,
              parentId: Number(ids.get(key)),
              slug: sub.slug,
              nameFr: sub.fr,
              nameEn: sub.en,
              position: subPosition,
            },
            ctx,
          );
          await remember(subKey, id);
          categoriesCreated += 1;
        }
      }
    }
    for (const { demo, input, ebook } of prepared) {
      const categoryId = Number(ids.get(categoryKey(demo.section, demo.category)));
      const subcategoryId = demo.sub
        ? Number(ids.get(categoryKey(demo.section, demo.sub, demo.category)))
        : null;
      if (!categoryId || (demo.sub && !subcategoryId)) {
        throw new Error(`demo product ${demo.key}: unknown category ${demo.category}/${demo.sub ?? ''}`);
      }
      const { id } = await catalog.createProduct(
        { ...input, authorId: authors.ids.get(demo.author)!.id, categoryId, subcategoryId } as NewProduct,
        ctx,
      );
      if (ebook) await deps.assets.attach(id, ebook, ctx);
      await remember(productKey(demo.key), id);
    }
    for (const [fr, en] of demoTwins) {
      const created = prepared.some(({ demo }) => demo.key === fr || demo.key === en);
      const [frId, enId] = [ids.get(productKey(fr)), ids.get(productKey(en))];
      if (created && frId && enId) await catalog.linkTwins(Number(frId), Number(enId), ctx);
    }
    return { authors: authors.created, categories: categoriesCreated, products: prepared.length };
  });
}
