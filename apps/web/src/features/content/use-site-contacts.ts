import { contact as fallbackContact, socialLinks } from '@/config/site';
import { useGetSiteInfoQuery } from './api/content-api';

const networkLabels: Record<string, string> = {
  facebook: 'Facebook',
  instagram: 'Instagram',
  linkedin: 'LinkedIn',
  youtube: 'YouTube',
  x: 'X',
};

/** The contact e-mails, phone and social links of the site (GET /api/site, configuration until it answers). */
export function useSiteContacts() {
  const { data } = useGetSiteInfoQuery();
  return {
    emails: data
      ? { customers: data.contact.customers, authors: data.contact.authors, claims: data.contact.claims }
      : fallbackContact.emails,
    phone: data?.contact.phone ?? fallbackContact.phone,
    social: data
      ? data.social.map((link) => ({
          network: link.network,
          label: networkLabels[link.network] ?? link.network,
          href: link.url,
        }))
      : socialLinks.map((link) => ({ network: link.network, label: link.label, href: link.href })),
  };
}
