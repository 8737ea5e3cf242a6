import { createContext, useContext } from 'react';
import type { HeadEntry } from './seo-head';

/** Where a server render records the heads the browser would apply: the route handle's, and the screen's own. */
export type ServerHead = { record(slot: 'route' | 'page', entry: HeadEntry): void };

/** Set by the server render only; in the browser, heads go to the document (seo-head.ts). */
export const ServerHeadContext = createContext<ServerHead | null>(null);

/** A ServerHead for one render; `shown()` is the head seo-head.ts would apply (the screen's over the route's). */
export function createServerHead(): ServerHead & { shown(): HeadEntry | null } {
  const heads: Record<'route' | 'page', HeadEntry | null> = { route: null, page: null };
  return {
    record: (slot, entry) => void (heads[slot] = entry),
    shown: () => heads.page ?? heads.route,
  };
}

/** On the server, records the head the browser would apply once mounted; does nothing in the browser. */
export function useServerHead(slot: 'route' | 'page', entry: HeadEntry): void {
  const head = useContext(ServerHeadContext);
  // A server render runs once and has no effects: what it records while rendering is the page's head.
  if (head && entry.title) head.record(slot, entry);
}
