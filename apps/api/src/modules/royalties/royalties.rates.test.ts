// @module-tag postgres — rates are unique per instant by a constraint of the server, and dated by its clock.
import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  ErrorBody,
  PriceQuote,
  RoyaltyRateBoard,
  RoyaltyRateChange,
  SiteInfo,
  type RoyaltyRateBody,
} from '@hls/contract';
import { customer, openShop, staff, type Customer } from '../../../test/checkout-fixtures.ts';
import { useApp } from '../../../test/helper.ts';
import { buy as buyFrom } from '../../../test/royalty-fixtures.ts';

/** Bought from the United States, outside the scope of VAT: the whole price is the net sale the figures below use. */
const buy: typeof buyFrom = (app, who, lines, billing = { country: 'US' }) =>
  buyFrom(app, who, lines, billing);
import { royaltyEntries, royaltyRates } from '../../db/schema.ts';

const DAY = 86_400_000;
const url = '/api/admin/royalty-rates';

describe('royalty rates', () => {
  // The site's and the calculator's example of a sale in a country without VAT: the royalty of the whole price.
  const t = useApp({ env: { VAT_REFERENCE_COUNTRY: 'US' } });
  let admin: Customer;

  const board = async () => {
    const response = await t.app.inject({ method: 'GET', url, headers: admin.headers });
    expect(response.statusCode, response.body).toBe(200);
    return RoyaltyRateBoard.parse(response.json());
  };
  const post = (payload: RoyaltyRateBody, headers = admin.headers) =>
    t.app.inject({ method: 'POST', url, headers, payload });
  const schedule = async (payload: RoyaltyRateBody) => {
    const response = await post(payload);
    expect(response.statusCode, response.body).toBe(201);
    return RoyaltyRateChange.parse(response.json());
  };
  const entriesOf = (orderId: string) =>
    t.database.db
      .select()
      .from(royaltyEntries)
      .where(eq(royaltyEntries.orderId, orderId))
      .orderBy(asc(royaltyEntries.id));

  it('are the settings’ defaults until an admin sets one, and only admins see or set them', async () => {
    admin = await staff(t.app, 'admin');
    const defaults = { paper: 1000, ebook: 2500, professional_file: 5000 };
    expect(await board()).toEqual({ current: defaults, defaults, changes: [] });

    const editor = await staff(t.app, 'editor');
    const buyer = await customer(t.app);
    const shop = await openShop(t.app);
    for (const who of [editor, buyer, shop.author]) {
      expect((await t.app.inject({ method: 'GET', url, headers: who.headers })).statusCode).toBe(403);
      expect((await post({ format: 'ebook', rateBp: 9000 }, who.headers)).statusCode).toBe(403);
    }
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'POST', url, payload: { format: 'ebook', rateBp: 9000 } })).statusCode,
    ).toBe(401);
    expect(await t.database.db.select().from(royaltyRates)).toEqual([]);
  });

  it('refuses a rate out of 0–100 %, a fraction of a basis point, an unknown format or date', async () => {
    for (const payload of [
      { format: 'ebook', rateBp: 10_001 },
      { format: 'ebook', rateBp: -1 },
      { format: 'ebook', rateBp: 12.5 },
      { format: 'audio', rateBp: 1000 },
      { format: 'ebook', rateBp: 1000, effectiveFrom: 'tomorrow' },
    ]) {
      const response = await post(payload as RoyaltyRateBody);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
    const response = await post({ format: 'ebook', rateBp: 10_001 });
    expect(ErrorBody.parse(response.json()).error.fields).toEqual({
      rateBp: 'Enter a rate between 0% and 100%.',
    });
    expect(await t.database.db.select().from(royaltyRates)).toEqual([]);
  });

  it('takes a rate from now on, published by the site and the price calculator, and never one in the past', async () => {
    const before = Date.now();
    const change = await schedule({ format: 'professional_file', rateBp: 4000 });
    expect(change).toMatchObject({ format: 'professional_file', rateBp: 4000, createdBy: 'Sami Trabelsi' });
    const from = Date.parse(change.effectiveFrom);
    expect(from).toBeGreaterThanOrEqual(before);
    expect(from).toBeLessThanOrEqual(Date.now());
    expect(Date.parse(change.createdAt)).toBe(from);

    const now = await board();
    expect(now.current).toEqual({ paper: 1000, ebook: 2500, professional_file: 4000 });
    expect(now.defaults).toEqual({ paper: 1000, ebook: 2500, professional_file: 5000 });
    expect(now.changes).toEqual([change]);

    const site = SiteInfo.parse((await t.app.inject({ method: 'GET', url: '/api/site' })).json());
    expect(site.royaltyRates).toEqual({ paper: 10, ebook: 25, professionalFile: 40 });
    const quote = await t.app.inject({
      method: 'POST',
      url: '/api/books/price/file',
      payload: { section: 'professional', priceCents: 4900, discountPercent: 20 },
    });
    expect(PriceQuote.parse(quote.json())).toMatchObject({
      customerPriceCents: 3920,
      royaltyRateBp: 4000,
      royaltyCents: 1568,
    });

    // Before now: refused (a form's date of this very minute is taken, from now).
    const past = await post({
      format: 'paper',
      rateBp: 1500,
      effectiveFrom: new Date(Date.now() - 5 * 60_000).toISOString(),
    });
    expect(past.statusCode).toBe(400);
    expect(ErrorBody.parse(past.json()).error).toMatchObject({
      code: 'validation_failed',
      message: expect.stringContaining('never retroactive'),
      fields: { effectiveFrom: 'A rate is never retroactive: choose a date from now on.' },
    });
    const french = await post(
      { format: 'paper', rateBp: 1500, effectiveFrom: new Date(Date.now() - DAY).toISOString() },
      { ...admin.headers, 'accept-language': 'fr' },
    );
    expect(ErrorBody.parse(french.json()).error.fields).toEqual({
      effectiveFrom: 'Un taux n’est jamais rétroactif\u202f: choisissez une date à partir de maintenant.',
    });
    const justNow = Date.now();
    const thisMinute = await schedule({
      format: 'paper',
      rateBp: 1100,
      effectiveFrom: new Date(justNow - 30_000).toISOString(),
    });
    expect(Date.parse(thisMinute.effectiveFrom)).toBeGreaterThanOrEqual(justNow);
    expect((await board()).current.paper).toBe(1100);
  });

  it('refuses a second rate of a format from the same instant, and never edits or deletes one', async () => {
    const at = new Date(Date.now() + 30 * DAY).toISOString();
    const first = await schedule({ format: 'ebook', rateBp: 3000, effectiveFrom: at });
    const again = await post({ format: 'ebook', rateBp: 3500, effectiveFrom: at });
    expect(again.statusCode).toBe(400);
    expect(ErrorBody.parse(again.json()).error).toMatchObject({
      code: 'validation_failed',
      message: expect.stringContaining('already has a rate from that instant'),
      fields: {
        effectiveFrom: 'This format already has a rate starting at that moment: choose another date.',
      },
    });
    // Another format may start at that instant.
    await schedule({ format: 'paper', rateBp: 1200, effectiveFrom: at });

    for (const method of ['PUT', 'PATCH', 'DELETE'] as const) {
      const response = await t.app.inject({ method, url: `${url}/${first.id}`, headers: admin.headers });
      expect(response.statusCode).toBe(404);
    }
    const [row] = await t.database.db.select().from(royaltyRates).where(eq(royaltyRates.id, first.id));
    expect(row).toMatchObject({ format: 'ebook', rateBp: 3000 });
  });

  it('lists every change with who and when, the scheduled ones first', async () => {
    const { changes, current } = await board();
    expect(changes.map((c) => [c.format, c.rateBp])).toEqual([
      // Scheduled in 30 days (the later one written first: the newest first at the same instant).
      ['paper', 1200],
      ['ebook', 3000],
      // In effect.
      ['paper', 1100],
      ['professional_file', 4000],
    ]);
    const now = Date.now();
    expect(changes.slice(0, 2).every((c) => Date.parse(c.effectiveFrom) > now)).toBe(true);
    expect(changes.slice(2).every((c) => Date.parse(c.effectiveFrom) <= now)).toBe(true);
    expect(changes.every((c) => c.createdBy === 'Sami Trabelsi' && c.createdAt)).toBe(true);
    // Scheduled rates are not in effect yet.
    expect(current).toEqual({ paper: 1100, ebook: 2500, professional_file: 4000 });
  });

  it('a sale keeps the rate of its payment; a rate scheduled for tomorrow does not apply today', async () => {
    const shop = await openShop(t.app);
    const buyer = await customer(t.app);
    const tomorrow = await schedule({
      format: 'ebook',
      rateBp: 6000,
      effectiveFrom: new Date(Date.now() + DAY).toISOString(),
    });
    const first = await buy(t.app, buyer, [{ productId: shop.bookId, edition: 'ebook' }]);
    const [before] = await entriesOf(first.id);
    // No VAT configured: 12.00 net at 25 % (the rate scheduled for tomorrow is not today's).
    expect(before).toMatchObject({ format: 'ebook', netCents: 1200, rateBp: 2500, royaltyCents: 300 });

    await schedule({ format: 'ebook', rateBp: 2000 });
    const second = await buy(t.app, buyer, [{ productId: shop.bookId, edition: 'ebook' }]);
    const [after] = await entriesOf(second.id);
    expect(after).toMatchObject({ format: 'ebook', netCents: 1200, rateBp: 2000, royaltyCents: 240 });
    // The first sale's entry is as written.
    expect(await entriesOf(first.id)).toEqual([before]);
    expect((await board()).changes.find((c) => c.id === tomorrow.id)).toEqual(tomorrow);
  });
});
