import type { SiteInfo } from '@hls/contract';

/** GET /api/site as the default settings answer it. */
export function siteInfo(overrides: Partial<SiteInfo> = {}): SiteInfo {
  return {
    company: {
      name: 'HLS Editions Ltd',
      registrationNumber: '15298734',
      address: '20 Wenlock Road, London N1 7GU, United Kingdom',
      vatNumber: 'GB 412 7795 31',
      contactPerson: 'Hela Ben Salem, Director',
    },
    host: { name: 'OVH SAS', address: '2 rue Kellermann, 59100 Roubaix, France', phone: '+33 9 72 10 10 07' },
    contact: {
      customers: 'support@hls.test',
      authors: 'authors@hls.test',
      claims: 'claims@hls.test',
      phone: '+44 20 7946 0321',
    },
    social: [],
    partners: [],
    royaltyRates: { paper: 10, ebook: 25, professionalFile: 50 },
    royaltyTerms: { digitalHoldDays: 14, paperHoldDays: 14, minimumPayoutCents: 5000 },
    vatRates: null,
    delivery: { minDays: 5, maxDays: 10 },
    contractUrl: '/api/documents/contrat.pdf',
    privacy: { sentMailDays: 3, pageViewDays: 400, sessionDays: 30, paymentProvider: 'demo' },
    ...overrides,
  };
}
