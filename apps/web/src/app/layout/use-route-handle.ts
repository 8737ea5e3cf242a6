import { useMatches } from 'react-router';
import { isRouteHandle } from './route-handle';
import type { RouteHandle } from './route-handle';

/** Handle of the deepest matched route that declares one. */
export function useRouteHandle(): RouteHandle | null {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const handle = matches[i]?.handle;
    if (isRouteHandle(handle)) return handle;
  }
  return null;
}
