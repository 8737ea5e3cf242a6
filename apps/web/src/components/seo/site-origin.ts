import { createContext, useContext } from 'react';

/** Origin of the page being rendered on the server (that of its request); the browser reads its own. */
export const SiteOriginContext = createContext<string | null>(null);

/** Origin of the site's absolute links (structured data): the same on the server and in the browser. */
export function useSiteOrigin(): string {
  return useContext(SiteOriginContext) ?? window.location.origin;
}
