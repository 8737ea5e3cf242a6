import { describe, expect, it } from 'vitest';
import { SiteInfo } from '@hls/contract';
import { useApp } from '../../../test/helper.ts';
import { loadConfig } from '../../config.ts';

describe('GET /api/site', () => {
  const t = useApp({
    env: { COMPANY_NUMBER: 'SC123456', SOCIAL_X: 'https://x.com/hls', SOCIAL_YOUTUBE: 'off' },
  });

  it('gives the legal notice, contacts, social links and royalty rates from the settings', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/site' });
    expect(response.statusCode).toBe(200);
    const site = SiteInfo.parse(response.json());
    expect(site.company.name).toBe('HLS Editions Ltd');
    expect(site.company.registrationNumber).toBe('SC123456');
    expect(site.company.address).toMatch(/London/);
    expect(site.company.vatNumber).toMatch(/^GB/);
    expect(site.host).toEqual({
      name: 'OVH SAS',
      address: '2 rue Kellermann, 59100 Roubaix, France',
      phone: '+33 9 72 10 10 07',
    });
    expect(site.contact).toEqual({
      customers: 'support@hls.test',
      authors: 'authors@hls.test',
      claims: 'claims@hls.test',
      phone: '+44 20 7946 0321',
    });
    expect(site.social.map((s) => s.network)).toEqual(['facebook', 'instagram', 'linkedin', 'x']);
    expect(site.royaltyRates).toEqual({ paper: 10, ebook: 25, professionalFile: 50 });
    expect(site.contractUrl).toBe('/api/documents/contrat.pdf');
    expect(site.partners).toEqual([]);
  });
});

describe('GET /api/site: what authors are paid and when, and how long paper books take', () => {
  const t = useApp({
    env: {
      ROYALTY_HOLD_DIGITAL: '7d',
      ROYALTY_HOLD_PAPER: '36h',
      PAYOUT_MINIMUM_EUR: '25',
      VAT_REFERENCE_COUNTRY: 'DE',
      PAPER_DELIVERY_DAYS: '4-9',
    },
  });

  it('gives the royalty holds in days, the payout minimum, the VAT rates and the delivery estimate', async () => {
    const site = SiteInfo.parse((await t.app.inject({ method: 'GET', url: '/api/site' })).json());
    expect(site.royaltyTerms).toEqual({ digitalHoldDays: 7, paperHoldDays: 2, minimumPayoutCents: 2500 });
    // VAT is the buyer's country's: the example is a sale to Germany (7 % on books, 19 % on files).
    expect(site.vatRates).toEqual({ country: 'DE', paper: 700, ebook: 700, professionalFile: 1900 });
    expect(site.delivery).toEqual({ minDays: 4, maxDays: 9 });
  });

  it('gives the rates in effect today, after an admin changed one', async () => {
    await t.app.royalties.rates.add({ format: 'ebook', rateBp: 3000 }, null);
    const site = SiteInfo.parse((await t.app.inject({ method: 'GET', url: '/api/site' })).json());
    expect(site.royaltyRates.ebook).toBe(30);
  });
});

describe('GET /api/site by default', () => {
  const t = useApp();

  it('gives the French rates for the example, and the default holds, minimum and delivery days', async () => {
    const site = SiteInfo.parse((await t.app.inject({ method: 'GET', url: '/api/site' })).json());
    expect(site.vatRates).toEqual({ country: 'FR', paper: 550, ebook: 550, professionalFile: 2000 });
    expect(site.royaltyTerms).toEqual({ digitalHoldDays: 14, paperHoldDays: 14, minimumPayoutCents: 5000 });
    expect(site.delivery).toEqual({ minDays: 5, maxDays: 10 });
  });
});

describe('GET /api/site: the host’s phone and what the privacy notice states', () => {
  const t = useApp({
    env: {
      HOSTING_PHONE: '+33 1 23 45 67 89',
      MAIL_SENT_RETENTION: '36h',
      PAGE_VIEW_RETENTION: '90d',
      SESSION_MAX_AGE: '14d',
    },
  });

  it('gives the host’s phone, how long data is kept in days from the retention settings, and the payment provider', async () => {
    const site = SiteInfo.parse((await t.app.inject({ method: 'GET', url: '/api/site' })).json());
    expect(site.host.phone).toBe('+33 1 23 45 67 89');
    expect(site.privacy).toEqual({
      sentMailDays: 2,
      pageViewDays: 90,
      sessionDays: 14,
      paymentProvider: 'demo',
    });
  });

  it('refuses a host phone too short to be one', () => {
    expect(() => loadConfig({ HOSTING_PHONE: '12', DATA_DIR: t.config.dataDir })).toThrow(/HOSTING_PHONE/);
  });
});

describe('partners', () => {
  const t = useApp({
    env: { PARTNERS: 'Université de Sousse|https://www.uc.rnu.tn, Lib Co | http://lib.example/shop ,' },
  });

  it('gives the partner links of the PARTNERS setting, in order', async () => {
    const site = SiteInfo.parse((await t.app.inject({ method: 'GET', url: '/api/site' })).json());
    expect(site.partners).toEqual([
      { name: 'Université de Sousse', url: 'https://www.uc.rnu.tn' },
      { name: 'Lib Co', url: 'http://lib.example/shop' },
    ]);
  });

  it('refuses a partner without a name or an http(s) address', () => {
    for (const PARTNERS of [
      'https://no-name.example',
      'Name|ftp://x.example',
      'Name|',
      'A|https://a.example|x',
    ]) {
      expect(() => loadConfig({ PARTNERS, DATA_DIR: t.config.dataDir }), PARTNERS).toThrow(/PARTNERS/);
    }
  });
});
