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

  it('gives a book and each edition its publisher, publication date, pages, ISBN, format and language', () => {
    const data = bookJsonLd(bookDetail(), 'https://hls.example');
    const publisher = { '@type': 'Organization', name: 'Gallimard Jeunesse' };
    expect(data).toMatchObject({ publisher, datePublished: '2024-05-16', inLanguage: 'fr' });
    expect(data.workExample).toEqual([
      expect.objectContaining({
        bookFormat: 'https://schema.org/Paperback',
        isbn: '9782070612758',
        numberOfPages: 120,
        inLanguage: 'fr',
        publisher,
        datePublished: '2024-05-16',
      }),
      expect.objectContaining({
        bookFormat: 'https://schema.org/EBook',
        encodingFormat: 'application/epub+zip',
        numberOfPages: 120,
      }),
    ]);
  });

  it('describes a file as a Product and a DigitalDocument with its language, licence and contents', () => {
    const data = fileJsonLd(
      fileDetail({
        licence: 'cc_by',
        sheets: 3,
        software: [{ app: 'excel', version: '2016' }],
      }),
      'https://hls.example',
    );
    expect(data).toMatchObject({
      '@type': 'Product',
      additionalType: 'https://schema.org/DigitalDocument',
      inLanguage: 'fr',
      fileFormat: 'docx',
      numberOfPages: 42,
      dateModified: '2026-09-14T08:00:00.000Z',
      license: 'https://creativecommons.org/licenses/by/4.0/deed.fr',
    });
    expect(data.additionalProperty).toEqual([
      { '@type': 'PropertyValue', name: 'sheets', value: 3 },
      { '@type': 'PropertyValue', name: 'software', value: 'excel 2016+' },
      { '@type': 'PropertyValue', name: 'macros', value: false },
    ]);
  });

  it('describes a free file as a Product offered at 0 EUR', () => {
    expect(fileJsonLd(fileDetail(), 'https://hls.example')).toMatchObject({
      '@type': 'Product',
      url: 'https://hls.example/prodoc/2',
      offers: { '@type': 'Offer', price: '0.00', priceCurrency: 'EUR' },
    });
  });

  it('gives an EPUB edition the schema.org accessibility properties its package declares', () => {
    const data = bookJsonLd(
      bookDetail({
        accessibility: {
          accessModes: ['textual'],
          accessModesSufficient: ['textual'],
          features: ['tableOfContents'],
          hazards: ['none'],
          summary: 'Texte seul.',
          conformsTo: null,
        },
      }),
      'https://hls.example',
    );
    const [paper, ebook] = JSON.parse(JSON.stringify(data.workExample)) as Record<string, unknown>[];
    expect(paper).not.toHaveProperty('accessMode');
    expect(ebook).toMatchObject({
      accessMode: ['textual'],
      accessModeSufficient: ['textual'],
      accessibilityFeature: ['tableOfContents'],
      accessibilityHazard: ['none'],
      accessibilitySummary: 'Texte seul.',
    });
  });
});
