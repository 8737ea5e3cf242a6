import type { UnknownAction } from '@reduxjs/toolkit';
import { notify } from '@/components/ui/notify';
import { addToCompare, deleteFromCompare } from './compare-slice';

/** The compare toasts of SPEC §8 for an action. */
export function compareToasts(action: UnknownAction): void {
  if (addToCompare.match(action)) notify.key('success', 'addedToCompare');
  else if (deleteFromCompare.match(action)) notify.key('info', 'removedFromCompare');
}
