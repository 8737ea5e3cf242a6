import type {
  BookDetail,
  CatalogFilter,
  Category,
  Dashboard,
  FileDetail,
  ProductPage,
  SearchSuggestions,
  Section,
} from '@hls/contract';
import * as endpoints from '@hls/contract/endpoints';
import type { Endpoint } from '@hls/contract/endpoints';
import { api } from '@/lib/api-client';

/** List call of each section (SPEC §7): the student and pro files, and the bookshop. */
const sectionLists = {
  academic: endpoints.academicFiles,
  professional: endpoints.professionalFiles,
  book: endpoints.books,
} satisfies Record<Section, Endpoint>;

export type ProductListArgs = { section: Section; filter: CatalogFilter; page: number };
export type DashboardKind = 'books' | 'files';

export const catalogApi = api.injectEndpoints({
  endpoints: (build) => ({
    getCategories: build.query<Category[], { section: Section }>({
      query: ({ section }) => ({ url: endpoints.categories.url(), params: { section } }),
    }),
    getSubcategories: build.query<Category[], { section: Section; category: number }>({
      query: ({ section, category }) => ({
        url: endpoints.subcategories.url(),
        params: { section, category },
      }),
    }),
    listProducts: build.query<ProductPage, ProductListArgs>({
      query: ({ section, filter, page }) => ({
        url: sectionLists[section].url(),
        method: 'POST',
        params: { page },
        body: filter,
      }),
    }),
    getBook: build.query<BookDetail, number>({
      query: (id) => endpoints.book.url({ id }),
    }),
    getFile: build.query<FileDetail, number>({
      query: (id) => endpoints.file.url({ id }),
    }),
    /** "Did you mean": close spellings of a search text that finds nothing. */
    getSearchSuggestions: build.query<SearchSuggestions, string>({
      query: (search) => ({ url: endpoints.searchSuggestions.url(), params: { search } }),
    }),
    getDashboard: build.query<Dashboard, DashboardKind>({
      query: (kind) => (kind === 'books' ? endpoints.booksDashboard.url() : endpoints.filesDashboard.url()),
    }),
  }),
});

export const {
  useGetCategoriesQuery,
  useGetSubcategoriesQuery,
  useListProductsQuery,
  useGetBookQuery,
  useGetFileQuery,
  useGetDashboardQuery,
  useGetSearchSuggestionsQuery,
} = catalogApi;
