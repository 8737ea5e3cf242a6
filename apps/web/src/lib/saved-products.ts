import type { ProductKind, ProductSummary } from '@hls/contract';

/**
 * A product kept in one of the visitor's lists (wishlist, compare): what the list shows without asking the
 * server. The lists hold each product once, by id (SPEC §4, §5).
 */
export type SavedProduct = {
  id: number;
  type: ProductKind;
  title: string;
  /** List price in cents (a book's cheapest edition). */
  price: number;
  /** Percent; applies only when greater than 0. */
  discount: number;
  image: string;
};

/** The saved entry of a product as the catalogue shows it. */
export function savedProductFrom(
  product: Pick<ProductSummary, 'id' | 'kind' | 'title' | 'coverUrl' | 'price'>,
): SavedProduct {
  return {
    id: product.id,
    type: product.kind,
    title: product.title,
    price: product.price.priceCents,
    discount: product.price.discountPercent,
    image: product.coverUrl,
  };
}

export function containsProduct(items: readonly { id: number }[], id: number): boolean {
  return items.some((item) => item.id === id);
}

/** Adds a product to a list (an Immer draft) unless it is already there. */
export function addOnce<T extends { id: number }>(items: T[], item: T): void {
  if (!containsProduct(items, item.id)) items.push(item);
}

export function withoutProduct<T extends { id: number }>(items: readonly T[], id: number): T[] {
  return items.filter((item) => item.id !== id);
}
