import { describe, expect, it } from 'vitest';
import { bookJsonLd, fileJsonLd } from './catalog-json-ld';
import { bookDetail, fileDetail } from './test-fixtures';

describe('structured data', () => {
  it('describes a book with one Offer per edition, in EUR, with its availability', () => {
    const data = bookJsonLd(
      bookDetail({
        editions: [
          ...bookDetail()
            .editions.slice(0, 1)
            .map((e) => ({ ...e, inStock: false, stock: 0 })),
          ...bookDetail().editions.slice(1),
        ],
      }),
      'https://hls.example',
    );
    expect(data).toMatchObject({
      '@type': 'Book',
      name: 'Le Petit Prince',
      url: 'https://hls.example/product/1',
      image: 'https://hls.example/media/covers/1.svg',
      author: { '@type': 'Person', name: 'Antoine Durand' },
      offers: [
        {
          '@type': 'Offer',
          price: '18.00',
          priceCurrency: 'EUR',
          availability: 'https://schema.org/OutOfStock',
        },
        { '@type': 'Offer', price: '9.90', priceCurrency: 'EUR', availability: 'https://schema.org/InStock' },
      ],
      workExample: [
        { bookFormat: 'https://schema.org/Paperback', isbn: '9782070612758', numberOfPages: 120 },
        { bookFormat: 'https://schema.org/EBook' },
      ],
    });
  });

  it('describes a free file as a Product offered at 0 EUR', () => {
    expect(fileJsonLd(fileDetail(), 'https://hls.example')).toMatchObject({
      '@type': 'Product',
      url: 'https://hls.example/prodoc/2',
      offers: { '@type': 'Offer', price: '0.00', priceCurrency: 'EUR' },
    });
  });
});
