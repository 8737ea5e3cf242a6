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
import { api } from '@/lib/api-client';

/** List call of each section (SPEC §7): the student and pro files, and the bookshop. */
const filterPaths: Record<Section, string> = {
  academic: '/category/filter/student',
  professional: '/category/filter/pro',
  book: '/books/filter/book',
};

export type ProductListArgs = { section: Section; filter: CatalogFilter; page: number };
export type DashboardKind = 'books' | 'files';

export const catalogApi = api.injectEndpoints({
  endpoints: (build) => ({
    getCategories: build.query<Category[], { section: Section }>({
      query: ({ section }) => ({ url: '/category/list', params: { section } }),
    }),
    getSubcategories: build.query<Category[], { section: Section; category: number }>({
      query: ({ section, category }) => ({
        url: '/category/list/subcategory',
        params: { section, category },
      }),
    }),
    listProducts: build.query<ProductPage, ProductListArgs>({
      query: ({ section, filter, page }) => ({
        url: filterPaths[section],
        method: 'POST',
        params: { page },
        body: filter,
      }),
    }),
    getBook: build.query<BookDetail, number>({
      query: (id) => `/books/list/${id}`,
    }),
    getFile: build.query<FileDetail, number>({
      query: (id) => `/category/file/${id}`,
    }),
    /** "Did you mean": close spellings of a search text that finds nothing. */
    getSearchSuggestions: build.query<SearchSuggestions, string>({
      query: (search) => ({ url: '/search/suggestions', params: { search } }),
    }),
    getDashboard: build.query<Dashboard, DashboardKind>({
      query: (kind) => (kind === 'books' ? '/books/dashbord' : '/category/dashbord'),
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
