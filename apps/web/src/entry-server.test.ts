import { describe, expect, it } from 'vitest';
import { pageUrl } from './entry-server';

describe('the address a page is rendered at and kept under', () => {
  it('keeps only the parameters a list reads, checked and in one order, defaults left out', () => {
    expect(pageUrl('/book?utm_source=mail&fbclid=abc&page=2')).toBe('/book?page=2');
    expect(pageUrl('/book?page=02&sort=title&category=3&x=1')).toBe(
      pageUrl('/book?category=3&sort=title&page=2'),
    );
    expect(pageUrl('/book?page=1&sort=nonsense&category=-4')).toBe('/book');
    expect(pageUrl('/professionnel?max=5&min=10&type=pdf,nope')).toBe(
      pageUrl('/professionnel?type=pdf&min=5&max=10'),
    );
    // A filter its section does not offer changes nothing.
    expect(pageUrl('/academic?min=5&edition=paper')).toBe('/academic');
  });

  it('keeps the search text of the search page, trimmed', () => {
    expect(pageUrl('/search?search=%20guide%20&ref=home')).toBe('/search?search=guide');
    expect(pageUrl('/search?ref=home')).toBe('/search');
  });

  it('drops the query of a page that reads none, the language included (the render is given it apart)', () => {
    expect(pageUrl('/product/17?lng=en&utm_campaign=spring')).toBe('/product/17');
    expect(pageUrl('/?x=1')).toBe('/');
    expect(pageUrl('/about?a=1&b=2')).toBe('/about');
  });

  it('renders every unknown path as one not-found page', () => {
    expect(pageUrl('/no-such-page')).toBe(pageUrl('/another/unknown/path?x=1'));
    expect(pageUrl('/no-such-page')).not.toBe('/no-such-page');
  });
});
