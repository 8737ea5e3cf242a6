import type { BookDetail, Edition, FileDetail, Price } from '@hls/contract';
import { productPath } from '@/config/paths';

type JsonLd = Record<string, unknown>;

const schema = 'https://schema.org';

function absolute(path: string, origin: string): string {
  return new URL(path, origin).href;
}

function offer(price: Price, available: boolean, url: string, extra: JsonLd = {}): JsonLd {
  return {
    '@type': 'Offer',
    price: (price.finalPriceCents / 100).toFixed(2),
    priceCurrency: 'EUR',
    availability: `${schema}/${available ? 'InStock' : 'OutOfStock'}`,
    url,
    ...extra,
  };
}

const bookFormats: Record<Edition['format'], string> = {
  paper: `${schema}/Paperback`,
  ebook: `${schema}/EBook`,
};

/** schema.org `Book` with one `Offer` per edition, and each edition as a `workExample` (format, ISBN, pages). */
export function bookJsonLd(book: BookDetail, origin: string): JsonLd {
  const url = absolute(productPath(book), origin);
  return {
    '@context': schema,
    '@type': 'Book',
    '@id': url,
    url,
    name: book.title,
    description: book.excerpt || book.description.slice(0, 300),
    image: absolute(book.coverUrl, origin),
    inLanguage: book.language,
    author: { '@type': 'Person', name: book.author.name },
    genre: book.category.name[book.language],
    offers: book.editions.map((edition) =>
      offer(edition.price, edition.inStock, url, { name: edition.format, sku: edition.isbn ?? undefined }),
    ),
    workExample: book.editions.map((edition) => ({
      '@type': 'Book',
      bookFormat: bookFormats[edition.format],
      ...(edition.isbn ? { isbn: edition.isbn } : {}),
      ...(edition.pages ? { numberOfPages: edition.pages } : {}),
      inLanguage: book.language,
      offers: offer(edition.price, edition.inStock, url),
    })),
  };
}

/** schema.org `Product` with its `Offer` (price 0 for a free academic file). */
export function fileJsonLd(file: FileDetail, origin: string): JsonLd {
  const url = absolute(productPath(file), origin);
  return {
    '@context': schema,
    '@type': 'Product',
    '@id': url,
    url,
    name: file.title,
    description: file.excerpt || file.description.slice(0, 300),
    image: absolute(file.coverUrl, origin),
    category: file.category.name[file.language],
    brand: { '@type': 'Brand', name: file.author.name },
    offers: offer(
      file.free ? { priceCents: 0, discountPercent: 0, finalPriceCents: 0 } : file.price,
      true,
      url,
    ),
  };
}
