import { describe, expect, it } from 'vitest';
import { periodError, reportFromSearch, searchFromReport } from './report-params';

describe('report filters in the address', () => {
  it('reads the days, the product and the page', () => {
    expect(reportFromSearch(new URLSearchParams('from=2026-11-01&to=2026-11-30&productId=9&page=3'))).toEqual(
      {
        filters: { from: '2026-11-01', to: '2026-11-30', productId: 9 },
        page: 3,
      },
    );
  });

  it('drops what is not a day, a product id or a page', () => {
    expect(reportFromSearch(new URLSearchParams('from=2026-02-31&to=yesterday&productId=-4&page=0'))).toEqual(
      { filters: {}, page: 1 },
    );
    expect(reportFromSearch(new URLSearchParams('productId=1.5&page=abc'))).toEqual({ filters: {}, page: 1 });
    expect(reportFromSearch(new URLSearchParams('page=99999')).page).toBe(1000);
  });

  it('writes the filters and the page, keeping the address’s other parameters', () => {
    const base = new URLSearchParams('lng=fr&page=4&from=2020-01-01');
    expect(searchFromReport({ to: '2026-11-30', productId: 7 }, 2, base).toString()).toBe(
      'lng=fr&to=2026-11-30&productId=7&page=2',
    );
    expect(searchFromReport({}, 1, base).toString()).toBe('lng=fr');
  });

  it('finds a period that ends before it starts', () => {
    expect(periodError({ from: '2026-11-30', to: '2026-11-01' })).toBe('period.reversed');
    expect(periodError({ from: '2026-11-01', to: '2026-11-01' })).toBeNull();
    expect(periodError({ from: '2026-11-01' })).toBeNull();
  });
});
