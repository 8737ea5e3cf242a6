import type { SiteInfo } from '@hls/contract';
import { contact as configContact, socialLinks } from '@/config/site';

const networkLabels: Record<string, string> = {
  facebook: 'Facebook',
  instagram: 'Instagram',
  linkedin: 'LinkedIn',
  youtube: 'YouTube',
  x: 'X',
};

export type SiteContacts = {
  emails: { customers: string; authors: string; claims: string };
  phone: string;
  social: { network: SiteInfo['social'][number]['network']; label: string; href: string }[];
};

/** The contacts of GET /api/site, or those of the configuration until it answers. */
export function toSiteContacts(data: SiteInfo | undefined): SiteContacts {
  return {
    emails: data
      ? { customers: data.contact.customers, authors: data.contact.authors, claims: data.contact.claims }
      : configContact.emails,
    phone: data?.contact.phone ?? configContact.phone,
    social: data
      ? data.social.map((link) => ({
          network: link.network,
          label: networkLabels[link.network] ?? link.network,
          href: link.url,
        }))
      : socialLinks.map((link) => ({ network: link.network, label: link.label, href: link.href })),
  };
}
