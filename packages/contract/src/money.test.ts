import { describe, expect, it } from 'vitest';
import { discountedPrice, includedVat, royaltyOf, saleRoyalty, vatRateOf } from './money.ts';

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

describe('saleRoyalty', () => {
  it('takes the VAT included in the price out, then the rate of the net sale, rounded once', () => {
    // 19.90 with 5.5 % VAT included: 1.04 of VAT, 18.86 net; 25 % of it is 4.715, rounded to 4.72.
    expect(saleRoyalty({ paidCents: 1990, vatRateBp: 550, royaltyRateBp: 2500 })).toEqual({
      vatCents: 104,
      netCents: 1886,
      royaltyCents: 472,
    });
  });

  it('counts the whole price as net without VAT', () => {
    expect(saleRoyalty({ paidCents: 2500, vatRateBp: 0, royaltyRateBp: 1000 })).toEqual({
      vatCents: 0,
      netCents: 2500,
      royaltyCents: 250,
    });
  });

  it('agrees with includedVat and royaltyOf for every price and rate', () => {
    for (let paid = 0; paid <= 3000; paid += 37)
      for (const vat of [0, 550, 2000])
        for (const rate of [1000, 2500, 5000]) {
          const sale = saleRoyalty({ paidCents: paid, vatRateBp: vat, royaltyRateBp: rate });
          expect(sale.vatCents + sale.netCents).toBe(paid);
          expect(sale.royaltyCents).toBe(royaltyOf(paid - includedVat(paid, vat), rate));
        }
  });
});

describe('vatRateOf', () => {
  const rates = { paper: 550, ebook: 551, professionalFile: 2000 };
  it('takes the rate of what the line sells', () => {
    expect(vatRateOf(rates, 'paper')).toBe(550);
    expect(vatRateOf(rates, 'ebook')).toBe(551);
    expect(vatRateOf(rates, 'file')).toBe(2000);
  });
});
