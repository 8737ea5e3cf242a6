// @module-tag postgres — statements are SQL aggregates.
import { asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AuthorPayments, RoyaltyEntry } from '@hls/contract';
import { customer, openShop, staff, type Customer, type Shop } from '../../../test/checkout-fixtures.ts';
import { bearer, login, registerUser, useApp } from '../../../test/helper.ts';
import { buy } from '../../../test/royalty-fixtures.ts';
import { royaltyEntries } from '../../db/schema.ts';
import { extractPdfText } from '../../lib/pdf/pdf-text.ts';
import { euros, percent } from './royalties.statement-pdf.ts';
import { safeText } from './royalties.statements.ts';

const DAY = 86_400;

/** The cells of one CSV line (RFC 4180 quoting). */
function cellsOf(line: string): string[] {
  const cells: string[] = [];
  for (const match of line.matchAll(/(?:^|,)("(?:[^"]|"")*"|[^,]*)/g)) {
    const cell = match[1]!;
    cells.push(cell.startsWith('"') ? cell.slice(1, -1).replaceAll('""', '"') : cell);
  }
  return cells;
}

describe('the author’s Paid Products (GET /api/checkout/list, its CSV and PDF statement)', () => {
  const t = useApp({
    env: {
      TEST_CLOCK: 'true',
      PAYOUT_MINIMUM_EUR: '10',
    },
  });
  let shop: Shop;
  let other: Shop;
  let buyer: Customer;
  let editor: Customer;
  let admin: Customer;

  beforeAll(async () => {
    [shop, other, buyer, editor, admin] = await Promise.all([
      openShop(t.app),
      openShop(t.app),
      customer(t.app),
      staff(t.app, 'editor'),
      staff(t.app, 'admin'),
    ]);
  });

  const list = async (headers: Record<string, string>, query = '') => {
    const response = await t.app.inject({ url: `/api/checkout/list${query}`, headers });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<AuthorPayments>();
  };
  const ledgerOf = (authorId: string) =>
    t.database.db
      .select()
      .from(royaltyEntries)
      .where(eq(royaltyEntries.authorId, authorId))
      .orderBy(asc(royaltyEntries.id));
  const sum = (rows: { royaltyCents: number }[]) => rows.reduce((total, row) => total + row.royaltyCents, 0);
  const advance = async (seconds: number) => {
    const moved = await t.app.inject({
      method: 'POST',
      url: '/api/test/clock',
      payload: { advanceSeconds: seconds },
    });
    expect(moved.statusCode, moved.body).toBe(200);
  };
  /** The author's bank details saved, then a payout run for them alone (what is available now). */
  const payOut = async (author: Shop['author']) => {
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/checkout/bank/create',
      headers: author.headers,
      payload: {
        holder: 'Amira Ben Salah',
        iban: 'FR76 3000 6000 0112 3456 7890 189',
        bic: 'BNPAFRPP',
        bankName: 'BNP Paribas',
        country: 'FR',
        holderStreet: '12 rue de Marseille',
        holderPostcode: '1000',
        holderCity: 'Tunis',
        holderCountry: 'TN',
        residenceCountry: 'TN',
      },
    });
    expect(saved.statusCode, saved.body).toBe(201);
    const run = await t.app.royalties.payouts.run(admin.id, { authorIds: [author.id] });
    return run.payouts[0]!;
  };

  it('quotes out text a spreadsheet would run, and writes cents as euros without floats', () => {
    expect(['=1+1', '+33 6', '-x', '@SUM(A1)', '\tx', '\rx', 'Le jardin', '', "'=x"].map(safeText)).toEqual([
      "'=1+1",
      "'+33 6",
      "'-x",
      "'@SUM(A1)",
      "'\tx",
      "'\rx",
      'Le jardin',
      '',
      "'=x",
    ]);
    expect([0, 5, -5, 1234, -512, 100_000_001].map(euros)).toEqual([
      '0.00',
      '0.05',
      '-0.05',
      '12.34',
      '-5.12',
      '1000000.01',
    ]);
    expect([2500, 1250, 1005, 0, 10_000, 333].map(percent)).toEqual([
      '25',
      '12.5',
      '10.05',
      '0',
      '100',
      '3.33',
    ]);
  });

  it('answers guests 401 and customers, editors and admins 403 on the list, the CSV and the statement', async () => {
    const month = new Date().toISOString().slice(0, 7);
    for (const url of ['/api/checkout/list', '/api/checkout/list.csv', `/api/checkout/statement/${month}`]) {
      expect((await t.app.inject({ url })).statusCode, url).toBe(401);
      for (const someone of [buyer, editor, admin]) {
        const response = await t.app.inject({ url, headers: someone.headers });
        expect(response.statusCode, url).toBe(403);
        expect(response.json().error.code).toBe('forbidden');
      }
    }
    const badMonth = await t.app.inject({
      url: '/api/checkout/statement/2026-13',
      headers: shop.author.headers,
    });
    expect(badMonth.statusCode).toBe(400);
    const badDate = await t.app.inject({
      url: '/api/checkout/list?from=yesterday',
      headers: shop.author.headers,
    });
    expect(badDate.statusCode).toBe(400);
  });

  describe('an author with many sales', () => {
    const titles = ['=HYPERLINK("http://evil.test","click")', '+1', '-x', '@SUM(A1:A9)'];
    let author: Customer & { name: string };
    let productIds: number[];
    let orders: { id: string; number: string }[];

    beforeAll(async () => {
      const registered = await registerUser(
        t.app,
        { firstName: 'Leïla', lastName: 'Gharbi', language: 'en' },
        'author',
      );
      const { access } = await login(t.app, registered.email, registered.password);
      author = {
        id: registered.user.id,
        email: registered.email,
        access,
        headers: bearer(access),
        name: 'Leïla Gharbi',
      };
      const category = await t.app.catalog.writes.createCategory({
        section: 'professional',
        slug: `outils-${process.pid}`,
        nameFr: 'Outils',
        nameEn: 'Tools',
      });
      productIds = [];
      for (let i = 0; i < 30; i += 1) {
        const product = await t.app.catalog.writes.createProduct({
          kind: 'file',
          section: 'professional',
          title: titles[i] ?? `Modèle de budget n° ${i + 1}`,
          description: 'Un fichier.',
          language: 'fr',
          authorId: author.id,
          status: 'published',
          categoryId: category.id,
          cover: { key: `covers/many-${i}.png`, width: 600, height: 800 },
          priceCents: 1000 + i * 100,
          file: {
            fileType: 'excel',
            storageKey: `files/many/${process.pid}-${i}.xlsx`,
            originalName: 'budget.xlsx',
            mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
            sizeBytes: 2048,
            sha256: 'cd'.repeat(32),
          },
        });
        productIds.push(product.id);
      }
      // 30 + 21 lines: 51 entries, then the first product refunded (a 52nd, negative).
      const a = await buy(
        t.app,
        buyer,
        productIds.map((productId) => ({ productId })),
      );
      const b = await buy(
        t.app,
        buyer,
        productIds.slice(0, 21).map((productId) => ({ productId })),
      );
      orders = [a, b];
      const [line] = await t.database.db
        .select()
        .from(royaltyEntries)
        .where(eq(royaltyEntries.orderId, a.id))
        .orderBy(asc(royaltyEntries.id))
        .limit(1);
      const refund = await t.app.inject({
        method: 'POST',
        url: `/api/admin/orders/${a.id}/refund`,
        headers: admin.headers,
        payload: { lineIds: [line!.orderLineId] },
      });
      expect(refund.statusCode, refund.body).toBe(200);
    }, 60_000);

    it('pages the report by 50, newest first, and filters it by product and period', async () => {
      const page1 = await list(author.headers);
      expect(page1.report).toMatchObject({ count: 52, page: 1, pageSize: 50, pages: 2 });
      expect(page1.report.results).toHaveLength(50);
      const page2 = await list(author.headers, '?page=2');
      expect(page2.report.results).toHaveLength(2);
      const all: RoyaltyEntry[] = [...page1.report.results, ...page2.report.results];
      expect(new Set(all.map((e) => e.id)).size).toBe(52);
      const times = all.map((e) => Date.parse(e.createdAt));
      expect(times).toEqual([...times].sort((x, y) => y - x));
      expect(all[0]!.kind).toBe('reversal');

      const one = await list(author.headers, `?productId=${productIds[0]}`);
      expect(one.report.results.map((e) => e.kind).sort()).toEqual(['accrual', 'accrual', 'reversal']);
      expect(one.report.results.every((e) => e.productId === productIds[0])).toBe(true);
      // The filters narrow the report only: the totals stay the author's.
      expect(one.totals).toEqual(page1.totals);

      const day = all[all.length - 1]!.createdAt.slice(0, 10);
      const next = new Date(Date.parse(day) + DAY * 1000).toISOString().slice(0, 10);
      const before = new Date(Date.parse(day) - DAY * 1000).toISOString().slice(0, 10);
      expect((await list(author.headers, `?from=${day}&to=${day}`)).report.count).toBeGreaterThan(0);
      expect((await list(author.headers, `?from=${next}`)).report.count).toBe(
        all.filter((e) => e.createdAt >= next).length,
      );
      expect((await list(author.headers, `?to=${before}`)).report.count).toBe(0);
      expect((await list(author.headers, `?from=${before}&to=${day}&page=2`)).report.results).toHaveLength(
        all.filter((e) => e.createdAt < next).length - 50,
      );
    });

    it('exports a CSV Excel opens in UTF-8, amounts numeric with a dot, formulas quoted out', async () => {
      const response = await t.app.inject({
        url: '/api/checkout/list.csv?from=2020-01-01&to=2099-12-31',
        headers: author.headers,
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(response.headers['content-disposition']).toBe(
        'attachment; filename="hls-royalties-2020-01-01-2099-12-31.csv"',
      );
      const bytes = response.rawPayload;
      expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const lines = bytes.subarray(3).toString('utf8').split('\r\n');
      expect(lines.pop()).toBe('');
      expect(lines[0]).toBe(
        'Date,Order,Product (no.),Title,Format,Kind,Quantity,Paid incl. VAT (EUR),VAT (EUR),Net (EUR),Rate (%),Royalty (EUR),State,Available on,Paid on,Payout reference,Payout withholding tax (%)',
      );
      expect(lines).toHaveLength(1 + 52);
      const rows = lines.slice(1);
      const ledger = await ledgerOf(author.id);

      // The refund: negative amounts, left as numbers (no quote, no apostrophe).
      const reversal = ledger.find((e) => e.kind === 'reversal')!;
      const cells = cellsOf(rows[0]!);
      expect(rows[0]).toContain(`,"'=HYPERLINK(""http://evil.test"",""click"")",`);
      expect(cells[0]).toBe(reversal.createdAt.toISOString());
      expect(cells.slice(1, 12)).toEqual([
        orders[0]!.number,
        String(productIds[0]),
        `'=HYPERLINK("http://evil.test","click")`,
        'Professional file',
        'Refund',
        '1',
        euros(reversal.grossCents),
        euros(reversal.vatCents),
        euros(reversal.netCents),
        '50',
        euros(reversal.royaltyCents),
      ]);
      expect(cells).toHaveLength(17);
      expect(cells[7]).toMatch(/^-\d+\.\d\d$/);
      expect(cells[11]).toBe(`-${euros(-reversal.royaltyCents)}`);
      // 10.00 − 20 % VAT (1.67) = 8.33 net, 50 % = 4.17 (rounded once).
      expect(cells.slice(7, 12)).toEqual(['-10.00', '-1.67', '-8.33', '50', '-4.17']);

      const text = rows.join('\n');
      for (const title of ["'+1", "'-x", "'@SUM(A1:A9)"]) expect(text).toContain(`,${title},`);
      expect(text).toContain('Modèle de budget n° 30');
      expect(text).not.toMatch(/,[=+@]/);
      expect(rows.filter((row) => row.includes(',Sale,'))).toHaveLength(51);

      // The filters of the report apply.
      const filtered = await t.app.inject({
        url: `/api/checkout/list.csv?productId=${productIds[0]}`,
        headers: author.headers,
      });
      expect(filtered.body.trim().split('\r\n')).toHaveLength(1 + 3);
      expect(filtered.headers['content-disposition']).toMatch(
        /^attachment; filename="hls-royalties-all-\d{4}-\d\d-\d\d\.csv"$/,
      );
    });

    it('gives a monthly PDF statement in the author’s language, over several pages when long', async () => {
      const month = (await ledgerOf(author.id))[0]!.createdAt.toISOString().slice(0, 7);
      const response = await t.app.inject({
        url: `/api/checkout/statement/${month}`,
        headers: author.headers,
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-type']).toBe('application/pdf');
      expect(response.headers['content-disposition']).toBe(
        `attachment; filename="hls-royalties-${month}.pdf"`,
      );
      const pages = await extractPdfText(response.rawPayload);
      expect(pages.length).toBeGreaterThan(1);
      const text = pages.join('\n');
      const ledger = await ledgerOf(author.id);
      const monthName = new Intl.DateTimeFormat('en-GB', {
        month: 'long',
        year: 'numeric',
        timeZone: 'UTC',
      }).format(new Date(`${month}-01T00:00:00Z`));
      expect(text).toContain(`Royalty statement – ${monthName}`);
      expect(text).toContain('Leïla Gharbi');
      expect(text).toContain(t.config.site.company.name);
      expect(text).toContain(orders[1]!.number);
      expect(text).toContain('HYPERLINK');
      expect(text).toContain('(refund)');
      // Long titles wrap within their column.
      expect(text.replaceAll('\n', ' ')).toContain('Modèle de budget n° 30');
      // The header row again at the top of the next page.
      expect(pages[1]!.split('\n').slice(0, 12)).toEqual(
        expect.arrayContaining(['Order', 'Title', 'Royalty']),
      );
      const total = sum(ledger);
      const money = (cents: number) =>
        new Intl.NumberFormat('en-GB', { minimumFractionDigits: 2 }).format(cents / 100);
      expect(text).toContain('Totals by format');
      expect(text).toMatch(new RegExp(`Total\\n50\\n[\\d.,]+\\n${money(total).replace('.', '\\.')}`));
      expect(text).toContain('No payout this month.');
      expect(text).toMatch(
        new RegExp(`Balance carried at the end of the month\\n${money(total).replace('.', '\\.')}`),
      );
    });
  });

  it('gives the figures of the ledger: per product and format, totals, refunds, states as the holds end', async () => {
    const first = await buy(t.app, buyer, [
      { productId: shop.bookId, edition: 'paper', quantity: 2 },
      { productId: shop.bookId, edition: 'ebook' },
      { productId: shop.fileId },
    ]);
    const second = await buy(t.app, buyer, [{ productId: shop.bookId, edition: 'ebook' }]);
    // Another author's sale, which the first never sees.
    await buy(t.app, buyer, [{ productId: other.fileId }]);

    let view = await list(shop.author.headers);
    let ledger = await ledgerOf(shop.author.id);
    expect(ledger).toHaveLength(4);
    // Paper waits for its delivery, digital for its hold: all pending.
    expect(view.totals).toEqual({
      pendingCents: sum(ledger),
      availableCents: 0,
      paidCents: 0,
      refundedCents: 0,
      balanceCents: sum(ledger),
    });
    expect(view.products.map((p) => [p.productId, p.format, p.units])).toEqual([
      [shop.bookId, 'paper', 2],
      [shop.bookId, 'ebook', 2],
      [shop.fileId, 'professional_file', 1],
    ]);
    const paper = ledger.find((e) => e.format === 'paper')!;
    expect(view.products[0]).toMatchObject({
      netCents: paper.netCents,
      royaltyCents: paper.royaltyCents,
      pendingCents: paper.royaltyCents,
    });
    // 2 × 18.00 = 36.00, VAT 5.5 % 1.88, net 34.12, 10 % = 3.41.
    expect([paper.grossCents, paper.vatCents, paper.netCents, paper.royaltyCents]).toEqual([
      3600, 188, 3412, 341,
    ]);
    expect(view.report.count).toBe(4);
    expect(view.report.results.map((e) => e.orderNumber)).toEqual([
      second.number,
      first.number,
      first.number,
      first.number,
    ]);
    expect(view.terms).toEqual({
      rates: { paper: 1000, ebook: 2500, professional_file: 5000 },
      digitalHoldDays: 14,
      paperHoldDays: 14,
      minimumPayoutCents: 1000,
      // No bank details yet: no scheme nor residence; the monthly proposal, the charges of the settings.
      payment: {
        scheme: null,
        chargeBearer: 'SHAR',
        nextRunDate: expect.stringMatching(/^\d{4}-\d{2}-01$/),
        residenceCountry: null,
        withholdingBp: 0,
      },
    });
    expect(view.hasBankDetails).toBe(false);
    expect(view.productChoices.map((c) => c.id)).toEqual([shop.bookId, shop.fileId]);
    const thisMonth = view.monthly.at(-1)!;
    expect(view.monthly).toHaveLength(12);
    expect(thisMonth.month).toBe(new Date().toISOString().slice(0, 7));
    expect(thisMonth).toMatchObject({
      paper: paper.royaltyCents,
      ebook: sum(ledger.filter((e) => e.format === 'ebook')),
      professional_file: sum(ledger.filter((e) => e.format === 'professional_file')),
    });
    expect(view.monthly.slice(0, 11).every((m) => m.paper + m.ebook + m.professional_file === 0)).toBe(true);

    // Delivered, the second order's ebook refunded.
    for (const step of ['ship', 'deliver'] as const) {
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/admin/orders/${first.id}/${step}`,
        headers: editor.headers,
        ...(step === 'ship' ? { payload: { carrier: 'La Poste', trackingNumber: 'LP123456789FR' } } : {}),
      });
      expect(response.statusCode, response.body).toBe(200);
    }
    const refundedLine = ledger.find((e) => e.orderId === second.id)!;
    const refund = await t.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${second.id}/refund`,
      headers: admin.headers,
      payload: { lineIds: [refundedLine.orderLineId] },
    });
    expect(refund.statusCode, refund.body).toBe(200);

    view = await list(shop.author.headers);
    ledger = await ledgerOf(shop.author.id);
    expect(ledger).toHaveLength(5);
    const [reversal] = view.report.results;
    expect(reversal).toMatchObject({
      kind: 'reversal',
      orderNumber: second.number,
      royaltyCents: -refundedLine.royaltyCents,
      state: 'available',
    });
    expect(view.report.results.find((e) => e.id === refundedLine.id)).toMatchObject({
      reversed: true,
      state: 'available',
    });
    expect(view.report.results.filter((e) => e.reversed)).toHaveLength(1);
    expect(view.products[1]).toMatchObject({
      format: 'ebook',
      units: 1,
      refundedUnits: 1,
      refundedCents: refundedLine.royaltyCents,
      royaltyCents: sum(ledger.filter((e) => e.format === 'ebook')),
      // The refunded sale and its reversal net to zero in the available balance.
      availableCents: 0,
    });
    expect(view.totals.refundedCents).toBe(refundedLine.royaltyCents);
    expect(view.totals.balanceCents).toBe(sum(ledger));
    const paperEntry = view.report.results.find((e) => e.format === 'paper')!;
    expect(paperEntry.state).toBe('pending');
    expect(Date.parse(paperEntry.availableAt!)).toBeGreaterThan(Date.now() + 13 * DAY * 1000);

    // After the holds, everything is available; then a payout pays part of it.
    await advance(15 * DAY);
    view = await list(shop.author.headers);
    expect(view.totals).toMatchObject({ pendingCents: 0, availableCents: sum(ledger), paidCents: 0 });
    expect(view.report.results.every((e) => e.state === 'available')).toBe(true);

    // The payout pays everything available: the first order, and the refunded sale with its reversal (zero).
    const firstOrderEntries = ledger.filter((e) => e.orderId === first.id);
    const payout = await payOut(shop.author);
    expect(payout.amountCents).toBe(sum(firstOrderEntries));
    view = await list(shop.author.headers);
    expect(view.totals).toEqual({
      pendingCents: 0,
      availableCents: 0,
      paidCents: sum(firstOrderEntries),
      refundedCents: refundedLine.royaltyCents,
      balanceCents: 0,
    });
    expect(view.hasBankDetails).toBe(true);
    expect(view.payouts).toEqual([
      expect.objectContaining({
        reference: payout.reference,
        amountCents: sum(firstOrderEntries),
        entries: 5,
        ibanMasked: 'FR76 •••• •••• 0189',
      }),
    ]);
    expect(
      view.report.results.every((e) => e.state === 'paid' && e.payoutReference === payout.reference),
    ).toBe(true);
    expect(view.report.results.every((e) => e.paidAt === view.payouts[0]!.paidAt)).toBe(true);
    // The other author's sale shows nowhere.
    expect(view.report.count).toBe(5);
    expect(view.productChoices.map((c) => c.id)).not.toContain(other.fileId);
  });

  it('shows each author their own entries, totals and payouts only', async () => {
    const mine = await list(other.author.headers);
    const ledger = await ledgerOf(other.author.id);
    expect(mine.report.results.map((e) => e.id)).toEqual(ledger.map((e) => e.id));
    expect(mine.products.map((p) => p.productId)).toEqual([other.fileId]);
    expect(mine.totals.balanceCents).toBe(sum(ledger));
    expect(mine.payouts).toEqual([]);
    // Naming another author's product filters to nothing.
    const theirs = await list(other.author.headers, `?productId=${shop.bookId}`);
    expect(theirs.report).toMatchObject({ count: 0, results: [] });
    const csv = await t.app.inject({ url: '/api/checkout/list.csv', headers: other.author.headers });
    expect(csv.body).not.toContain('Le jardin des oliviers');
    expect(csv.body.trim().split('\r\n')).toHaveLength(1 + ledger.length);
  });

  it('gives a statement for a month without sales, in French for a French author, saying so', async () => {
    const response = await t.app.inject({
      url: '/api/checkout/statement/2020-02',
      headers: shop.author.headers,
    });
    expect(response.statusCode).toBe(200);
    const text = (await extractPdfText(response.rawPayload)).join('\n');
    expect(text).toContain('Relevé de droits d’auteur – février 2020');
    expect(text).toContain('Aucune vente ni aucun remboursement n’a été enregistré ce mois-ci.');
    expect(text).toContain('Aucun versement ce mois-ci.');
    expect(text).toMatch(/Solde reporté à la fin du mois\n0,00/);
  });

  it('writes the CSV and the PDF statement in the language of the page they come from, else the account’s', async () => {
    const registered = await registerUser(
      t.app,
      { firstName: 'John', lastName: 'Carter', language: 'en' },
      'author',
    );
    const { access } = await login(t.app, registered.email, registered.password);
    const french = shop.author.headers;
    const english = bearer(access);
    const csvHeader = async (headers: Record<string, string>, query: string) => {
      const response = await t.app.inject({ url: `/api/checkout/list.csv${query}`, headers });
      expect(response.statusCode, response.body).toBe(200);
      return response.rawPayload.subarray(3).toString('utf8').split('\r\n')[0];
    };
    const statement = async (headers: Record<string, string>, query: string) => {
      const response = await t.app.inject({ url: `/api/checkout/statement/2020-02${query}`, headers });
      expect(response.statusCode, response.body).toBe(200);
      return (await extractPdfText(response.rawPayload)).join('\n');
    };
    const frenchHeader = /^Date,Commande,Produit \(n°\),Titre,Format,Type,Quantité,/;
    const englishHeader = /^Date,Order,Product \(no\.\),Title,Format,Kind,Quantity,/;

    // A French account on an English page, an English account on a French page.
    expect(await csvHeader(french, '?lng=en')).toMatch(englishHeader);
    expect(await csvHeader(french, '?from=2020-01-01&to=2099-12-31&lng=en')).toMatch(englishHeader);
    expect(await statement(french, '?lng=en')).toContain('Royalty statement – February 2020');
    expect(await csvHeader(english, '?lng=fr')).toMatch(frenchHeader);
    expect(await csvHeader(english, '?lng=fn')).toMatch(frenchHeader);
    const inFrench = await statement(english, '?lng=fr');
    expect(inFrench).toContain('Relevé de droits d’auteur – février 2020');
    expect(inFrench).toContain('Aucun versement ce mois-ci.');

    // No page language, or one the shop does not speak: the account's.
    expect(await csvHeader(english, '')).toMatch(englishHeader);
    expect(await csvHeader(french, '?lng=de')).toMatch(frenchHeader);
    expect(await statement(english, '')).toContain('Royalty statement – February 2020');
    expect(await statement(french, '?lng=de')).toContain('Relevé de droits d’auteur – février 2020');
  });

  it('carries the balance of the month of a payout: opening + royalties − payouts = closing', async () => {
    const [payout] = (await list(shop.author.headers)).payouts;
    // The payout was made after the clock moved: its month may follow the sales'.
    const month = payout!.paidAt.slice(0, 7);
    const response = await t.app.inject({
      url: `/api/checkout/statement/${month}`,
      headers: shop.author.headers,
    });
    const text = (await extractPdfText(response.rawPayload)).join('\n');
    const ledger = await ledgerOf(shop.author.id);
    const opening = sum(ledger.filter((e) => e.createdAt.toISOString().slice(0, 7) < month));
    const earned = sum(ledger.filter((e) => e.createdAt.toISOString().slice(0, 7) === month));
    const money = (cents: number) =>
      new Intl.NumberFormat('fr-FR', { minimumFractionDigits: 2 }).format(cents / 100).replace(/\s/g, ' ');
    expect(text).toContain(payout!.reference);
    expect(text).toContain('FR76 •••• •••• 0189');
    expect(text).toContain(`Solde au début du mois\n${money(opening)}`);
    expect(text).toContain(`+ Droits du mois\n${money(earned)}`);
    expect(text).toContain(`- Versements du mois\n${money(payout!.amountCents)}`);
    expect(text).toContain(
      `Solde reporté à la fin du mois\n${money(opening + earned - payout!.amountCents)}`,
    );
    expect(opening + earned - payout!.amountCents).toBe(0);
  });
});
