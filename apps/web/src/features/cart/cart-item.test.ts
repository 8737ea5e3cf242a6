import { describe, expect, it } from 'vitest';
import { cartItemFromProduct } from './cart-item';

const price = (priceCents: number, discountPercent: number) => ({
  priceCents,
  discountPercent,
  finalPriceCents: Math.round((priceCents * (100 - discountPercent)) / 100),
});

describe('cartItemFromProduct', () => {
  it("takes a book edition's own price and records the edition", () => {
    const book = {
      id: 7,
      kind: 'book' as const,
      title: 'Finance',
      coverUrl: '/c.webp',
      price: price(900, 0),
      fileType: null,
    };
    expect(cartItemFromProduct(book, { format: 'paper', price: price(2500, 20) }, 2)).toEqual({
      id: 7,
      type: 'book',
      edition: 'paper',
      title: 'Finance',
      price: 2500,
      discount: 20,
      image: '/c.webp',
      quantity: 2,
    });
  });

  it('gives a file its file type as the icon name', () => {
    const file = {
      id: 9,
      kind: 'file' as const,
      title: 'KPI',
      coverUrl: '/k.webp',
      price: price(1200, 0),
      fileType: 'excel' as const,
    };
    expect(cartItemFromProduct(file)).toEqual({
      id: 9,
      type: 'file',
      title: 'KPI',
      price: 1200,
      discount: 0,
      image: '/k.webp',
      extension: 'excel',
    });
  });
});
