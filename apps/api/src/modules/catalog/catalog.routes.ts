import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  BookDetail,
  CatalogFilter,
  COUNT_CAP,
  CategoryList,
  CategoryListQuery,
  Dashboard,
  FileDetail,
  IdParams,
  PageQuery,
  ProductPage,
  SEARCH_CANDIDATES,
  SearchSuggestions,
  SuggestionsQuery,
  SubcategoryListQuery,
  type Section,
} from '@hls/contract';
import * as endpoints from '@hls/contract/endpoints';
import { AppError } from '../../plugins/app-error.ts';
import { errorResponses } from '../../plugins/error-responses.ts';
import { PAGE_SIZE } from './catalog.queries.ts';

const listDescription = `Published products only, ${PAGE_SIZE} per page (\`?page=\` from 1 to 1000). Every body field is
optional; unknown fields are refused. \`minPrice\`/\`maxPrice\` are cents on the final (discounted) price — with
\`edition\`, on that edition's price. \`sort\` defaults to \`relevance\` with a search text, \`newest\` otherwise.
\`count\` is exact up to ${COUNT_CAP} (a count of ${COUNT_CAP} means at least that many, and \`pages\` covers those
${COUNT_CAP}); a search ranks at most ${SEARCH_CANDIDATES} full-text matches (a count of ${SEARCH_CANDIDATES} means at
least that many). When the words of a search match nothing, its words that no title holds are replaced by the
closest title words (typos) and it runs once more: \`correctedSearch\` then names the text whose results these are. A
page past the end is an empty page.`;

/** No body is an empty filter. */
const FilterBody = CatalogFilter.nullish();

export default async function catalogRoutes(app: FastifyInstance) {
  const queries = app.catalog.reads;
  const api = app.withTypeProvider<ZodTypeProvider>();
  // Every catalogue read answers everyone alike from the shared caches: compress each body once.
  app.addHook('onRoute', (route) => {
    route.config = { ...route.config, sharedBody: true };
  });

  api.get(endpoints.categories.path, {
    schema: {
      tags: ['catalogue'],
      summary: 'Top-level categories (of one section with ?section)',
      querystring: CategoryListQuery,
      response: { 200: CategoryList, ...errorResponses(400) },
    },
    handler: async (request) => queries.categoryList({ ...request.query, subcategories: false }),
  });

  api.get(endpoints.subcategories.path, {
    schema: {
      tags: ['catalogue'],
      summary: 'Subcategories (of one section with ?section, of one category with ?category)',
      querystring: SubcategoryListQuery,
      response: { 200: CategoryList, ...errorResponses(400) },
    },
    handler: async (request) =>
      queries.categoryList({
        ...(request.query.section ? { section: request.query.section } : {}),
        ...(request.query.category !== undefined ? { parent: request.query.category } : {}),
        subcategories: true,
      }),
  });

  const lists: { url: string; summary: string; sections: Section[] }[] = [
    { url: endpoints.academicFiles.path, summary: 'Academic files (free)', sections: ['academic'] },
    { url: endpoints.professionalFiles.path, summary: 'Professional files', sections: ['professional'] },
    { url: endpoints.books.path, summary: 'Books (paper and ebook)', sections: ['book'] },
  ];
  for (const list of lists) {
    api.post(list.url, {
      schema: {
        tags: ['catalogue'],
        summary: `${list.summary}: filter, search, sort and page`,
        description: listDescription,
        querystring: PageQuery,
        body: FilterBody,
        response: { 200: ProductPage, ...errorResponses(400) },
      },
      handler: async (request) =>
        queries.list({ sections: list.sections }, request.body ?? {}, request.query.page),
    });
  }

  api.get(endpoints.searchSuggestions.path, {
    schema: {
      tags: ['catalogue'],
      summary: 'Close spellings of a search text that finds nothing: "did you mean"',
      description: `The text's words that no product title holds are replaced by the most similar title words
(trigrams); the spellings that find published products in some section, at most 3, closest first. Empty when every
word is known or none has a similar title word.`,
      querystring: SuggestionsQuery,
      response: { 200: SearchSuggestions, ...errorResponses(400) },
    },
    handler: async (request) => ({ suggestions: await queries.suggestions(request.query.search) }),
  });

  api.get(endpoints.book.path, {
    schema: {
      tags: ['catalogue'],
      summary: 'A published book with its editions and related books',
      params: IdParams,
      response: { 200: BookDetail, ...errorResponses(400, 404) },
    },
    handler: async (request) => {
      const book = await queries.bookDetail(request.params.id);
      if (!book) throw new AppError('not_found', 'No such book.');
      return book;
    },
  });

  api.get(endpoints.file.path, {
    schema: {
      tags: ['catalogue'],
      summary: 'A published file (academic or professional) with related files',
      params: IdParams,
      response: { 200: FileDetail, ...errorResponses(400, 404) },
    },
    handler: async (request) => {
      const file = await queries.fileDetail(request.params.id);
      if (!file) throw new AppError('not_found', 'No such file.');
      return file;
    },
  });

  api.get(endpoints.booksDashboard.path, {
    schema: {
      tags: ['catalogue'],
      summary: 'Home rows of books: newest, most popular, discounted (8 each)',
      response: { 200: Dashboard },
    },
    handler: async () => queries.dashboard(['book']),
  });

  api.get(endpoints.filesDashboard.path, {
    schema: {
      tags: ['catalogue'],
      summary: 'Home rows of files, academic and professional: newest, most popular, discounted (8 each)',
      response: { 200: Dashboard },
    },
    handler: async () => queries.dashboard(['academic', 'professional']),
  });
}
