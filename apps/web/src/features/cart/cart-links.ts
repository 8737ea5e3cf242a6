import { paths } from '@/config/paths';
import type { CartItem } from './cart-slice';

/** Detail page of a cart line's product: /product/{id} for books, /prodoc/{id} for files. */
export const productHref = (item: Pick<CartItem, 'id' | 'type'>) =>
  item.type === 'book' ? paths.book.getHref(item.id) : paths.file.getHref(item.id);
