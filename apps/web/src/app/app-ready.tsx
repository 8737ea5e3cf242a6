import { useEffect } from 'react';

/**
 * Marks the page as running (`<html data-app="ready">`) once the first screen is interactive: rendered in the
 * browser, or hydrated when the server rendered it. The server renders it too, so both trees match.
 */
export function AppReady() {
  useEffect(() => {
    document.documentElement.dataset.app = 'ready';
  }, []);
  return null;
}
