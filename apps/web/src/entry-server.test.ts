import { describe, expect, it, vi } from 'vitest';
import type { SiteInfo } from '@hls/contract';
import { localeResources } from '@/testing/test-i18n';
import { configure, pageUrl, render } from './entry-server';

const site: SiteInfo = {
  company: {
    name: 'HLS Editions Ltd',
    registrationNumber: '15298734',
    address: '20 Wenlock Road, London',
    vatNumber: 'GB 412 7795 31',
    contactPerson: 'Hela Ben Salem',
  },
  host: { name: 'OVH SAS', address: 'Roubaix', phone: '+33 9 72 10 10 07' },
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
  contractUrl: '/api/books/type/file/contrat',
  privacy: { sentMailDays: 3, pageViewDays: 400, sessionDays: 30, paymentProvider: 'demo' },
};

describe('the address a page is rendered at and kept under', () => {
  it('keeps only the parameters a list reads, checked and in one order, defaults left out', () => {
    expect(pageUrl('/book?utm_source=mail&fbclid=abc&page=2')).toBe('/book?page=2');
    expect(pageUrl('/book?page=02&sort=title&category=3&x=1')).toBe(
      pageUrl('/book?category=3&sort=title&page=2'),
    );
    expect(pageUrl('/book?page=1&sort=nonsense&category=-4')).toBe('/book');
    expect(pageUrl('/professionnel?max=5&min=10&type=pdf,nope')).toBe(
      pageUrl('/professionnel?type=pdf&min=5&max=10'),
    );
    // A filter its section does not offer changes nothing.
    expect(pageUrl('/academic?min=5&edition=paper')).toBe('/academic');
  });

  it('keeps the search text of the search page, trimmed', () => {
    expect(pageUrl('/search?search=%20guide%20&ref=home')).toBe('/search?search=guide');
    expect(pageUrl('/search?ref=home')).toBe('/search');
  });

  it('drops the query of a page that reads none, the language included (the render is given it apart)', () => {
    expect(pageUrl('/product/17?lng=en&utm_campaign=spring')).toBe('/product/17');
    expect(pageUrl('/?x=1')).toBe('/');
    expect(pageUrl('/about?a=1&b=2')).toBe('/about');
  });

  it('renders every unknown path as one not-found page', () => {
    expect(pageUrl('/no-such-page')).toBe(pageUrl('/another/unknown/path?x=1'));
    expect(pageUrl('/no-such-page')).not.toBe('/no-such-page');
  });
});

describe('a server render', () => {
  it('leaves no timer running once the page is rendered, so nothing keeps its store alive', async () => {
    configure({
      fetch: async (input) => {
        const url = input instanceof Request ? input.url : String(input);
        return new URL(url, 'http://api.test').pathname.endsWith('/api/site')
          ? Response.json(site)
          : Response.json({ error: { code: 'not_found', message: 'Not found.' } }, { status: 404 });
      },
      translations: async (language, namespace) => (localeResources[language]?.[namespace] as object) ?? {},
    });
    const started = vi.spyOn(globalThis, 'setTimeout');
    const cleared = vi.spyOn(globalThis, 'clearTimeout');
    const page = await render({ url: '/about', language: 'en', origin: 'https://shop.test' });
    expect(page?.status).toBe(200);
    expect(page?.data).toContain('support@hls.test');
    // The site's facts are kept an hour in a browser's store: on the server, each render's store would live as long.
    const lasting = started.mock.calls.flatMap(([, delay], call) =>
      Number(delay) >= 60_000 ? [started.mock.results[call]!.value] : [],
    );
    expect(lasting.length).toBeGreaterThan(0);
    const running = lasting.filter((timer) => !cleared.mock.calls.some(([given]) => given === timer));
    expect(running, 'timers left running').toHaveLength(0);
  });
});
