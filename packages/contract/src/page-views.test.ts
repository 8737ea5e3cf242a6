import { describe, expect, it } from 'vitest';
import { countedPageView, NOT_FOUND_PAGE_VIEW } from './page-views.ts';
import { paths } from './paths.ts';

describe('countedPageView', () => {
  it('counts a page of the web app under its path, as its router matches it', () => {
    expect(countedPageView('/')).toBe('/');
    expect(countedPageView('/book')).toBe('/book');
    expect(countedPageView('/BOOK/?utm_source=mail#top')).toBe('/book');
    expect(countedPageView('/back-office/editorial')).toBe('/back-office/editorial');
    expect(countedPageView(paths.passwordResetConfirm.getHref('s3cr3t'))).toBe('/password/reset/confirm/');
  });

  it('keeps a product page’s id and drops the parameters of other pages', () => {
    expect(countedPageView('/product/42')).toBe('/product/42');
    expect(countedPageView('/prodoc/7')).toBe('/prodoc/7');
    expect(countedPageView(paths.backOfficeOrder.getHref('0b6f3c52-order'))).toBe(paths.backOfficeOrder.path);
    expect(countedPageView(paths.backOfficeSubmission.getHref('a1'))).toBe(paths.backOfficeSubmission.path);
  });

  it('counts every other address in one not-found bucket', () => {
    for (const path of [
      '/nope',
      `/${'x'.repeat(499)}`,
      '/book/extra',
      '/product/abc',
      '/product/007',
      '/product/99999999999',
      '/product/',
      '/api/health',
    ]) {
      expect(countedPageView(path), path).toBe(NOT_FOUND_PAGE_VIEW);
    }
  });
});
