import type { TypedStartListening } from '@reduxjs/toolkit';
import { notify } from '@/components/ui/notify';
import { addToCompare, deleteFromCompare } from './compare-slice';

/** The compare toasts of SPEC §8. */
export function startCompareToasts(startListening: TypedStartListening<unknown>) {
  startListening({ actionCreator: addToCompare, effect: () => void notify.key('success', 'addedToCompare') });
  startListening({
    actionCreator: deleteFromCompare,
    effect: () => void notify.key('info', 'removedFromCompare'),
  });
}
