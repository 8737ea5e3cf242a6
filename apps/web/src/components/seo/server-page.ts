import { createContext, useContext } from 'react';
import type { HeadEntry } from './seo-head';

/**
 * What a server render learns from the screens while it renders them: the heads the browser would apply (the
 * route handle's, and the screen's own) and the page's HTTP status.
 */
export type ServerPage = {
  head(slot: 'route' | 'page', entry: HeadEntry): void;
  status(code: number): void;
};

/** Set by the server render only; in the browser, heads go to the document (seo-head.ts). */
export const ServerPageContext = createContext<ServerPage | null>(null);

/** A ServerPage for one render: `shown()` is the head seo-head.ts would apply (the screen's over the route's). */
export function createServerPage(): ServerPage & { shown(): HeadEntry | null; code(): number } {
  const heads: Record<'route' | 'page', HeadEntry | null> = { route: null, page: null };
  let code = 200;
  return {
    head: (slot, entry) => void (heads[slot] = entry),
    status: (value) => void (code = value),
    shown: () => heads.page ?? heads.route,
    code: () => code,
  };
}

// A server render runs once and has no effects: what the hooks below record while rendering is the page's.

/** On the server, records the head the browser would apply once mounted; does nothing in the browser. */
export function useServerHead(slot: 'route' | 'page', entry: HeadEntry): void {
  const page = useContext(ServerPageContext);
  if (page && entry.title) page.head(slot, entry);
}

/** On the server, sets the page's HTTP status (404 for a page or product that does not exist); nothing in the browser. */
export function useServerStatus(code: number): void {
  useContext(ServerPageContext)?.status(code);
}
