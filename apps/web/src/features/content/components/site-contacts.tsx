import { lazy, Suspense } from 'react';
import type { ReactNode } from 'react';
import { useWholeShell } from '@/lib/after-first-paint';
import { toSiteContacts } from '../site-contacts';
import type { SiteContacts } from '../site-contacts';

const LiveSiteContacts = lazy(() => import('./live-site-contacts'));

/**
 * The site contacts for the shell: the configured ones at first, then those of GET /api/site once the first screen
 * is painted, the API client (not part of the first page load) has arrived and the server has answered; on a
 * server-rendered page, those of GET /api/site from the start.
 */
export function WithSiteContacts({ children }: { children: (contacts: SiteContacts) => ReactNode }) {
  const configured = children(toSiteContacts(undefined));
  if (!useWholeShell()) return configured;
  return (
    <Suspense fallback={configured}>
      <LiveSiteContacts>{children}</LiveSiteContacts>
    </Suspense>
  );
}
