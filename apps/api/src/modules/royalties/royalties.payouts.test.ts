// @module-tag postgres — payout runs race on several connections.
import { readFileSync } from 'node:fs';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { validateXML } from 'xmllint-wasm';
import { describe, expect, it } from 'vitest';
import type { PayoutDueList, PayoutRun, PayoutRunList } from '@hls/contract';
import { customer, openShop, staff, type Customer, type Shop } from '../../../test/checkout-fixtures.ts';
import { outboxMails, useApp } from '../../../test/helper.ts';
import { buy as buyFrom } from '../../../test/royalty-fixtures.ts';

/** Bought from the United States, outside the scope of VAT: the whole price is the net sale the figures below use. */
const buy: typeof buyFrom = (app, who, lines, billing = { country: 'US' }) =>
  buyFrom(app, who, lines, billing);
import { bankAudit, mailOutbox, payoutRuns, payouts, royaltyEntries } from '../../db/schema.ts';

const DAY = 86_400;
const schema = readFileSync(new URL('../../../test/fixtures/pain.001.001.09.xsd', import.meta.url), 'utf8');

/** Valid IBANs (and a BIC of their country) to tell the authors apart. */
const ACCOUNTS = [
  { iban: 'FR7630006000011234567890189', bic: 'AGRIFRPP', masked: 'FR76 •••• •••• 0189' },
  { iban: 'DE89370400440532013000', bic: 'COBADEFFXXX', masked: 'DE89 •••• •••• 3000' },
  { iban: 'ES9121000418450200051332', bic: 'CAIXESBBXXX', masked: 'ES91 •••• •••• 1332' },
  { iban: 'NL91ABNA0417164300', bic: 'ABNANL2A', masked: 'NL91 •••• •••• 4300' },
] as const;

type Author = Shop['author'];

describe('payouts', () => {
  // The payout minimum is 10 € here; the test clock lets the 14-day hold pass.
  const t = useApp({ env: { TEST_CLOCK: 'true', PAYOUT_MINIMUM_EUR: '10' } });

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

  const saveBank = async (author: Author, account: (typeof ACCOUNTS)[number], holder = 'Amira Ben Salah') => {
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/checkout/bank/create',
      headers: author.headers,
      payload: {
        holder,
        iban: account.iban,
        bic: account.bic,
        bankName: 'Banque',
        country: account.iban.slice(0, 2),
        holderStreet: '12 rue de Marseille',
        holderPostcode: '1000',
        holderCity: 'Tunis',
        holderCountry: 'TN',
        residenceCountry: 'TN',
      },
    });
    expect(saved.statusCode, saved.body).toBe(201);
  };

  /** An author whose professional file (39.20 €, 50 %: 19.60 € royalty) sells `files` times, in one order each. */
  const authorSelling = async (files: number, buyer?: Customer) => {
    const shop = await openShop(t.app);
    const who = buyer ?? (await customer(t.app));
    const orders = [];
    for (let i = 0; i < files; i += 1) orders.push(await buy(t.app, who, [{ productId: shop.fileId }]));
    return { shop, author: shop.author, buyer: who, orders };
  };

  const due = async (authorIds: string[]) => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/admin/payouts/due',
      headers: await asAdmin(),
    });
    expect(response.statusCode, response.body).toBe(200);
    const list = response.json<PayoutDueList>();
    return { ...list, results: list.results.filter((r) => authorIds.includes(r.authorId)) };
  };

  const startRun = async (body: object) =>
    t.app.inject({ method: 'POST', url: '/api/admin/payouts/runs', headers: await asAdmin(), payload: body });

  const entriesOf = (authorIds: string[]) =>
    t.database.db
      .select()
      .from(royaltyEntries)
      .where(inArray(royaltyEntries.authorId, authorIds))
      .orderBy(asc(royaltyEntries.id));

  const payoutMails = (email: string) =>
    outboxMails(t.database.db, and(eq(mailOutbox.to, email), eq(mailOutbox.template, 'royalty_payout')));

  it('lists who is due and pays the payable authors in one run: a payout each, entries paid, authors e-mailed', async () => {
    const paid = await authorSelling(1);
    const noBank = await authorSelling(1);
    const small = await openShop(t.app);
    const held = await openShop(t.app);
    await buy(t.app, paid.buyer, [{ productId: small.bookId, edition: 'ebook' }]);
    // A paper book not delivered yet: pending, whatever the time.
    await buy(t.app, paid.buyer, [{ productId: held.bookId, edition: 'paper' }]);
    await saveBank(paid.author, ACCOUNTS[0]);
    await saveBank(small.author, ACCOUNTS[1]);
    await saveBank(held.author, ACCOUNTS[2]);
    await advance(15 * DAY);
    const ids = [paid.author.id, noBank.author.id, small.author.id, held.author.id];

    const before = await due(ids);
    expect(before.minimumPayoutCents).toBe(1000);
    const row = (id: string) => before.results.find((r) => r.authorId === id);
    expect(row(paid.author.id)).toMatchObject({
      availableCents: 1960,
      pendingCents: 0,
      entries: 1,
      ibanMasked: ACCOUNTS[0].masked,
      payable: true,
      name: 'Amira Ben Salah',
      email: paid.author.email,
    });
    expect(row(noBank.author.id)).toMatchObject({ availableCents: 1960, ibanMasked: null, payable: false });
    // 12.00 € ebook at 25 %: 3.00 €, under the 10 € minimum.
    expect(row(small.author.id)).toMatchObject({ availableCents: 300, payable: false });
    // The paper book goes to Paris: taxed in France whoever buys it (18.00 less 5.5 % VAT = 17.06; 10 % = 1.71).
    expect(row(held.author.id)).toMatchObject({ availableCents: 0, pendingCents: 171, payable: false });
    // Payable first.
    expect(before.results[0]!.authorId).toBe(paid.author.id);

    const started = await startRun({ authorIds: ids });
    expect(started.statusCode, started.body).toBe(201);
    const run = started.json<PayoutRun>();
    expect(run.reference).toMatch(/^HLS-RUN-\d{4}-\d{6}$/);
    expect(run).toMatchObject({ totalCents: 1960, count: 1, createdBy: admin.id });
    expect(run.payouts).toHaveLength(1);
    const [payout] = run.payouts;
    expect(payout).toMatchObject({
      authorId: paid.author.id,
      authorName: 'Amira Ben Salah',
      authorEmail: paid.author.email,
      amountCents: 1960,
      entries: 1,
      holder: 'Amira Ben Salah',
      bic: ACCOUNTS[0].bic,
      ibanMasked: ACCOUNTS[0].masked,
    });
    expect(payout!.reference).toMatch(/^HLS-PO-\d{4}-\d{6}$/);
    const [entry] = await entriesOf([paid.author.id]);
    expect(entry!.payoutId).toBe(payout!.id);
    expect(payout!.periodFrom).toBe(entry!.createdAt.toISOString());
    expect(payout!.periodTo).toBe(entry!.createdAt.toISOString());
    // The others are left unpaid.
    const others = await entriesOf([noBank.author.id, small.author.id, held.author.id]);
    expect(others.every((e) => e.payoutId === null)).toBe(true);

    const after = await due(ids);
    expect(after.results.map((r) => r.authorId)).not.toContain(paid.author.id);

    const [mail] = await payoutMails(paid.author.email);
    expect(mail).toBeDefined();
    expect(mail!.text).toContain(payout!.reference);
    expect(mail!.text).toContain(ACCOUNTS[0].masked);
    expect(mail!.text).not.toContain(ACCOUNTS[0].iban);
    expect(mail!.text).toContain('http://shop.test/author-payment');
    expect(mail!.subject).toMatch(/19[,.]60/);

    // The run as the back office reads it again, and in the list.
    const read = await t.app.inject({
      method: 'GET',
      url: `/api/admin/payouts/runs/${run.id}`,
      headers: await asAdmin(),
    });
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json<PayoutRun>()).toEqual(run);
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/admin/payouts/runs',
      headers: await asAdmin(),
    });
    expect(list.statusCode, list.body).toBe(200);
    const runs = list.json<PayoutRunList>();
    const { id, reference, createdAt, createdBy, executionDate, totalCents, count } = run;
    expect(runs.results[0]).toEqual({
      id,
      reference,
      createdAt,
      createdBy,
      executionDate,
      totalCents,
      count,
      // One SEPA payee, nothing withheld.
      sepaCount: 1,
      internationalCount: 0,
      withholdingCents: 0,
    });
    expect(runs).toMatchObject({ page: 1, pageSize: 20 });
    const unknown = await t.app.inject({
      method: 'GET',
      url: '/api/admin/payouts/runs/00000000-0000-4000-8000-000000000000',
      headers: await asAdmin(),
    });
    expect(unknown.statusCode).toBe(404);

    // The author sees it; no one else does.
    expect(await t.app.royalties.payouts.forAuthor(paid.author.id)).toEqual([
      {
        id: payout!.id,
        reference: payout!.reference,
        amountCents: 1960,
        periodFrom: payout!.periodFrom,
        periodTo: payout!.periodTo,
        paidAt: payout!.paidAt,
        ibanMasked: ACCOUNTS[0].masked,
        entries: 1,
        // A SEPA transfer to an author living in Tunisia; no withholding rate is set there.
        royaltiesCents: 1960,
        scheme: 'sepa',
        residenceCountry: 'TN',
        withholdingBp: 0,
        withholdingCents: 0,
      },
    ]);
    expect(await t.app.royalties.payouts.forAuthor(small.author.id)).toEqual([]);

    // Retrying pays nothing more, and writes nothing.
    const runsBefore = await t.database.db.select().from(payoutRuns);
    const again = await startRun({ authorIds: ids });
    expect(again.statusCode, again.body).toBe(409);
    expect(again.json<{ error: { message: string } }>().error.message).toMatch(/Nothing to pay/);
    expect(await t.database.db.select().from(payoutRuns)).toHaveLength(runsBefore.length);
    expect(await payoutMails(paid.author.email)).toHaveLength(1);
  });

  it('carries a refund after a payout into the next payout, and waits while the balance is under the minimum', async () => {
    const { author, buyer, orders, shop } = await authorSelling(1);
    await saveBank(author, ACCOUNTS[3]);
    await advance(15 * DAY);
    expect((await startRun({ authorIds: [author.id] })).statusCode).toBe(201);

    // The paid sale is refunded: its reversal (−19.60 €) is payable at once and nets against the next sales.
    const [line] = await entriesOf([author.id]);
    const refund = await t.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${orders[0]!.id}/refund`,
      headers: await asAdmin(),
      payload: { lineIds: [line!.orderLineId] },
    });
    expect(refund.statusCode, refund.body).toBe(200);
    expect((await due([author.id])).results[0]).toMatchObject({ availableCents: -1960, payable: false });
    const negative = await startRun({ authorIds: [author.id] });
    expect(negative.statusCode).toBe(409);

    // Two more sales (39.20 €) become payable: the next payout is their royalties less the reversal.
    await buy(t.app, buyer, [{ productId: shop.fileId }]);
    await buy(t.app, buyer, [{ productId: shop.fileId }]);
    await advance(15 * DAY);
    expect((await due([author.id])).results[0]).toMatchObject({
      availableCents: 1960,
      entries: 3,
      payable: true,
    });
    const next = await startRun({ authorIds: [author.id] });
    expect(next.statusCode, next.body).toBe(201);
    const run = next.json<PayoutRun>();
    expect(run.payouts[0]).toMatchObject({ amountCents: 1960, entries: 3 });
    const entries = await entriesOf([author.id]);
    expect(entries.map((e) => e.royaltyCents)).toEqual([1960, -1960, 1960, 1960]);
    expect(entries.every((e) => e.payoutId !== null)).toBe(true);
    const paidTotal = (
      await t.database.db.select().from(payouts).where(eq(payouts.authorId, author.id))
    ).reduce((sum, p) => sum + p.amountCents, 0);
    expect(paidTotal).toBe(entries.reduce((sum, e) => sum + e.royaltyCents, 0));
  });

  it('never pays an entry twice when runs start at once', async () => {
    const buyer = await customer(t.app);
    const sellers = [];
    for (const account of ACCOUNTS) {
      const seller = await authorSelling(2, buyer);
      await saveBank(seller.author, account);
      sellers.push(seller);
    }
    const ids = sellers.map((s) => s.author.id);
    await advance(15 * DAY);
    const entries = await entriesOf(ids);
    expect(entries).toHaveLength(8);

    const responses = await Promise.all([1, 2, 3].map(() => startRun({ authorIds: ids })));
    const statuses = responses.map((r) => r.statusCode).sort();
    expect(statuses.filter((s) => s === 201).length).toBeGreaterThanOrEqual(1);
    expect(
      statuses.every((s) => s === 201 || s === 409),
      statuses.join(),
    ).toBe(true);
    const runs = responses.filter((r) => r.statusCode === 201).map((r) => r.json<PayoutRun>());

    // Each author paid once in all, each entry by one payout, the total the sum of the entries.
    const paidOut = runs.flatMap((run) => run.payouts);
    expect(paidOut.map((p) => p.authorId).sort()).toEqual([...ids].sort());
    const after = await entriesOf(ids);
    expect(after.every((e) => e.payoutId !== null)).toBe(true);
    for (const payout of paidOut) {
      const settled = after.filter((e) => e.payoutId === payout.id);
      expect(settled).toHaveLength(payout.entries);
      expect(settled.reduce((sum, e) => sum + e.royaltyCents, 0)).toBe(payout.amountCents);
    }
    expect(paidOut.reduce((sum, p) => sum + p.amountCents, 0)).toBe(
      entries.reduce((sum, e) => sum + e.royaltyCents, 0),
    );
    const stored = await t.database.db.select().from(payouts).where(inArray(payouts.authorId, ids));
    expect(stored).toHaveLength(ids.length);
  });

  it('gives the bank a SEPA file of the run: valid, the whole IBANs decrypted and audited, names transliterated', async () => {
    const first = await authorSelling(1);
    const second = await authorSelling(3, first.buyer);
    await saveBank(first.author, ACCOUNTS[0], 'Zoë Łukasz-Ørsted');
    await saveBank(second.author, ACCOUNTS[1], 'Hélène Dupré & Fils');
    await advance(15 * DAY);
    const ids = [first.author.id, second.author.id];
    const past = await startRun({ authorIds: ids, executionDate: '2020-01-01' });
    expect(past.statusCode).toBe(400);
    const started = await startRun({ authorIds: ids, executionDate: '2099-03-02' });
    expect(started.statusCode, started.body).toBe(201);
    const run = started.json<PayoutRun>();
    expect(run.executionDate).toBe('2099-03-02');

    // The author changes their details afterwards: the file still pays the account of the run.
    const changed = await t.app.inject({
      method: 'PUT',
      url: '/api/checkout/bank/update',
      headers: first.author.headers,
      payload: {
        holder: 'Zoë Łukasz-Ørsted',
        iban: ACCOUNTS[2].iban,
        bic: ACCOUNTS[2].bic,
        bankName: 'Banque',
        country: 'ES',
        holderStreet: '12 rue de Marseille',
        holderPostcode: '1000',
        holderCity: 'Tunis',
        holderCountry: 'TN',
        residenceCountry: 'TN',
      },
    });
    expect(changed.statusCode, changed.body).toBe(200);

    const file = await t.app.inject({
      method: 'GET',
      url: `/api/admin/payouts/runs/${run.id}/pain.001`,
      headers: await asAdmin(),
    });
    expect(file.statusCode, file.body).toBe(200);
    expect(file.headers['content-type']).toMatch(/^application\/xml/);
    expect(file.headers['content-disposition']).toBe(`attachment; filename="${run.reference}.xml"`);
    const xml = file.body;
    expect(xml.startsWith('<?xml')).toBe(true);
    const result = await validateXML({ xml: [{ fileName: 'run.xml', contents: xml }], schema: [schema] });
    expect(result.errors.map((e) => e.rawMessage)).toEqual([]);
    expect(xml).toContain(`<MsgId>${run.reference}</MsgId>`);
    expect(xml).toContain('<ReqdExctnDt><Dt>2099-03-02</Dt></ReqdExctnDt>');
    expect(xml).toContain(`<IBAN>${ACCOUNTS[0].iban}</IBAN>`);
    expect(xml).toContain(`<IBAN>${ACCOUNTS[1].iban}</IBAN>`);
    expect(xml).not.toContain(ACCOUNTS[2].iban);
    expect(xml).toContain('<Nm>Zoe Lukasz-Orsted</Nm>');
    expect(xml).toContain('<Nm>Helene Dupre + Fils</Nm>');
    expect(xml).toContain('<InstdAmt Ccy="EUR">19.60</InstdAmt>');
    expect(xml).toContain('<InstdAmt Ccy="EUR">58.80</InstdAmt>');
    expect(xml.match(/<CtrlSum>78.40<\/CtrlSum>/g)).toHaveLength(2);
    for (const payout of run.payouts) expect(xml).toContain(`<EndToEndId>${payout.reference}</EndToEndId>`);

    // Each decryption audited, with the admin and the run.
    const audits = await t.database.db
      .select()
      .from(bankAudit)
      .where(and(inArray(bankAudit.ownerId, ids), eq(bankAudit.action, 'decrypted')));
    expect(audits).toHaveLength(2);
    expect(audits.every((a) => a.actorId === admin.id && a.detail!.includes(run.reference))).toBe(true);

    const unknown = await t.app.inject({
      method: 'GET',
      url: '/api/admin/payouts/runs/00000000-0000-4000-8000-000000000000/pain.001',
      headers: await asAdmin(),
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('is for admins only: guests 401; customers, authors and editors 403 on every route', async () => {
    const [run] = await t.database.db.select().from(payoutRuns).limit(1);
    const id = run?.id ?? '00000000-0000-4000-8000-000000000000';
    const routes = [
      { method: 'GET', url: '/api/admin/payouts/due' },
      { method: 'POST', url: '/api/admin/payouts/runs', payload: {} },
      { method: 'GET', url: '/api/admin/payouts/runs' },
      { method: 'GET', url: `/api/admin/payouts/runs/${id}` },
      { method: 'GET', url: `/api/admin/payouts/runs/${id}/pain.001` },
    ] as const;
    const shop = await openShop(t.app);
    const others = {
      customer: (await customer(t.app)).headers,
      author: shop.author.headers,
      editor: (await staff(t.app, 'editor')).headers,
    };
    const ask = (route: (typeof routes)[number], headers: Record<string, string>) =>
      t.app.inject({ ...route, headers }) as Promise<LightMyRequestResponse>;
    for (const route of routes) {
      expect((await ask(route, {})).statusCode, `guest ${route.method} ${route.url}`).toBe(401);
      for (const [role, headers] of Object.entries(others))
        expect((await ask(route, headers)).statusCode, `${role} ${route.method} ${route.url}`).toBe(403);
    }
  });
});
