import type { ProductSummary } from '@hls/contract';
import { paths } from '@/config/paths';

/** Detail page of a product: /product/{id} for books, /prodoc/{id} for files. */
export function productHref(product: Pick<ProductSummary, 'id' | 'kind'>): string {
  return product.kind === 'book' ? paths.book.getHref(product.id) : paths.file.getHref(product.id);
}
