import { describe, expect, it } from 'vitest';
import { discountedPrice } from './money.ts';

describe('discountedPrice', () => {
  it('applies a percent discount and rounds half up to the cent', () => {
    expect(discountedPrice(2000, 25)).toBe(1500);
    expect(discountedPrice(999, 10)).toBe(899); // 899.1
    expect(discountedPrice(1005, 50)).toBe(503); // 502.5
  });

  it('keeps the price when there is no discount (0, negative or not a number)', () => {
    for (const discount of [0, -5, Number.NaN]) expect(discountedPrice(1234, discount)).toBe(1234);
  });

  it('makes a product free at 100 % and never goes below zero or above the price', () => {
    expect(discountedPrice(1999, 100)).toBe(0);
    const wrong: string[] = [];
    for (let price = 0; price <= 5000; price += 7)
      for (let discount = 0; discount <= 100; discount += 1) {
        const result = discountedPrice(price, discount);
        if (!Number.isInteger(result) || result < 0 || result > price) wrong.push(`${price}@${discount}%`);
      }
    expect(wrong).toEqual([]);
  });
});
