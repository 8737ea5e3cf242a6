import { sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Dashboard, ProductPage, ProductSummary, Section } from '@hls/contract';
import {
  COUNT_CAP,
  MAX_PAGE,
  SEARCH_CANDIDATES,
  sections as allSections,
  type CatalogFilter,
} from '@hls/contract';
import { summaryColumns, type CatalogReader, type SummaryRow } from './catalog.reader.ts';

/** Products per list page. */
export const PAGE_SIZE = 24;
/** When a search finds nothing, at most this many of its words are checked for typos. */
const CORRECTED_WORDS = 8;
/** Close spellings offered when a search finds nothing anywhere. */
const SUGGESTIONS = 3;
const DASHBOARD_ROW = 8;

export type ParsedFilter = z.output<typeof CatalogFilter>;

export type ListScope = { sections: Section[] };

/**
 * A list's sections. The full-text indexes are partial, one per section: each statement is planned for its values
 * (decision 0006), so the planner sees the section and reads its index. A statement planned once for every value
 * (a search's, decision 0044) has its one section written in its text, so that its plan still proves the index.
 */
function sectionClause(listed: readonly Section[], written = false): SQL {
  if (listed.length !== 1) return sql`p.section = ANY(${sql.param(listed)}::text[])`;
  return written ? WRITTEN_SECTIONS[listed[0]!] : sql`p.section = ${listed[0]}`;
}
/** `p.section = '…'` for each section, the only texts a section is written into. */
const WRITTEN_SECTIONS = Object.fromEntries(
  allSections.map((section) => [section, sql.raw(`p.section = '${section}'`)]),
) as Record<Section, SQL>;

/** Books: the column of an edition's final price (null when the book has no such edition). */
const editionPrice = { paper: sql`p.paper_price_cents`, ebook: sql`p.ebook_price_cents` } as const;

/**
 * WHERE clause of a list: published products of the scope matching every filter field that applies (its one
 * section written in the text when `writeSection`: see `sectionClause`).
 */
function whereClause(scope: ListScope, filter: ParsedFilter, writeSection = false): SQL {
  const isBooks = scope.sections.includes('book');
  const parts: SQL[] = [sql`p.status = 'published'`, sectionClause(scope.sections, writeSection)];
  if (filter.category !== undefined) parts.push(sql`p.category_id = ${filter.category}`);
  if (filter.subcategory !== undefined) parts.push(sql`p.subcategory_id = ${filter.subcategory}`);
  if (filter.language) parts.push(sql`p.language = ${filter.language}`);
  if (!isBooks && filter.fileType?.length) {
    // One array parameter: the statement's text does not depend on how many types are ticked.
    parts.push(sql`p.file_type = ANY(${sql.param(filter.fileType)}::text[])`);
  }
  if (isBooks && filter.edition) {
    // With an edition, the price range applies to that edition's final price; the cheapest offer is at most
    // that, which bounds the walk of the price index.
    const price = editionPrice[filter.edition];
    parts.push(sql`${price} IS NOT NULL`);
    if (filter.minPrice !== undefined) parts.push(sql`${price} >= ${filter.minPrice}`);
    if (filter.maxPrice !== undefined) {
      parts.push(sql`${price} <= ${filter.maxPrice}`, sql`p.min_price_cents <= ${filter.maxPrice}`);
    }
  } else {
    if (filter.minPrice !== undefined) parts.push(sql`p.min_price_cents >= ${filter.minPrice}`);
    if (filter.maxPrice !== undefined) parts.push(sql`p.min_price_cents <= ${filter.maxPrice}`);
  }
  return sql.join(parts, sql` AND `);
}

/**
 * The keys of each sort, in order. Descending keys say NULLS LAST to match the indexes (drizzle-kit writes them
 * that way); a plain DESC (nulls first) would not use them. price_desc walks the ascending price index backwards.
 */
const SORT_KEYS: Record<string, [column: string, direction: string][]> = {
  price_asc: [
    ['min_price_cents', 'ASC'],
    ['id', 'ASC'],
  ],
  price_desc: [
    ['min_price_cents', 'DESC'],
    ['id', 'DESC'],
  ],
  title: [
    ['title', 'ASC'],
    ['id', 'ASC'],
  ],
  newest: [
    ['published_at', 'DESC NULLS LAST'],
    ['id', 'DESC NULLS LAST'],
  ],
};
const sortKeys = (sort: string | undefined) => SORT_KEYS[sort ?? 'newest'] ?? SORT_KEYS.newest!;

/** ORDER BY of a list. */
function orderClause(sort: string | undefined, prefix = 'p.'): SQL {
  return sql.raw(
    sortKeys(sort)
      .map(([column, direction]) => `${prefix}${column} ${direction}`)
      .join(', '),
  );
}

/** The columns a page's sort reads: with nothing else, its index answers alone. */
function sortColumns(sort: string | undefined): SQL {
  return sql.raw(
    sortKeys(sort)
      .map(([column]) => `p.${column}`)
      .join(', '),
  );
}

/** The most matches a search ranks, written in its statements' text (the planner weighs it). */
const CANDIDATES = sql.raw(String(SEARCH_CANDIDATES));

const tsQuery = (text: string) =>
  sql`(websearch_to_tsquery('fr_unaccent', ${text}) || websearch_to_tsquery('en_unaccent', ${text}))`;
const normalized = (text: string) => sql`hls_unaccent(lower(${text}))`;

/** A search text's words (`spellingWords`), each with the title words closest to it when no title holds it. */
type Spelling = { text: string; word: string; similar: string[] | null }[];

/**
 * The words of a search text (its first CORRECTED_WORDS, lowercased and unaccented, beside the whole text so
 * normalised), each with up to `limit` title words most similar to it when it is a word of three letters or more,
 * without digits, that no title holds.
 */
const spellingWords = (text: string, limit: number) => sql`
  WITH t AS (SELECT ${normalized(text)} AS text)
  SELECT t.text, q.word,
    CASE WHEN length(q.word) >= 3 AND q.word !~ '[0-9]'
      AND NOT EXISTS (SELECT 1 FROM search_words w WHERE w.word = q.word) THEN ARRAY(
        SELECT w.word FROM search_words w WHERE w.word % q.word
        ORDER BY similarity(w.word, q.word) DESC, w.word LIMIT ${limit}) END AS similar
  FROM t, unnest(regexp_split_to_array(t.text, '[^[:alnum:]]+')) WITH ORDINALITY q(word, n)
  WHERE q.word <> '' AND q.n <= ${CORRECTED_WORDS}`;

/**
 * Up to `limit` spellings of a text from its words (`spellingWords`), closest first, its unknown words replaced by
 * their similar title words: the first takes each word's closest, the next ones its second and third. Empty when
 * every word is known or none has a similar title word.
 */
function spellingsOf(words: Spelling, limit: number): string[] {
  const similar = new Map(words.filter((w) => w.similar?.length).map((w) => [w.word, w.similar!]));
  if (!similar.size) return [];
  const spellings = new Set<string>();
  for (let rank = 0; rank < limit; rank += 1) {
    // Words are replaced in place, so quotes, "or" and "-word" keep their meaning.
    spellings.add(
      words[0]!.text.replace(/[\p{L}\p{N}]+/gu, (word) => {
        const found = similar.get(word);
        return found ? (found[rank] ?? found[0]!) : word;
      }),
    );
  }
  return [...spellings];
}

/**
 * The catalogue's lists: a section's (or several's) published products filtered, sorted and paged, the full-text
 * search with its typo tolerance and "did you mean", and the dashboard's rows.
 */
export function createCatalogLists(reader: CatalogReader) {
  const { rows, rowsForValues, cards } = reader;
  const countCache = reader.cached<number>();
  const dashboardCache = reader.cached<Dashboard>();

  function pageOf(results: ProductSummary[], count: number, page: number): ProductPage {
    const pages = Math.min(Math.ceil(count / PAGE_SIZE), MAX_PAGE);
    return { results, count, page, pageSize: PAGE_SIZE, pages };
  }

  /** Rows of a page with its count beside them, or one row of nulls with the count when the page is empty. */
  type CountedRows = ((SummaryRow | { [K in keyof SummaryRow]: null }) & { total: number })[];
  const countedPage = (found: CountedRows) => ({
    count: found[0]?.total ?? 0,
    rows: found.filter((row): row is SummaryRow & { total: number } => row.id !== null),
  });

  async function browse(scope: ListScope, filter: ParsedFilter, page: number): Promise<ProductPage> {
    const where = whereClause(scope, filter);
    const offset = (page - 1) * PAGE_SIZE;
    // Skip the offset on the index alone (ids and sort keys), then build the cards of this page only.
    const pageRows = (past = sql``) => sql`pg AS (
        SELECT ${sortColumns(filter.sort)} FROM products p
        WHERE ${where}${past} ORDER BY ${orderClause(filter.sort)} LIMIT ${PAGE_SIZE} OFFSET ${offset}
      )`;
    const counting = sql`SELECT count(*)::int AS total FROM (SELECT 1 FROM products p WHERE ${where} LIMIT ${COUNT_CAP}) m`;
    // A count not known yet is taken in the page's statement; a page past the counted ones needs no rows.
    let found: SummaryRow[] | undefined;
    const countKey = JSON.stringify([scope.sections, { ...filter, sort: undefined }]);
    const count = await countCache(countKey, async () => {
      if (offset >= COUNT_CAP) return (await rowsForValues<{ total: number }>(counting))[0]!.total;
      // The count first: when it ends before this page (nothing found, or fewer than the offset), the page's scan
      // is never run — a one-time filter on the count, where a filter matching nothing would read its range twice.
      const counted = countedPage(
        await rowsForValues<CountedRows[number]>(sql`WITH c AS (${counting}),
          ${pageRows(sql` AND (SELECT total FROM c) > ${offset}`)}
          SELECT ${summaryColumns}, c.total
          FROM (pg JOIN products p ON p.id = pg.id) RIGHT JOIN c ON true
          ORDER BY ${orderClause(filter.sort, 'pg.')}`),
      );
      found = counted.rows;
      return counted.count;
    });
    if (offset >= count) return pageOf([], count, page);
    found ??= await rowsForValues<SummaryRow>(sql`WITH ${pageRows()}
      SELECT ${summaryColumns} FROM pg JOIN products p ON p.id = pg.id
      ORDER BY ${orderClause(filter.sort, 'pg.')}`);
    return pageOf(await cards(found), count, page);
  }

  async function search(
    scope: ListScope,
    filter: ParsedFilter,
    text: string,
    page: number,
  ): Promise<ProductPage> {
    const sort = filter.sort ?? 'relevance';
    const orderBy = (prefix: string) =>
      sort === 'relevance'
        ? sql.raw(`${prefix}score DESC, ${prefix}published_at DESC, ${prefix}id DESC`)
        : orderClause(sort, prefix);
    const offset = (page - 1) * PAGE_SIZE;
    // A search in one section without a price range is planned once for all its words (decision 0044): the words
    // are read once, in `q`, and the plan holds none of them. With a price range, the plan is made for the words
    // and the range (a narrow range of a common word wants the price index, a wide one the words' index).
    const planned =
      scope.sections.length === 1 && filter.minPrice === undefined && filter.maxPrice === undefined;
    const where = whereClause(scope, filter, planned);

    const rankedPage = async (words: string, { spell }: { spell: boolean }) => {
      const query = planned ? sql`(SELECT q FROM q)` : tsQuery(words);
      // At most SEARCH_CANDIDATES matches are ranked: first those whose title holds the words (however many
      // descriptions hold them too, a title that names what was asked is among the ranked), then the others, as
      // many as there is room for. Each is ranked as it is read: one pass over their rows. The others' own limit
      // is a constant, so the planner weighs it: planned for its words, a word of nearly every description is read
      // from the table until the room is filled; planned once for all, from its index's bitmap of all its matches
      // (the price decision 0044 pays for the planning saved).
      const candidate = sql`SELECT p.id, p.published_at, p.min_price_cents, p.title,
          ts_rank(p.search_vector, ${query}) AS score FROM products p WHERE ${where}`;
      // The count comes with the page, and alone (a row of nulls) when the page is past the candidates. When
      // nothing matches, that row also says which words no title holds and the title words closest to them
      // (`spell`): the typo path needs no statement of its own, and a search that finds something never reads them.
      const spelling = spell
        ? sql`, CASE WHEN c.total = 0 THEN (SELECT json_agg(w) FROM (${spellingWords(words, 1)}) w) END AS spelling`
        : sql``;
      const found = await (planned ? rows : rowsForValues)<CountedRows[number] & { spelling?: Spelling }>(sql`
          WITH ${planned ? sql`q AS MATERIALIZED (SELECT ${tsQuery(words)} AS q),` : sql``}
          titled AS (${candidate} AND p.title_vector @@ ${query} LIMIT ${CANDIDATES}),
          m AS (
            SELECT * FROM titled
            UNION ALL (SELECT * FROM (${candidate} AND p.search_vector @@ ${query}
                AND p.id NOT IN (SELECT id FROM titled) LIMIT ${CANDIDATES}) others
              LIMIT (SELECT ${CANDIDATES} - count(*) FROM titled))
          ),
          r AS (SELECT m.* FROM m ORDER BY ${orderBy('')} LIMIT ${PAGE_SIZE} OFFSET ${offset})
          SELECT ${summaryColumns}, c.total${spelling}
          FROM (r JOIN products p ON p.id = r.id) RIGHT JOIN (SELECT count(*)::int AS total FROM m) c ON true
          ORDER BY ${orderBy('r.')}`);
      const { rows: pageRows, count } = countedPage(found);
      return { page: pageOf(await cards(pageRows), count, page), spelling: found[0]?.spelling ?? null };
    };

    const { page: result, spelling } = await rankedPage(text, { spell: true });
    if (result.count > 0) return result;
    // Typo tolerance: when the words match nothing, each word that no title holds is replaced by the most
    // similar title word, and the search runs once more; its results say which text they are of.
    const corrected = spelling && spellingsOf(spelling, 1)[0];
    if (!corrected) return result;
    const { page: correctedResult } = await rankedPage(corrected, { spell: false });
    return correctedResult.count > 0 ? { ...correctedResult, correctedSearch: corrected } : result;
  }

  /** Up to `limit` spellings of the search text with its unknown words replaced (`spellingsOf`). */
  async function closeSpellings(text: string, limit: number): Promise<string[]> {
    return spellingsOf(await rowsForValues<Spelling[number]>(spellingWords(text, limit)), limit);
  }

  /**
   * "Did you mean": close spellings of a search text (see `closeSpellings`) that find published products in some
   * section, at most SUGGESTIONS of them.
   */
  async function suggestions(text: string): Promise<string[]> {
    const found: string[] = [];
    for (const spelling of await closeSpellings(text, SUGGESTIONS)) {
      // A search per section, each on its own index.
      const query = tsQuery(spelling);
      const inSection = allSections.map(
        (section) => sql`EXISTS (SELECT 1 FROM products p
          WHERE p.status = 'published' AND ${sectionClause([section])} AND p.search_vector @@ ${query})`,
      );
      const [match] = await rowsForValues<{ found: boolean }>(
        sql`SELECT ${sql.join(inSection, sql` OR `)} AS found`,
      );
      if (match?.found) found.push(spelling);
    }
    return found;
  }

  async function list(scope: ListScope, filter: ParsedFilter, page: number): Promise<ProductPage> {
    const text = filter.search?.trim();
    return text ? search(scope, filter, text, page) : browse(scope, filter, page);
  }

  async function dashboardRow(
    sections: Section[],
    extra: SQL,
    order: (prefix: SQL) => SQL,
  ): Promise<ProductSummary[]> {
    // One index scan per section, merged: an IN list would sort every published product.
    const perSection = sections.map(
      (section) => sql`(SELECT p.id, p.published_at, p.popularity FROM products p
        WHERE p.status = 'published' AND p.section = ${section}${extra} ORDER BY ${order(sql`p.`)} LIMIT ${DASHBOARD_ROW})`,
    );
    const found = await rowsForValues<SummaryRow>(sql`
      WITH top AS (SELECT * FROM (${sql.join(perSection, sql` UNION ALL `)}) u ORDER BY ${order(sql`u.`)} LIMIT ${DASHBOARD_ROW})
      SELECT ${summaryColumns} FROM top t JOIN products p ON p.id = t.id
      ORDER BY ${order(sql`t.`)}`);
    return cards(found);
  }

  function dashboard(sections: Section[]): Promise<Dashboard> {
    return dashboardCache(sections.join(','), async () => {
      const newest = (p: SQL) => sql`${p}published_at DESC NULLS LAST, ${p}id DESC NULLS LAST`;
      return {
        new: await dashboardRow(sections, sql``, newest),
        popular: await dashboardRow(
          sections,
          sql``,
          (p) => sql`${p}popularity DESC NULLS LAST, ${p}id DESC NULLS LAST`,
        ),
        discounted: await dashboardRow(sections, sql` AND p.discount_percent > 0`, newest),
      };
    });
  }

  return { list, dashboard, suggestions };
}
