import { env } from './env';

export const SITE_NAME = 'HLS';

export const contact = {
  phone: env.contactPhone,
  emails: {
    customers: env.contactEmailCustomers,
    authors: env.contactEmailAuthors,
    claims: env.contactEmailClaims,
  },
} as const;

export type SocialNetwork = 'facebook' | 'linkedin' | 'instagram' | 'youtube' | 'x';

export const socialLinks: { network: SocialNetwork; label: string; href: string }[] = [
  { network: 'facebook', label: 'Facebook', href: 'https://www.facebook.com/' },
  { network: 'linkedin', label: 'LinkedIn', href: 'https://www.linkedin.com/' },
  { network: 'instagram', label: 'Instagram', href: 'https://www.instagram.com/' },
  { network: 'youtube', label: 'YouTube', href: 'https://www.youtube.com/' },
];

/** Scroll distance after which the "back to top" button appears (SPEC §9). */
export const SCROLL_TOP_THRESHOLD = 300;
