import { useGetSiteInfoQuery } from './api/content-api';
import { toSiteContacts } from './site-contacts';

/** The contact e-mails, phone and social links of the site (GET /api/site, configuration until it answers). */
export function useSiteContacts() {
  const { data } = useGetSiteInfoQuery();
  return toSiteContacts(data);
}
