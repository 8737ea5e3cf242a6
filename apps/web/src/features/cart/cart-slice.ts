import { createSelector, createSlice, nanoid } from '@reduxjs/toolkit';
import type { PayloadAction } from '@reduxjs/toolkit';
import { discountedPrice } from '@hls/contract/money';
import type { EditionFormat, LineFormat, ProductKind } from '@hls/contract';

export type CartItemType = ProductKind;

export type CartItem = {
  /** Product id (books and files share one id space). */
  id: number;
  /** Unique per line: the same product in another edition (or colour/size) is another line. */
  cartItemId: string;
  type: CartItemType;
  /** Books: the edition bought (a book's cart line is the pair product + edition). */
  edition?: EditionFormat;
  title: string;
  /** Unit list price in cents. */
  price: number;
  /** Percent; applies only when greater than 0. */
  discount: number;
  quantity: number;
  image: string;
  /** File type icon name (excel, word, powerpoint, powerbi, publisher, pdf, package, access). */
  extension?: string;
  selectedProductColor?: string;
  selectedProductSize?: string;
};

export type CartState = { cartItems: CartItem[] };

export type AddToCartPayload = Omit<CartItem, 'cartItemId' | 'quantity'> & { quantity?: number };

type LineIdentity = Pick<CartItem, 'id' | 'edition' | 'selectedProductColor' | 'selectedProductSize'>;

const initialState: CartState = { cartItems: [] };

/** Same product and same variant (edition, colour, size) make the same line (SPEC §4). */
export const isSameLine = (a: LineIdentity, b: LineIdentity) =>
  a.id === b.id &&
  a.edition === b.edition &&
  a.selectedProductColor === b.selectedProductColor &&
  a.selectedProductSize === b.selectedProductSize;

/** An ebook or a file: one licence, bought once, never in several copies. */
export const isDigitalLine = (item: Pick<CartItem, 'type' | 'edition'>) =>
  item.type === 'file' || item.edition === 'ebook';

/** A free document is downloaded from its page; the shop sells nothing at 0 (the server refuses it too). */
export const isFreeLine = (item: Pick<CartItem, 'price' | 'discount'>) =>
  discountedPrice(item.price, item.discount) <= 0;

/** What `addToCart` does with an item, given the cart: add it, raise a paper line, or leave the cart as it is. */
export function addOutcome(cart: CartState, item: AddToCartPayload): 'added' | 'free' | 'alreadyInCart' {
  if (isFreeLine(item)) return 'free';
  if (isDigitalLine(item) && cart.cartItems.some((line) => isSameLine(line, item))) return 'alreadyInCart';
  return 'added';
}

/** A saved cart as the shop sells it today: no free line, one copy of a digital one. */
export function sellableCart(state: CartState): CartState {
  return {
    ...state,
    cartItems: state.cartItems
      .filter((item) => !isFreeLine(item))
      .map((item) => (isDigitalLine(item) && item.quantity !== 1 ? { ...item, quantity: 1 } : item)),
  };
}

export const cartSlice = createSlice({
  name: 'cart',
  initialState,
  reducers: {
    /**
     * Adds a line, or raises the quantity of the same paper line by `quantity` (default 1); a digital line is
     * bought once, and a free document never enters the cart.
     */
    addToCart: {
      reducer(state, action: PayloadAction<AddToCartPayload & { cartItemId: string }>) {
        const { quantity, ...item } = action.payload;
        if (addOutcome(state, item) !== 'added') return;
        const amount = isDigitalLine(item)
          ? 1
          : quantity !== undefined && quantity > 0
            ? Math.floor(quantity)
            : 1;
        const existing = state.cartItems.find((line) => isSameLine(line, item));
        if (existing) existing.quantity += amount;
        else state.cartItems.push({ ...item, quantity: amount });
      },
      prepare: (item: AddToCartPayload) => ({ payload: { ...item, cartItemId: nanoid() } }),
    },
    /** "Undo" after emptying the cart: the lines come back, beside whatever was added since. */
    restoreCartLines(state, action: PayloadAction<CartItem[]>) {
      for (const line of action.payload) {
        if (isFreeLine(line) || state.cartItems.some((item) => isSameLine(item, line))) continue;
        state.cartItems.push(line);
      }
    },
    /** Lowers the quantity by 1; from 1 the line goes. */
    decreaseQuantity(state, action: PayloadAction<{ cartItemId: string }>) {
      const line = state.cartItems.find((item) => item.cartItemId === action.payload.cartItemId);
      if (!line) return;
      if (line.quantity <= 1) {
        state.cartItems = state.cartItems.filter((item) => item.cartItemId !== line.cartItemId);
      } else {
        line.quantity -= 1;
      }
    },
    deleteFromCart(state, action: PayloadAction<{ cartItemId: string }>) {
      state.cartItems = state.cartItems.filter((item) => item.cartItemId !== action.payload.cartItemId);
    },
    removeBooksFromCart(state) {
      state.cartItems = state.cartItems.filter((item) => item.type !== 'book');
    },
    deleteAllFromCart(state) {
      state.cartItems = [];
    },
    /** After a paid order: the lines it bought leave the cart (SPEC §4), whatever else was added since stays. */
    removeOrderedLines(state, action: PayloadAction<{ productId: number; format: LineFormat }[]>) {
      const bought = (item: CartItem) =>
        action.payload.some(
          (line) =>
            line.productId === item.id &&
            (item.type === 'file' ? line.format === 'file' : line.format === item.edition),
        );
      state.cartItems = state.cartItems.filter((item) => !bought(item));
    },
  },
  selectors: {
    selectCartItems: (state) => state.cartItems,
    selectCartCount: (state) => state.cartItems.reduce((sum, item) => sum + item.quantity, 0),
  },
});

export const {
  addToCart,
  decreaseQuantity,
  deleteFromCart,
  removeBooksFromCart,
  deleteAllFromCart,
  restoreCartLines,
  removeOrderedLines,
} = cartSlice.actions;
export const { selectCartItems, selectCartCount } = cartSlice.selectors;
export const cartReducer = cartSlice.reducer;

/** Price of one unit after the discount (only when the discount is greater than 0). */
export const unitPrice = (item: Pick<CartItem, 'price' | 'discount'>) =>
  discountedPrice(item.price, item.discount);

export const lineTotal = (item: Pick<CartItem, 'price' | 'discount' | 'quantity'>) =>
  unitPrice(item) * item.quantity;

export type CartTotals = {
  /** Sum of list prices × quantities, in cents. */
  subtotal: number;
  /** What the discounts take off, in cents. */
  discount: number;
  total: number;
  /** Paper books ship with delivery included. */
  hasPaperBooks: boolean;
};

export function computeCartTotals(items: CartItem[]): CartTotals {
  const subtotal = items.reduce((sum, item) => sum + item.price * item.quantity, 0);
  const total = items.reduce((sum, item) => sum + lineTotal(item), 0);
  return {
    subtotal,
    discount: subtotal - total,
    total,
    hasPaperBooks: items.some((item) => item.type === 'book' && item.edition === 'paper'),
  };
}

export const selectCartTotals = createSelector([selectCartItems], computeCartTotals);
