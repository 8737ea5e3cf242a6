import { describe, expect, it } from 'vitest';
import {
  effectiveSort,
  emptyListParams,
  parseListParams,
  toCatalogFilter,
  toSearchParams,
  withChange,
} from './list-params';

const parse = (query: string, section: 'academic' | 'professional' | 'book' = 'professional') =>
  parseListParams(new URLSearchParams(query), section);

describe('list state in the URL', () => {
  it('reads every filter, the sort and the page, and writes them back the same', () => {
    const query =
      'search=tableau&category=3&subcategory=7&type=excel%2Cpowerbi&min=5&max=49.9&language=fr&sort=price_asc&page=2';
    const state = parse(query);
    expect(state).toEqual({
      search: 'tableau',
      category: 3,
      subcategory: 7,
      fileTypes: ['excel', 'powerbi'],
      edition: null,
      minPrice: 5,
      maxPrice: 49.9,
      language: 'fr',
      sort: 'price_asc',
      page: 2,
    });
    expect(toSearchParams(state).toString()).toBe(query);
  });

  it('leaves defaults out of the URL', () => {
    expect(toSearchParams(emptyListParams).toString()).toBe('');
  });

  it('drops values that make no sense instead of failing the page', () => {
    expect(parse('category=abc&type=excel,exe&page=-3&sort=cheapest&language=de&min=-1')).toEqual({
      ...emptyListParams,
      fileTypes: ['excel'],
    });
    expect(parse('page=999999').page).toBe(1);
    expect(parse('subcategory=4').subcategory).toBeNull();
  });

  it('keeps only the filters a section offers', () => {
    expect(parse('edition=paper&type=pdf&min=3', 'book')).toMatchObject({
      edition: 'paper',
      fileTypes: [],
      minPrice: 3,
    });
    expect(parse('edition=paper&type=pdf&min=3&sort=price_desc', 'academic')).toMatchObject({
      edition: null,
      fileTypes: ['pdf'],
      minPrice: null,
      sort: null,
    });
  });

  it('swaps a reversed price range', () => {
    expect(parse('min=30&max=10')).toMatchObject({ minPrice: 10, maxPrice: 30 });
  });
});

describe('filter body', () => {
  it('sends prices in cents and the sort actually applied', () => {
    const state = parse('search=étudiant&min=9.9&max=20&type=word');
    expect(toCatalogFilter(state)).toEqual({
      search: 'étudiant',
      fileType: ['word'],
      minPrice: 990,
      maxPrice: 2000,
      sort: 'relevance',
    });
    expect(toCatalogFilter(emptyListParams)).toEqual({ sort: 'newest' });
  });

  it('sorts by relevance only with a search text', () => {
    expect(effectiveSort({ search: '', sort: 'relevance' })).toBe('newest');
    expect(effectiveSort({ search: 'x', sort: null })).toBe('relevance');
    expect(effectiveSort({ search: 'x', sort: 'title' })).toBe('title');
  });
});

describe('filter change', () => {
  it('goes back to the first page and forgets the subcategory of another category', () => {
    const state = parse('category=3&subcategory=7&page=4');
    expect(withChange(state, { category: 5 })).toMatchObject({ category: 5, subcategory: null, page: 1 });
    expect(withChange(state, { language: 'en' })).toMatchObject({ category: 3, subcategory: 7, page: 1 });
  });
});
