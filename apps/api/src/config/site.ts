import type { ParsedEnv } from './env.ts';

export const socialNetworks = ['facebook', 'instagram', 'linkedin', 'youtube', 'x'] as const;
export type SocialNetwork = (typeof socialNetworks)[number];

export type SiteSettings = {
  company: {
    name: string;
    registrationNumber: string;
    address: string;
    /** UK VAT registration number. */
    vatNumber: string;
    /** The EU's non-Union OSS identification number (VAT on digital goods to EU consumers). */
    ossNumber: string;
    /** The EU's import scheme (IOSS) identification number (paper books to EU consumers, up to €150). */
    iossNumber: string;
    contactPerson: string;
  };
  host: { name: string; address: string; phone: string };
  contact: { customers: string; authors: string; claims: string; phone: string };
  social: { network: SocialNetwork; url: string }[];
  /** Partner links of the footer, in the order given; none by default. */
  partners: { name: string; url: string }[];
};

/** Public facts of the legal notice, the footer and the author contract, from the environment. */
export function readSite(e: ParsedEnv): SiteSettings {
  return {
    company: {
      name: e.COMPANY_NAME,
      registrationNumber: e.COMPANY_NUMBER,
      address: e.COMPANY_ADDRESS,
      vatNumber: e.COMPANY_VAT_NUMBER,
      ossNumber: e.COMPANY_OSS_NUMBER,
      iossNumber: e.COMPANY_IOSS_NUMBER,
      contactPerson: e.COMPANY_CONTACT,
    },
    host: { name: e.HOSTING_NAME, address: e.HOSTING_ADDRESS, phone: e.HOSTING_PHONE },
    contact: {
      customers: e.CONTACT_EMAIL_CUSTOMERS,
      authors: e.CONTACT_EMAIL_AUTHORS,
      claims: e.CONTACT_EMAIL_CLAIMS,
      phone: e.CONTACT_PHONE,
    },
    social: (
      [
        ['facebook', e.SOCIAL_FACEBOOK],
        ['instagram', e.SOCIAL_INSTAGRAM],
        ['linkedin', e.SOCIAL_LINKEDIN],
        ['youtube', e.SOCIAL_YOUTUBE],
        ['x', e.SOCIAL_X],
      ] as const
    )
      .filter(([, url]) => url !== 'off')
      .map(([network, url]) => ({ network, url })),
    partners: e.PARTNERS ?? [],
  };
}
