import type { SiteInfo } from '@hls/contract';
import { contact as configContact, socialLinks } from '@/config/site';

const networkLabels: Record<string, string> = {
  facebook: 'Facebook',
  instagram: 'Instagram',
  linkedin: 'LinkedIn',
  youtube: 'YouTube',
  x: 'X',
};

/** A partner of the site, as the settings name it (GET /api/site `partners`). */
export type Partner = SiteInfo['partners'][number];

export type SiteContacts = {
  emails: { customers: string; authors: string; claims: string };
  phone: string;
  social: { network: SiteInfo['social'][number]['network']; label: string; href: string }[];
  /** None until the settings name some (and until GET /api/site answers). */
  partners: Partner[];
};

/** The contacts of GET /api/site, or those of the configuration until it answers. */
export function toSiteContacts(data: SiteInfo | undefined): SiteContacts {
  return {
    partners: data?.partners ?? [],
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
