import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { validateXML } from 'xmllint-wasm';
import { describe, expect, it } from 'vitest';
import type {
  AuthorPayments,
  BankDetails,
  PayoutProposal,
  PayoutProposalList,
  PayoutRun,
  WithholdingBoard,
} from '@hls/contract';
import { customer, openShop, staff, type Customer, type Shop } from '../../../test/checkout-fixtures.ts';
import { useApp } from '../../../test/helper.ts';
import { buy } from '../../../test/royalty-fixtures.ts';
import { bankAudit, payoutProposals, payouts } from '../../db/schema.ts';

const DAY = 86_400;
const sepaSchema = readFileSync(
  new URL('../../../test/fixtures/pain.001.001.09.xsd', import.meta.url),
  'utf8',
);
const isoSchema = readFileSync(
  new URL('../../../test/fixtures/pain.001.001.09.iso.xsd', import.meta.url),
  'utf8',
);
const valid = async (xml: string, schema: string) => {
  const result = await validateXML({ xml: [{ fileName: 'run.xml', contents: xml }], schema: [schema] });
  return result.errors.map((e) => e.rawMessage);
};
const texts = (xml: string, tag: string) =>
  [...xml.matchAll(new RegExp(`<${tag}(?: [^>]*)?>([^<]*)</${tag}>`, 'g'))].map((m) => m[1]!);
const centsOf = (decimal: string) => {
  const [units, fraction = ''] = decimal.split('.');
  return Number(units) * 100 + Number(fraction.padEnd(2, '0'));
};

const address = (country: string) => ({
  holderStreet: '12 rue de Marseille',
  holderPostcode: '1000',
  holderCity: 'Tunis',
  holderCountry: country,
  residenceCountry: country,
});

const TN = {
  holder: 'Amira Ben Salah',
  iban: 'TN59 1000 6035 1835 9847 8831',
  bic: 'STBKTNTT',
  bankName: 'Société Tunisienne de Banque',
  country: 'TN',
  ...address('TN'),
};
const US = {
  holder: 'Karim Haddad',
  accountKind: 'account',
  accountNumber: '0001 2345 6789',
  bic: 'CHASUS33',
  bankName: 'JPMorgan Chase Bank',
  bankAddress: '383 Madison Avenue, New York, NY 10179',
  country: 'US',
  ...address('US'),
  holderCity: 'New York',
};
const FR = {
  holder: 'Claire Martin',
  iban: 'FR7630006000011234567890189',
  bic: 'AGRIFRPP',
  bankName: 'Crédit Agricole',
  country: 'FR',
  ...address('FR'),
  holderCity: 'Paris',
};

describe('payouts abroad', () => {
  const t = useApp({ env: { TEST_CLOCK: 'true', PAYOUT_MINIMUM_EUR: '10', PAYOUT_CHARGES: 'DEBT' } });

  let admin: Customer;
  const asAdmin = async () => (admin ??= await staff(t.app, 'admin')).headers;
  const advance = async (seconds: number) => {
    const moved = await t.app.inject({
      method: 'POST',
      url: '/api/test/clock',
      payload: { advanceSeconds: seconds },
    });
    expect(moved.statusCode, moved.body).toBe(200);
  };
  const saveBank = async (author: Shop['author'], body: object) => {
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/checkout/bank/create',
      headers: author.headers,
      payload: body,
    });
    expect(saved.statusCode, saved.body).toBe(201);
    return saved.json<BankDetails>();
  };
  /** An author whose professional file (19.60 € royalty) sold once, with bank details. */
  const sellingAuthor = async (bank: object) => {
    const shop = await openShop(t.app);
    await buy(t.app, await customer(t.app), [{ productId: shop.fileId }]);
    const details = await saveBank(shop.author, bank);
    return { author: shop.author, details };
  };
  const get = async (url: string) => t.app.inject({ method: 'GET', url, headers: await asAdmin() });

  it('saves a Tunisian IBAN and a US account number, masked, encrypted, each paid by international transfer', async () => {
    const tn = await sellingAuthor(TN);
    expect(tn.details).toMatchObject({
      accountKind: 'iban',
      ibanMasked: 'TN59 •••• •••• 8831',
      scheme: 'international',
      residenceCountry: 'TN',
    });
    const us = await sellingAuthor(US);
    expect(us.details).toMatchObject({
      accountKind: 'account',
      ibanMasked: '•••• •••• 6789',
      scheme: 'international',
    });
    const fr = await sellingAuthor(FR);
    expect(fr.details.scheme).toBe('sepa');

    // Withholding: Tunisia 15 % from today; the United States none.
    const rate = await t.app.inject({
      method: 'POST',
      url: '/api/admin/withholding-rates',
      headers: await asAdmin(),
      payload: { country: 'tn', rateBp: 1500 },
    });
    expect(rate.statusCode, rate.body).toBe(201);
    expect((await get('/api/admin/withholding-rates')).json<WithholdingBoard>().current).toEqual([
      expect.objectContaining({ country: 'TN', rateBp: 1500 }),
    ]);

    await advance(15 * DAY);
    const authorIds = [tn.author.id, us.author.id, fr.author.id];
    const started = await t.app.inject({
      method: 'POST',
      url: '/api/admin/payouts/runs',
      headers: await asAdmin(),
      payload: { authorIds },
    });
    expect(started.statusCode, started.body).toBe(201);
    const run = started.json<PayoutRun>();
    const of = (id: string) => run.payouts.find((p) => p.authorId === id)!;
    // The file's royalty (the same for each author), 15 % withheld once, rounded down, the rest transferred.
    const royalties = of(us.author.id).royaltiesCents;
    const withheld = Math.floor((royalties * 15) / 100);
    expect(withheld).toBeGreaterThan(0);
    expect(run).toMatchObject({ count: 3, sepaCount: 1, internationalCount: 2, withholdingCents: withheld });
    expect(of(tn.author.id)).toMatchObject({
      scheme: 'international',
      royaltiesCents: royalties,
      withholdingBp: 1500,
      withholdingCents: withheld,
      amountCents: royalties - withheld,
    });
    expect(of(us.author.id)).toMatchObject({
      scheme: 'international',
      withholdingCents: 0,
      amountCents: royalties,
    });
    expect(of(fr.author.id)).toMatchObject({ scheme: 'sepa', amountCents: royalties });
    expect(run.totalCents).toBe(3 * royalties - withheld);

    // Two files: every payee in exactly one, each valid, amounts summing to its control sum.
    const sepa = await get(`/api/admin/payouts/runs/${run.id}/pain.001`);
    const international = await get(`/api/admin/payouts/runs/${run.id}/international.xml`);
    expect(sepa.statusCode).toBe(200);
    expect(international.statusCode).toBe(200);
    expect(international.headers['content-disposition']).toContain(`${run.reference}-international.xml`);
    expect(await valid(sepa.body, sepaSchema)).toEqual([]);
    expect(await valid(international.body, isoSchema)).toEqual([]);
    for (const xml of [sepa.body, international.body]) {
      const amounts = texts(xml, 'InstdAmt').map(centsOf);
      expect(texts(xml, 'CtrlSum').map(centsOf)).toEqual([
        amounts.reduce((a, b) => a + b, 0),
        amounts.reduce((a, b) => a + b, 0),
      ]);
    }
    const ids = [...texts(sepa.body, 'EndToEndId'), ...texts(international.body, 'EndToEndId')].sort();
    expect(ids).toEqual(run.payouts.map((p) => p.reference).sort());
    expect(texts(international.body, 'ChrgBr')).toEqual(['DEBT']);
    expect(international.body).toContain('<IBAN>TN5910006035183598478831</IBAN>');
    expect(international.body).toContain('<Othr><Id>000123456789</Id></Othr>');
    expect(sepa.body).not.toContain('TN59');
    // Each decryption audited.
    const audited = await t.database.db.select().from(bankAudit).where(eq(bankAudit.ownerId, us.author.id));
    expect(audited.some((row) => row.action === 'decrypted' && row.detail?.includes('international'))).toBe(
      true,
    );

    // The payouts CSV and the author's own screen show the withholding.
    const csv = await get(`/api/admin/payouts/runs/${run.id}/payouts.csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('withholding_eur');
    const eur = (cents: number) => (cents / 100).toFixed(2);
    expect(csv.body).toContain(
      `international,TN59 •••• •••• 8831,TN,${eur(royalties)},15.00,${eur(withheld)},${eur(royalties - withheld)}`,
    );
    const mine = await t.app.inject({ method: 'GET', url: '/api/checkout/list', headers: tn.author.headers });
    const payments = mine.json<AuthorPayments>();
    expect(payments.terms.payment).toMatchObject({
      scheme: 'international',
      chargeBearer: 'DEBT',
      residenceCountry: 'TN',
      withholdingBp: 1500,
    });
    expect(payments.terms.payment.nextRunDate).toMatch(/^\d{4}-\d{2}-01$/);
    expect(payments.payouts[0]).toMatchObject({ royaltiesCents: royalties, withholdingCents: withheld });
    expect(payments.totals.balanceCents).toBe(0);
  });

  it('a run of SEPA payees only has no international file (404), and another admin’s route rules hold', async () => {
    const fr = await sellingAuthor(FR);
    await advance(15 * DAY);
    const run = await t.app.royalties.payouts.run((await staff(t.app, 'admin')).id, {
      authorIds: [fr.author.id],
    });
    expect((await get(`/api/admin/payouts/runs/${run.id}/international.xml`)).statusCode).toBe(404);
    const asAuthor = await t.app.inject({
      method: 'GET',
      url: `/api/admin/payouts/runs/${run.id}/international.xml`,
      headers: fr.author.headers,
    });
    expect(asAuthor.statusCode).toBe(403);
  });

  it('proposes one run a month whatever the instances, which an admin approves into a run', async () => {
    const tn = await sellingAuthor(TN);
    await advance(15 * DAY);
    const [a, b] = await Promise.all([
      t.app.royalties.proposals.propose(),
      t.app.royalties.proposals.propose(),
    ]);
    expect([a, b].filter(Boolean)).toHaveLength(1);
    expect(await t.app.royalties.proposals.propose()).toBeNull();
    expect(await t.database.db.select().from(payoutProposals)).toHaveLength(1);

    const list = (await get('/api/admin/payouts/proposals')).json<PayoutProposalList>();
    const proposal = list.results[0]!;
    expect(proposal).toMatchObject({ status: 'proposed', runId: null });
    expect(proposal.authorIds).toContain(tn.author.id);
    // While proposed, it names its payees as they stand: what approving would pay them, by which file.
    expect(proposal.payees.find((payee) => payee.authorId === tn.author.id)).toMatchObject({
      email: tn.author.email,
      scheme: 'international',
      payable: true,
    });
    expect(proposal.payees.every((payee) => payee.availableCents > 0)).toBe(true);

    const approved = await t.app.inject({
      method: 'POST',
      url: `/api/admin/payouts/proposals/${proposal.id}/approve`,
      headers: await asAdmin(),
      payload: {},
    });
    expect(approved.statusCode, approved.body).toBe(201);
    const run = approved.json<PayoutRun>();
    expect(run.payouts.map((p) => p.authorId)).toContain(tn.author.id);
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/admin/payouts/proposals/${proposal.id}/approve`,
      headers: await asAdmin(),
      payload: {},
    });
    expect(again.statusCode).toBe(409);
    const after = (await get('/api/admin/payouts/proposals')).json<PayoutProposalList>().results[0]!;
    expect(after).toMatchObject<Partial<PayoutProposal>>({
      status: 'approved',
      runId: run.id,
      runReference: run.reference,
      payees: [],
    });
    const stored = await t.database.db.select().from(payouts).where(eq(payouts.runId, run.id));
    expect(stored.every((row) => row.amountCents + row.withholdingCents > 0)).toBe(true);
  });

  it('refuses bad bank details field by field, in the right place', async () => {
    const shop = await openShop(t.app);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/checkout/bank/create',
      headers: shop.author.headers,
      payload: { ...TN, iban: 'TN59 1000 6035 1835 9847 8832', bic: 'BNPAFRPP' },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ error: { fieldKeys: Record<string, string> } }>().error.fieldKeys).toMatchObject({
      iban: 'iban.checksum',
    });
    const noAddress = await t.app.inject({
      method: 'POST',
      url: '/api/checkout/bank/create',
      headers: shop.author.headers,
      payload: { ...US, bankAddress: '' },
    });
    expect(noAddress.statusCode).toBe(400);
    expect(noAddress.json<{ error: { fieldKeys: Record<string, string> } }>().error.fieldKeys).toMatchObject({
      bankAddress: 'bankAddress.required',
    });
  });
});
