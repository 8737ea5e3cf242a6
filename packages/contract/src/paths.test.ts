import { describe, expect, it } from 'vitest';
import { indexedPaths, paths, productPath, unindexedPaths } from './paths.ts';

describe('paths', () => {
  it('builds product pages by kind, as the spec names them', () => {
    expect(productPath({ id: 12, kind: 'book' })).toBe('/product/12');
    expect(productPath({ id: '7', kind: 'file' })).toBe('/prodoc/7');
  });

  it('escapes what a link carries', () => {
    expect(paths.search.getHref('c++ & co')).toBe('/search?search=c%2B%2B%20%26%20co');
    expect(paths.passwordResetConfirm.getHref('a/b')).toBe('/password/reset/confirm/a%2Fb');
  });

  it('never lists a page both for indexing and as one robots should skip', () => {
    for (const path of indexedPaths)
      expect(unindexedPaths.some((prefix) => prefix !== '/' && path.startsWith(prefix))).toBe(false);
  });

  it('gives every page a distinct pattern', () => {
    const patterns = Object.values(paths).map((page) => page.path);
    expect(new Set(patterns).size).toBe(patterns.length);
  });
});
