import type { ReactNode } from 'react';
import type { SiteContacts } from '../site-contacts';
import { useSiteContacts } from '../use-site-contacts';

/** Renders `children` with the contacts of GET /api/site (see ./site-contacts). */
export default function LiveSiteContacts({ children }: { children: (contacts: SiteContacts) => ReactNode }) {
  return children(useSiteContacts());
}
