import type { BookDetail, FileDetail, ProductPage, ProductSummary } from '@hls/contract';

/** Products shaped as the API sends them, for the catalogue's tests. */
export function summary(overrides: Partial<ProductSummary> = {}): ProductSummary {
  return {
    id: 1,
    kind: 'book',
    section: 'book',
    title: 'Le Petit Prince',
    excerpt: 'Un conte poétique.',
    author: { id: 'a1', name: 'Antoine Durand' },
    category: { id: 3, slug: 'novels', name: { fr: 'Romans', en: 'Novels' } },
    subcategory: null,
    language: 'fr',
    coverUrl: '/media/covers/1.svg',
    price: { priceCents: 2000, discountPercent: 0, finalPriceCents: 2000 },
    free: false,
    fileType: null,
    formats: ['paper'],
    publishedAt: '2026-10-01T00:00:00.000Z',
    rating: null,
    downloads: null,
    ...overrides,
  };
}

export function fileSummary(overrides: Partial<ProductSummary> = {}): ProductSummary {
  return summary({
    id: 2,
    kind: 'file',
    section: 'academic',
    title: 'Rapport de stage',
    category: { id: 8, slug: 'reports', name: { fr: 'Rapports', en: 'Reports' } },
    price: { priceCents: 0, discountPercent: 0, finalPriceCents: 0 },
    free: true,
    fileType: 'word',
    formats: [],
    ...overrides,
  });
}

export function page(results: ProductSummary[], overrides: Partial<ProductPage> = {}): ProductPage {
  return {
    results,
    count: results.length,
    page: 1,
    pageSize: 24,
    pages: results.length ? 1 : 0,
    ...overrides,
  };
}

export function bookDetail(overrides: Partial<BookDetail> = {}): BookDetail {
  return {
    ...summary({ formats: ['paper', 'ebook'] }),
    kind: 'book',
    accessibility: null,
    description: 'Premier paragraphe.\n\nSecond paragraphe.',
    authorBio: 'Auteur et aviateur.',
    editions: [
      {
        format: 'paper',
        price: { priceCents: 2000, discountPercent: 10, finalPriceCents: 1800 },
        isbn: '9782070612758',
        pages: 120,
        stock: 3,
        inStock: true,
        ebookFile: null,
      },
      {
        format: 'ebook',
        price: { priceCents: 990, discountPercent: 0, finalPriceCents: 990 },
        isbn: null,
        pages: 120,
        stock: null,
        inStock: true,
        ebookFile: { format: 'epub', drmFree: true, watermarked: false },
      },
    ],
    related: [],
    sampleUrl: null,
    publisher: 'Gallimard Jeunesse',
    publicationDate: '2024-05-16',
    twin: null,
    ...overrides,
  };
}

export function fileDetail(overrides: Partial<FileDetail> = {}): FileDetail {
  return {
    ...fileSummary(),
    kind: 'file',
    fileType: 'word',
    description: 'Un rapport complet.',
    extension: 'docx',
    sizeBytes: 2_400_000,
    pages: 42,
    related: [],
    sampleUrl: null,
    licence: null,
    usage: null,
    sheets: null,
    slides: null,
    archiveParts: [],
    software: [],
    macros: false,
    updatedAt: '2026-09-14T08:00:00.000Z',
    twin: null,
    ...overrides,
  };
}
