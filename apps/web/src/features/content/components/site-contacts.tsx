import { lazy, Suspense } from 'react';
import type { ReactNode } from 'react';
import { toSiteContacts } from '../site-contacts';
import type { SiteContacts } from '../site-contacts';

const LiveSiteContacts = lazy(() => import('./live-site-contacts'));

/**
 * The site contacts for the shell: the configured ones at first render, then those of GET /api/site once the
 * API client (not part of the first page load) has arrived and the server has answered.
 */
export function WithSiteContacts({ children }: { children: (contacts: SiteContacts) => ReactNode }) {
  return (
    <Suspense fallback={children(toSiteContacts(undefined))}>
      <LiveSiteContacts>{children}</LiveSiteContacts>
    </Suspense>
  );
}
