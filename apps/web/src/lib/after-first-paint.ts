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

let serverRendered = false;

/** The page came rendered by the server: set by the server render, and by the browser before it hydrates. */
export function markServerRendered(): void {
  serverRendered = true;
}

/**
 * True when the whole shell renders (the footer, the live site contacts): on a server-rendered page from the
 * start, as the server rendered it with its data; otherwise once the first screen is painted.
 */
export function useWholeShell(): boolean {
  return useAfterFirstPaint() || serverRendered;
}
