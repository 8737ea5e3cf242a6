import { useSyncExternalStore } from 'react';

let painted = false;
let scheduled = false;
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (!scheduled) {
    scheduled = true;
    // A timeout queued from an animation frame runs once that frame is painted.
    requestAnimationFrame(() =>
      setTimeout(() => {
        painted = true;
        listeners.forEach((notify) => notify());
      }, 0),
    );
  }
  return () => listeners.delete(listener);
}

/**
 * False until the app's first screen has been painted, then true for good. What the first screen can do without
 * (the footer, live site contacts, the home rows' code, the page-view report) waits for it, so the first paint
 * competes with nothing for the network or the main thread.
 */
export function useAfterFirstPaint(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => painted,
    () => false,
  );
}
