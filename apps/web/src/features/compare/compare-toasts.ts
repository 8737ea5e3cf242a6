import { savedListToasts } from '@/components/ui/saved-list-toasts';
import { addToCompare, deleteFromCompare } from './compare-slice';
import type { CompareState } from './compare-slice';

/** The compare toasts of SPEC §8; a product already in the list is refused with an info toast, as the wishlist does. */
export const compareToasts = savedListToasts({
  add: addToCompare,
  remove: deleteFromCompare,
  items: (state: { compare: CompareState }) => state.compare.compareItems,
  keys: { added: 'addedToCompare', already: 'alreadyInCompare', removed: 'removedFromCompare' },
});
