import type { BookDetail, EbookAccessibility, Edition, FileDetail, Price } from '@hls/contract';
import { productPath } from '@/config/paths';
import { licenceUrl } from './licence-url';

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

const ebookMimes = { pdf: 'application/pdf', epub: 'application/epub+zip' } as const;

/** An EPUB's accessibility as schema.org states it (the properties it declared, as declared). */
function accessibilityJsonLd(a11y: EbookAccessibility): JsonLd {
  const list = (values: string[]) => (values.length ? values : undefined);
  return {
    accessMode: list(a11y.accessModes),
    accessModeSufficient: list(a11y.accessModesSufficient),
    accessibilityFeature: list(a11y.features),
    accessibilityHazard: list(a11y.hazards),
    accessibilitySummary: a11y.summary ?? undefined,
  };
}

/**
 * schema.org `Book` with its publisher and date, one `Offer` per edition, and each edition as a `workExample`
 * (format, ISBN, pages, the ebook's file format and, for an EPUB, its accessibility).
 */
export function bookJsonLd(book: BookDetail, origin: string): JsonLd {
  const url = absolute(productPath(book), origin);
  const published = {
    ...(book.publisher ? { publisher: { '@type': 'Organization', name: book.publisher } } : {}),
    ...(book.publicationDate ? { datePublished: book.publicationDate } : {}),
  };
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
    ...published,
    offers: book.editions.map((edition) =>
      offer(edition.price, edition.inStock, url, { name: edition.format, sku: edition.isbn ?? undefined }),
    ),
    workExample: book.editions.map((edition) => ({
      '@type': 'Book',
      bookFormat: bookFormats[edition.format],
      ...(edition.isbn ? { isbn: edition.isbn } : {}),
      ...(edition.pages ? { numberOfPages: edition.pages } : {}),
      ...(edition.ebookFile ? { encodingFormat: ebookMimes[edition.ebookFile.format] } : {}),
      ...(edition.format === 'ebook' && book.accessibility ? accessibilityJsonLd(book.accessibility) : {}),
      inLanguage: book.language,
      ...published,
      offers: offer(edition.price, edition.inStock, url),
    })),
  };
}

const property = (name: string, value: string | number | boolean) => ({
  '@type': 'PropertyValue',
  name,
  value,
});

/**
 * schema.org `Product` (a `DigitalDocument` too) with its `Offer` (price 0 for a free academic file), its language,
 * pages, last change, licence and what it holds and needs as properties.
 */
export function fileJsonLd(file: FileDetail, origin: string): JsonLd {
  const url = absolute(productPath(file), origin);
  const licence = file.licence ? (licenceUrl(file.licence, file.language) ?? undefined) : undefined;
  return {
    '@context': schema,
    '@type': 'Product',
    additionalType: `${schema}/DigitalDocument`,
    '@id': url,
    url,
    name: file.title,
    description: file.excerpt || file.description.slice(0, 300),
    image: absolute(file.coverUrl, origin),
    category: file.category.name[file.language],
    brand: { '@type': 'Brand', name: file.author.name },
    author: { '@type': 'Person', name: file.author.name },
    inLanguage: file.language,
    fileFormat: file.extension,
    dateModified: file.updatedAt,
    ...(file.pages ? { numberOfPages: file.pages } : {}),
    ...(licence ? { license: licence } : {}),
    additionalProperty: [
      ...(file.sheets ? [property('sheets', file.sheets)] : []),
      ...(file.slides ? [property('slides', file.slides)] : []),
      ...file.archiveParts.map((part) => property('archivePart', part)),
      ...file.software.map((s) => property('software', s.version ? `${s.app} ${s.version}+` : s.app)),
      property('macros', file.macros),
      ...(file.usage ? [property('usage', file.usage)] : []),
    ],
    offers: offer(
      file.free ? { priceCents: 0, discountPercent: 0, finalPriceCents: 0 } : file.price,
      true,
      url,
    ),
  };
}
