import { describe, expect, it } from 'vitest';
import { indexedPaths, pageViewPath, paths, productPath, unindexedPaths } from './paths.ts';

describe('paths', () => {
  it('builds product pages by kind, as the spec names them', () => {
    expect(productPath({ id: 12, kind: 'book' })).toBe('/product/12');
    expect(productPath({ id: '7', kind: 'file' })).toBe('/prodoc/7');
  });

  it('escapes what a link carries', () => {
    expect(paths.search.getHref('c++ & co')).toBe('/search?search=c%2B%2B%20%26%20co');
    expect(paths.passwordResetConfirm.getHref('a/b')).toBe('/password/reset/confirm/a%2Fb');
  });

  it('counts page views without the secrets or query strings a path carries', () => {
    expect(pageViewPath(paths.passwordResetConfirm.getHref('s3cr3t-token'))).toBe('/password/reset/confirm/');
    expect(pageViewPath('/password/reset/confirm/')).toBe('/password/reset/confirm/');
    expect(pageViewPath(paths.emailConfirm.getHref('s3cr3t-token'))).toBe('/email/confirm/');
    expect(pageViewPath(paths.emailReport.getHref('s3cr3t-token'))).toBe('/email/report/');
    expect(pageViewPath('/book?email=a@b.test#top')).toBe('/book');
    expect(pageViewPath('')).toBe('/');
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
