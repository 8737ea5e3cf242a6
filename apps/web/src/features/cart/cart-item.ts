import type { Edition, ProductSummary } from '@hls/contract';
import type { AddToCartPayload } from './cart-slice';

/**
 * The cart line of a product as the catalogue shows it: for a book, pass the edition chosen (its own price
 * and discount); a file takes the product's price and its file type as the icon name.
 */
export function cartItemFromProduct(
  product: Pick<ProductSummary, 'id' | 'kind' | 'title' | 'coverUrl' | 'price' | 'fileType'>,
  edition?: Pick<Edition, 'format' | 'price'>,
  quantity?: number,
): AddToCartPayload {
  const price = edition?.price ?? product.price;
  return {
    id: product.id,
    type: product.kind,
    ...(product.kind === 'book' && edition ? { edition: edition.format } : {}),
    title: product.title,
    price: price.priceCents,
    discount: price.discountPercent,
    image: product.coverUrl,
    ...(product.fileType ? { extension: product.fileType } : {}),
    ...(quantity !== undefined ? { quantity } : {}),
  };
}
