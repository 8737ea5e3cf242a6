import type { UnknownAction } from '@reduxjs/toolkit';
import { notify } from './notify';

type Matcher = { match(action: unknown): action is { payload: { id: number } } };

/**
 * The toasts of a list that holds each product once (wishlist, compare; SPEC §8), decided from an action and the
 * state before it: added, refused because already there (info), removed. The keys are in the `toast` namespace.
 */
export function savedListToasts<State>(list: {
  add: Matcher;
  remove: Matcher;
  items: (state: State) => readonly { id: number }[];
  keys: { added: string; already: string; removed: string };
}): (action: UnknownAction, before: State) => void {
  return (action, before) => {
    if (list.add.match(action)) {
      const present = list.items(before).some((item) => item.id === action.payload.id);
      if (present) notify.key('info', list.keys.already);
      else notify.key('success', list.keys.added);
    } else if (list.remove.match(action)) notify.key('info', list.keys.removed);
  };
}
