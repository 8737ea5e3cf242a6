// The request mixes of `npm run bench`, drawn from what the seeded database holds, with a fixed random seed so
// two runs send the same requests.
import type pg from 'pg';
import { COUNT_CAP } from '@hls/contract';
import { PAGE_SIZE } from '../src/modules/catalog/catalog.queries.ts';
import type { LoadRequest } from './load.ts';

type CategoryRow = { id: number; section: string; parent_id: number | null };

export type CatalogSample = {
  bookIds: number[];
  fileIds: number[];
  categories: CategoryRow[];
  /** Search texts: frequent and rare title words of both languages, with and without their accents. */
  words: string[];
};

const POOL_SIZE = 600;

function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1_664_525 + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

const stripAccents = (word: string) => word.normalize('NFD').replace(/\p{Diacritic}/gu, '');

/** Reads ids, categories and title words from the database; undefined when it holds no published product. */
export async function loadCatalogSample(pool: pg.Pool): Promise<CatalogSample | undefined> {
  const ids = async (kind: string) =>
    (
      await pool.query<{ id: number }>(
        `SELECT id FROM products WHERE status = 'published' AND kind = $1 ORDER BY md5(id::text) LIMIT 2000`,
        [kind],
      )
    ).rows.map((row) => row.id);
  const bookIds = await ids('book');
  const fileIds = await ids('file');
  if (!bookIds.length || !fileIds.length) return undefined;
  const categories = (
    await pool.query<CategoryRow>('SELECT id, section, parent_id FROM categories ORDER BY id')
  ).rows;

  // Word frequencies over a sample of the catalogue, per content language: the most frequent title and
  // description words match a large share of the products, the rarest ones a handful.
  const words = new Set<string>();
  const wordStats = async (column: 'title' | 'description', language: 'fr' | 'en') =>
    (
      await pool.query<{ word: string; ndoc: number }>(
        `SELECT word, ndoc FROM ts_stat($$SELECT to_tsvector('simple', ${column}) FROM products
           WHERE language = '${language}' AND id % 50 = 0$$)
         WHERE length(word) >= 4
           AND length(to_tsvector('${language === 'fr' ? 'french' : 'english'}', word)) > 0
         ORDER BY ndoc DESC, word`,
      )
    ).rows;
  for (const language of ['fr', 'en'] as const) {
    const titles = await wordStats('title', language);
    const descriptions = await wordStats('description', language);
    const plain = titles.filter((row) => !/[0-9]/.test(row.word));
    for (const row of plain.slice(0, 4)) words.add(row.word);
    for (const row of descriptions.slice(0, 2)) words.add(row.word);
    for (const row of titles.filter((row) => row.ndoc === 1).slice(0, 4)) words.add(row.word);
    for (const row of plain.filter((row) => stripAccents(row.word) !== row.word).slice(0, 3)) {
      words.add(row.word);
      words.add(stripAccents(row.word));
    }
  }
  return { bookIds, fileIds, categories, words: [...words] };
}

function pick<T>(next: () => number, items: readonly T[]): T {
  return items[Math.floor(next() * items.length)]!;
}

/** The last page a list offers: its count stops at COUNT_CAP. */
const LAST_PAGE = Math.ceil(COUNT_CAP / PAGE_SIZE);

/** Mostly first pages, some further, a few deep ones (up to the last page a list offers). */
function page(next: () => number): number {
  const roll = next();
  if (roll < 0.7) return 1 + Math.floor(next() * 3);
  if (roll < 0.95) return 4 + Math.floor(next() * 17);
  return 21 + Math.floor(next() * (LAST_PAGE - 20));
}

export function listRequests(sample: CatalogSample, section: 'book' | 'professional'): LoadRequest[] {
  const next = random(section === 'book' ? 1 : 2);
  const url = section === 'book' ? '/api/books/filter/book' : '/api/category/filter/pro';
  const top = sample.categories.filter((row) => row.section === section && row.parent_id === null);
  const sub = sample.categories.filter((row) => row.section === section && row.parent_id !== null);
  const fileTypes = ['excel', 'word', 'powerpoint', 'powerbi', 'publisher', 'pdf', 'package', 'access'];
  const sorts = ['newest', 'price_asc', 'price_desc', 'title'];
  const filters: (() => Record<string, unknown>)[] = [
    () => ({}),
    () => ({ sort: pick(next, sorts) }),
    () => (top.length ? { category: pick(next, top).id } : {}),
    () => {
      const row = sub.length ? pick(next, sub) : undefined;
      return row ? { category: row.parent_id, subcategory: row.id } : {};
    },
    () => ({ language: pick(next, ['fr', 'en']), sort: pick(next, sorts) }),
    () => {
      const min = Math.floor(next() * 40) * 100;
      return { minPrice: min, maxPrice: min + 1000 + Math.floor(next() * 40) * 100 };
    },
    () =>
      section === 'book'
        ? { edition: pick(next, ['paper', 'ebook']) }
        : { fileType: [pick(next, fileTypes), pick(next, fileTypes)] },
  ];
  return Array.from({ length: POOL_SIZE }, () => ({
    method: 'POST' as const,
    path: `${url}?page=${page(next)}`,
    body: pick(next, filters)(),
  }));
}

export function detailRequests(sample: CatalogSample, kind: 'book' | 'file'): LoadRequest[] {
  const next = random(kind === 'book' ? 3 : 4);
  const ids = kind === 'book' ? sample.bookIds : sample.fileIds;
  const url = kind === 'book' ? '/api/books/list/' : '/api/category/file/';
  return Array.from({ length: POOL_SIZE }, () => ({
    method: 'GET' as const,
    path: `${url}${pick(next, ids)}`,
  }));
}

/** Search texts over books and professional files, mostly first pages, sometimes with a filter. */
export function searchRequests(sample: CatalogSample): LoadRequest[] {
  const next = random(5);
  return Array.from({ length: POOL_SIZE }, () => {
    const books = next() < 0.5;
    const search =
      next() < 0.2 ? `${pick(next, sample.words)} ${pick(next, sample.words)}` : pick(next, sample.words);
    return {
      method: 'POST' as const,
      path: `${books ? '/api/books/filter/book' : '/api/category/filter/pro'}?page=${next() < 0.85 ? 1 : 2}`,
      body: { search, ...(next() < 0.2 ? { language: pick(next, ['fr', 'en']) } : {}) },
    };
  });
}
