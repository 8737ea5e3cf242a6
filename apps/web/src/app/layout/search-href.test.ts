import { describe, expect, it } from 'vitest';
import { searchHref } from './search-href';

describe('the menu search', () => {
  it('searches all three sections from a page that is not a list', () => {
    expect(searchHref('/', 'excel')).toBe('/search?search=excel');
    expect(searchHref('/about', 'plan comptable')).toBe('/search?search=plan%20comptable');
    expect(searchHref('/product/3', '')).toBe('/search');
  });

  it('keeps searching the list being browsed', () => {
    expect(searchHref('/professionnel', 'excel')).toBe('/professionnel?search=excel');
    expect(searchHref('/academic', 'thèse')).toBe('/academic?search=th%C3%A8se');
    expect(searchHref('/book', '')).toBe('/book');
  });
});
