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

/** Requests per warm scenario, picked at random and repeated. */
export const POOL_SIZE = 600;

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

// ---------------------------------------------------------------------------------------------------------------
// Cold mixes: what visitors of a large catalogue send, every request different from every other, so none is
// answered by the catalogue's caches of pages, details or counts (the shared values — category names, related
// pools, prepared statements — are warm from the runs before). Each mix is long enough for a run, sent in order.

export type ColdSample = {
  /** Published ids of each kind, in a fixed shuffled order, those of the warm mixes last. */
  bookIds: number[];
  fileIds: number[];
  /** Titles of published books and professional files, in a fixed shuffled order. */
  titles: { section: 'book' | 'professional'; title: string }[];
};

/** Reads what the cold mixes draw from; `sample` is the warm mixes' sample, whose ids come last. */
export async function loadColdSample(pool: pg.Pool, sample: CatalogSample): Promise<ColdSample> {
  const used = new Set([...sample.bookIds, ...sample.fileIds]);
  const ids = async (kind: string) => {
    const all = (
      await pool.query<{ id: number }>(
        `SELECT id FROM products WHERE status = 'published' AND kind = $1 ORDER BY md5(id::text)`,
        [kind],
      )
    ).rows.map((row) => row.id);
    return [...all.filter((id) => !used.has(id)), ...all.filter((id) => used.has(id))];
  };
  const titles = (
    await pool.query<ColdSample['titles'][number]>(
      `SELECT section, title FROM products WHERE status = 'published' AND section IN ('book', 'professional')
       ORDER BY md5(id::text || 'title') LIMIT 20000`,
    )
  ).rows;
  return { bookIds: await ids('book'), fileIds: await ids('file'), titles };
}

/** What makes two requests the same for the API's caches: method, path and body (keys in a fixed order). */
export function requestKey(request: LoadRequest): string {
  const body =
    request.body && typeof request.body === 'object'
      ? Object.fromEntries(Object.entries(request.body).sort(([a], [b]) => a.localeCompare(b)))
      : request.body;
  return `${request.method} ${request.path} ${JSON.stringify(body ?? null)}`;
}

/** Up to `count` distinct requests from `make`, leaving out those of `exclude` (the warm mixes). */
function distinct(count: number, exclude: ReadonlySet<string>, make: () => LoadRequest): LoadRequest[] {
  const seen = new Set(exclude);
  const requests: LoadRequest[] = [];
  for (let attempt = 0; requests.length < count && attempt < count * 20; attempt++) {
    const request = make();
    const key = requestKey(request);
    if (seen.has(key)) continue;
    seen.add(key);
    requests.push(request);
  }
  return requests;
}

/** Pages of a visitor who browses: mostly the first three, some further, a few deep (up to the last offered). */
function coldPage(next: () => number): number {
  const roll = next();
  if (roll < 0.75) return 1 + Math.floor(next() * 3);
  if (roll < 0.95) return 4 + Math.floor(next() * 7);
  return 11 + Math.floor(next() * (LAST_PAGE - 10));
}

/**
 * List pages with filters combined as a visitor combines them (a category or subcategory, a price range in euros,
 * a language, an edition or file types, a sort), each filter and page asked once.
 */
export function coldListRequests(
  sample: CatalogSample,
  section: 'book' | 'professional',
  count: number,
  exclude: ReadonlySet<string> = new Set(),
): LoadRequest[] {
  const next = random(section === 'book' ? 11 : 12);
  const url = section === 'book' ? '/api/books/filter/book' : '/api/category/filter/pro';
  const top = sample.categories.filter((row) => row.section === section && row.parent_id === null);
  const sub = sample.categories.filter((row) => row.section === section && row.parent_id !== null);
  const fileTypes = ['excel', 'word', 'powerpoint', 'powerbi', 'publisher', 'pdf', 'package', 'access'];
  const sorts = ['newest', 'price_asc', 'price_desc', 'title'];
  return distinct(count, exclude, () => {
    const body: Record<string, unknown> = {};
    const where = next();
    if (where < 0.25 && top.length) body.category = pick(next, top).id;
    else if (where < 0.5 && sub.length) {
      const row = pick(next, sub);
      Object.assign(body, { category: row.parent_id, subcategory: row.id });
    }
    const price = next();
    if (price < 0.6) {
      const min = Math.floor(next() * 50) * 100;
      const max = min + (5 + Math.floor(next() * 56)) * 100;
      if (price < 0.4) Object.assign(body, { minPrice: min, maxPrice: max });
      else if (price < 0.5) body.minPrice = min;
      else body.maxPrice = max;
    }
    if (next() < 0.3) body.language = pick(next, ['fr', 'en']);
    if (section === 'book' && next() < 0.3) body.edition = pick(next, ['paper', 'ebook']);
    if (section === 'professional' && next() < 0.35) {
      const types = new Set(Array.from({ length: 1 + Math.floor(next() * 3) }, () => pick(next, fileTypes)));
      body.fileType = fileTypes.filter((type) => types.has(type));
    }
    if (next() < 0.7) body.sort = pick(next, sorts);
    return { method: 'POST' as const, path: `${url}?page=${coldPage(next)}`, body };
  });
}

/** Book or file pages: every published product of the kind, each once. */
export function coldDetailRequests(cold: ColdSample, kind: 'book' | 'file'): LoadRequest[] {
  const ids = kind === 'book' ? cold.bookIds : cold.fileIds;
  const url = kind === 'book' ? '/api/books/list/' : '/api/category/file/';
  return ids.map((id) => ({ method: 'GET' as const, path: `${url}${id}` }));
}

/** A word with one typing slip: a letter left out, doubled, swapped with the next or replaced. */
function misspelt(next: () => number, word: string): string {
  const at = 1 + Math.floor(next() * (word.length - 2));
  const roll = next();
  if (roll < 0.3) return word.slice(0, at) + word.slice(at + 1);
  if (roll < 0.5) return word.slice(0, at) + word[at] + word.slice(at);
  if (roll < 0.75) return word.slice(0, at) + word[at + 1] + word[at] + word.slice(at + 2);
  const letter = 'aeiorstnlcdmpu'[Math.floor(next() * 14)]!;
  return word.slice(0, at) + letter + word.slice(at + 1);
}

/**
 * Searches as visitors type them, each text, list, page and filter asked once: words of a title they saw (two,
 * three, or the whole title), a title's rare word (`ref<n>`, one match), a word with a typing slip (the typo
 * path: nothing found, the lexicon, a second search), one word with a filter or a sort, words without accents.
 */
export function coldSearchRequests(
  sample: CatalogSample,
  cold: ColdSample,
  count: number,
  exclude: ReadonlySet<string> = new Set(),
): LoadRequest[] {
  const next = random(13);
  const sorts = ['newest', 'price_asc', 'price_desc', 'title'];
  const wordsOf = (title: string) => title.toLowerCase().split(/\s+/).filter(Boolean);
  const plain = (words: string[]) => words.filter((word) => !/[0-9]/.test(word) && word.length >= 3);
  const some = (words: string[], n: number) => {
    const start = Math.floor(next() * Math.max(1, words.length - n + 1));
    return words.slice(start, start + n);
  };
  return distinct(count, exclude, () => {
    const { section, title } = pick(next, cold.titles);
    const words = wordsOf(title);
    const common = plain(words);
    const body: Record<string, unknown> = {};
    const roll = next();
    if (roll < 0.25) body.search = some(common, 2).join(' ');
    else if (roll < 0.4) body.search = some(common, 3).join(' ');
    else if (roll < 0.5) body.search = words.join(' ');
    else if (roll < 0.65) {
      const rare = words.find((word) => /^ref[0-9]+$/.test(word)) ?? pick(next, words);
      body.search = next() < 0.5 ? rare : `${pick(next, common)} ${rare}`;
    } else if (roll < 0.8) {
      const long = common.filter((word) => word.length >= 5);
      const slip = misspelt(next, long.length ? pick(next, long) : pick(next, sample.words));
      body.search = next() < 0.5 ? slip : `${slip} ${pick(next, common)}`;
    } else if (roll < 0.9) {
      body.search = pick(next, common);
      const extra = next();
      if (extra < 0.4) body.sort = pick(next, sorts);
      else if (extra < 0.7) {
        const min = Math.floor(next() * 50) * 100;
        Object.assign(body, { minPrice: min, maxPrice: min + (5 + Math.floor(next() * 56)) * 100 });
      } else {
        const categories = sample.categories.filter(
          (row) => row.section === section && row.parent_id === null,
        );
        if (categories.length) body.category = pick(next, categories).id;
      }
    } else body.search = stripAccents(some(common, 2).join(' '));
    if (next() < 0.2) body.language = pick(next, ['fr', 'en']);
    // Mostly in the list the title came from; a few in the other one.
    const books = (section === 'book') !== next() < 0.1;
    return {
      method: 'POST' as const,
      path: `${books ? '/api/books/filter/book' : '/api/category/filter/pro'}?page=${next() < 0.85 ? 1 : 2}`,
      body,
    };
  });
}
