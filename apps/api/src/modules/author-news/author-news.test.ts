import { PDFDocument, StandardFonts } from '@cantoo/pdf-lib';
import { and, eq, inArray, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AuthorStats, EmailPreferences, ModerationReview } from '@hls/contract';
import { authorNotices, mailOutbox, orderLines, pageViews, users } from '../../db/schema.ts';
import {
  confirm,
  customer,
  openShop,
  staff,
  type Customer,
  type Shop,
} from '../../../test/checkout-fixtures.ts';
import { bearer, login, outboxMails, registerUser, useAppWithMailServer } from '../../../test/helper.ts';
import { buy } from '../../../test/royalty-fixtures.ts';
import { dayBefore } from './author-news.notices.ts';
import { SALES_DIGEST_JOB } from './author-news.plugin.ts';
import { firstCounted } from './author-news.stats.ts';

/** The account's welcome e-mail, which every new author gets first. */
const WELCOME = /^(Bienvenue sur HLS|Welcome to HLS)$/;
const today = () => new Date().toISOString().slice(0, 10);
const month = (date: string) => date.slice(0, 7);

describe('what authors hear of their work', () => {
  const t = useAppWithMailServer();
  let editor: Customer;

  beforeAll(async () => {
    editor = await staff(t.app, 'editor');
  });

  /** Delivers the outbox to the SMTP server. */
  const deliver = () => t.app.mail.sender.runOnce();
  /** The subjects of the e-mails the SMTP server received for this address. */
  const subjectsTo = (email: string) =>
    t.smtp.received
      .filter((m) => m.to.includes(email))
      .map((m) => m.subject)
      .filter((subject) => !WELCOME.test(subject));
  /** The outbox rows of a template for this address (the rendered text is kept there). */
  const outbox = (email: string, template: string) =>
    outboxMails(t.database.db, and(eq(mailOutbox.to, email), eq(mailOutbox.template, template)));
  const setLanguage = (userId: string, language: 'fr' | 'en') =>
    t.database.db.update(users).set({ language }).where(eq(users.id, userId));
  const preferences = (who: { headers: Record<string, string> }, payload?: Record<string, unknown>) =>
    t.app.inject({
      method: payload ? 'PATCH' : 'GET',
      url: '/api/account/email-preferences',
      headers: who.headers,
      ...(payload ? { payload } : {}),
    });
  const choose = async (who: Shop['author'], payload: Record<string, unknown>) => {
    const response = await preferences(who, payload);
    expect(response.statusCode, response.body).toBe(200);
  };

  describe('e-mail preferences', () => {
    it('are read and changed by the signed-in user only, one choice at a time', async () => {
      const anonymous = await t.app.inject({ method: 'GET', url: '/api/account/email-preferences' });
      expect(anonymous.statusCode).toBe(401);
      const patchAnonymous = await t.app.inject({
        method: 'PATCH',
        url: '/api/account/email-preferences',
        payload: { salesEmails: 'off' },
      });
      expect(patchAnonymous.statusCode).toBe(401);

      const buyer = await customer(t.app);
      const initial = await preferences(buyer);
      expect(initial.statusCode).toBe(200);
      expect(initial.json<EmailPreferences>()).toEqual({
        versionEmails: true,
        salesEmails: 'each',
        reviewEmails: true,
      });
      const changed = await preferences(buyer, { salesEmails: 'daily', versionEmails: false });
      expect(changed.json<EmailPreferences>()).toEqual({
        versionEmails: false,
        salesEmails: 'daily',
        reviewEmails: true,
      });
      expect((await preferences(buyer)).json<EmailPreferences>()).toEqual(changed.json<EmailPreferences>());
    });

    it('refuses a choice that is none of those offered with a 400 on the field, and changes nothing', async () => {
      const buyer = await customer(t.app);
      const wrong = await preferences(buyer, { salesEmails: 'weekly', reviewEmails: 'yes' });
      expect(wrong.statusCode).toBe(400);
      const { error } = wrong.json<{ error: { code: string; fields: Record<string, string> } }>();
      expect(error.code).toBe('validation_failed');
      expect(Object.keys(error.fields).sort()).toEqual(['reviewEmails', 'salesEmails']);
      expect((await preferences(buyer)).json<EmailPreferences>()).toEqual({
        versionEmails: true,
        salesEmails: 'each',
        reviewEmails: true,
      });
    });
  });

  describe('sales', () => {
    it('e-mails the author once per paid order in their language with their lines and royalty, never the buyer', async () => {
      const shop = await openShop(t.app);
      const buyer = await customer(t.app);
      const paid = await buy(t.app, buyer, [
        { productId: shop.bookId, edition: 'paper', quantity: 2 },
        { productId: shop.fileId },
      ]);
      await deliver();
      expect(subjectsTo(shop.author.email)).toEqual(['Nouvelles ventes de vos produits']);

      const [mail] = await outbox(shop.author.email, 'author_sale');
      expect(mail!.language).toBe('fr');
      expect(mail!.text).toContain('Le jardin des oliviers');
      expect(mail!.text).toContain('(livre papier)');
      expect(mail!.text).toContain('Tableau de trésorerie');
      // The royalties the ledger accrued, line by line and in total.
      const accrued = await t.database.db.execute<{ royalty_cents: number }>(
        sql`SELECT royalty_cents FROM royalty_entries WHERE author_id = ${shop.author.id} AND kind = 'accrual'`,
      );
      const royalties = accrued.rows.map((row) => Number(row.royalty_cents));
      expect(royalties).toHaveLength(2);
      const euros = (cents: number) =>
        new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' }).format(cents / 100);
      for (const cents of royalties) expect(mail!.text).toContain(euros(cents));
      expect(mail!.text).toContain(euros(royalties[0]! + royalties[1]!));
      expect(mail!.text).not.toContain(buyer.email);
      expect(mail!.text).not.toContain('Zoë');
      expect(mail!.text).not.toContain(paid.number);

      // A retried settlement of the same order sends nothing more.
      const again = await confirm(t.app, buyer, paid.id);
      expect(again.statusCode).toBe(200);
      await deliver();
      expect(subjectsTo(shop.author.email)).toHaveLength(1);
    });

    it('writes in English to an English-speaking author, and sends nothing to one who chose none', async () => {
      const english = await openShop(t.app);
      await setLanguage(english.author.id, 'en');
      const silent = await openShop(t.app);
      await choose(silent.author, { salesEmails: 'off' });
      const buyer = await customer(t.app);
      await buy(t.app, buyer, [{ productId: english.fileId }, { productId: silent.fileId }]);
      await deliver();
      expect(subjectsTo(english.author.email)).toEqual([expect.stringMatching(/^A sale of “Tableau de/)]);
      expect(subjectsTo(silent.author.email)).toEqual([]);
    });

    it('sums a day of sales in one digest for an author who chose it, once whatever the runs', async () => {
      const shop = await openShop(t.app);
      await setLanguage(shop.author.id, 'en');
      await choose(shop.author, { salesEmails: 'daily' });
      const first = await customer(t.app);
      const second = await customer(t.app);
      await buy(t.app, first, [{ productId: shop.fileId }]);
      await buy(t.app, second, [{ productId: shop.fileId }, { productId: shop.bookId, edition: 'ebook' }]);
      await deliver();
      expect(subjectsTo(shop.author.email)).toEqual([]);

      // Two instances running the day's job at once, then a retry: one e-mail.
      const day = today();
      const runs = await Promise.all([t.app.authorNews.sendDigest(day), t.app.authorNews.sendDigest(day)]);
      expect(runs.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(1);
      await t.app.authorNews.sendDigest(day);
      await deliver();
      const subjects = subjectsTo(shop.author.email);
      expect(subjects).toHaveLength(1);
      expect(subjects[0]).toMatch(/^Your sales of \d{1,2} \w+ \d{4}$/);
      const [mail] = await outbox(shop.author.email, 'author_sales_digest');
      // The file twice on one line, the ebook on another; the total counts three copies.
      expect(mail!.text).toMatch(/Tableau de trésorerie [^\n]+ \(file\)\s+2\s/);
      expect(mail!.text).toMatch(/Le jardin des oliviers [^\n]+ \(ebook\)\s+1\s/);
      expect(mail!.text).toMatch(/Total\s+3\s/);
      expect(mail!.text).not.toContain(first.email);
      const notices = await t.database.db
        .select()
        .from(authorNotices)
        .where(and(eq(authorNotices.authorId, shop.author.id), eq(authorNotices.kind, 'digest')));
      expect(notices.map((n) => n.key)).toEqual([day]);
    });

    it('sends no digest to an author who sold nothing that day', async () => {
      const quiet = await openShop(t.app);
      await choose(quiet.author, { salesEmails: 'daily' });
      await t.app.authorNews.sendDigest('2001-01-01');
      await t.app.authorNews.sendDigest(today());
      await deliver();
      expect(subjectsTo(quiet.author.email)).toEqual([]);
    });
  });

  describe('reviews', () => {
    const review = async (productId: number, who: Customer) => {
      const response = await t.app.inject({
        method: 'PUT',
        url: `/api/products/${productId}/review`,
        headers: who.headers,
        payload: { rating: 4, text: 'Un tableau clair et complet, qui m’a fait gagner du temps.' },
      });
      expect([200, 201], response.body).toContain(response.statusCode);
      return response.json<{ id: string }>();
    };
    const approve = async (reviewId: string) => {
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/editorial/reviews/${reviewId}/approve`,
        headers: editor.headers,
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<ModerationReview>();
    };

    it('tells the author of a published review once, in their language, unless they turned it off', async () => {
      const shop = await openShop(t.app);
      const muted = await openShop(t.app);
      await setLanguage(muted.author.id, 'en');
      await choose(muted.author, { reviewEmails: false });
      const buyer = await customer(t.app);
      await buy(t.app, buyer, [{ productId: shop.fileId }, { productId: muted.fileId }]);
      const mine = await review(shop.fileId, buyer);
      const theirs = await review(muted.fileId, buyer);
      await deliver();
      const before = subjectsTo(shop.author.email).length;

      await approve(mine.id);
      await approve(theirs.id);
      await deliver();
      const subjects = subjectsTo(shop.author.email).slice(before);
      expect(subjects).toEqual([expect.stringMatching(/^Un nouvel avis sur «\u202fTableau de trésorerie/)]);
      const [mail] = await outbox(shop.author.email, 'author_review_published');
      expect(mail!.text).toContain('4 sur 5');
      expect(mail!.text).toContain(`http://shop.test/prodoc/${shop.fileId}`);
      expect(subjectsTo(muted.author.email).some((s) => s.includes('review'))).toBe(false);

      // Edited, it waits for an editor again; published again, the author is not told twice.
      await review(shop.fileId, buyer);
      await approve(mine.id);
      await deliver();
      expect(subjectsTo(shop.author.email).slice(before)).toHaveLength(1);
    });
  });

  describe('proposals', () => {
    const png = () =>
      sharp({ create: { width: 600, height: 900, channels: 3, background: '#2a6f97' } })
        .png()
        .toBuffer();
    const pdf = async () => {
      const doc = await PDFDocument.create();
      const font = await doc.embedFont(StandardFonts.Helvetica);
      for (let i = 1; i <= 3; i += 1)
        doc.addPage([595, 842]).drawText(`Rapport ${i}`, { x: 60, y: 760, size: 14, font });
      return doc.save();
    };
    const propose = async (who: { headers: Record<string, string> }, title: string) => {
      const n = `${process.pid}-${Date.now()}`;
      const w = t.app.catalog.writes;
      const parent = await w.createCategory({
        section: 'academic',
        slug: `news-stages-${n}`,
        nameFr: 'Stages',
        nameEn: 'Internships',
      });
      const sub = await w.createCategory({
        section: 'academic',
        slug: `news-rapports-${n}`,
        nameFr: 'Rapports',
        nameEn: 'Reports',
        parentId: parent.id,
      });
      const form = new FormData();
      const fields = {
        section: 'academic',
        title,
        description: 'Un rapport de stage de fin d’études sur l’audit interne d’une PME.',
        language: 'fr',
        categoryId: String(parent.id),
        subcategoryId: String(sub.id),
        fileType: 'pdf',
        rights: 'own_work',
        licence: 'cc_by',
      };
      for (const [name, value] of Object.entries(fields)) form.append(name, value);
      form.append('cover', new Blob([Buffer.from(await png())]), 'cover.png');
      form.append('file', new Blob([Buffer.from(await pdf())]), 'rapport.pdf');
      const request = new Request('http://x', { method: 'POST', body: form });
      return t.app.inject({
        method: 'POST',
        url: '/api/category/file/create',
        headers: { ...who.headers, 'content-type': request.headers.get('content-type')! },
        payload: Buffer.from(await request.arrayBuffer()),
      });
    };

    it('acknowledges a proposal submitted for review, in the author’s language, with its page', async () => {
      const registered = await registerUser(
        t.app,
        { firstName: 'Amira', lastName: 'Ben Salah', language: 'en' },
        'author',
      );
      const { access } = await login(t.app, registered.email, registered.password);
      const response = await propose({ headers: bearer(access) }, 'Rapport de stage — audit interne');
      expect(response.statusCode, response.body).toBe(201);
      const { id } = response.json<{ id: string }>();
      await deliver();
      expect(subjectsTo(registered.email)).toContain(
        'We received your proposal “Rapport de stage — audit interne”',
      );
      const [mail] = await outbox(registered.email, 'author_proposal_received');
      expect(mail!.text).toContain('(version 1)');
      expect(mail!.text).toContain('An editor will read it');
      expect(mail!.text).toContain(`http://shop.test/author-product?id=${id}`);
    });

    it('sends nothing for a proposal refused as incomplete', async () => {
      const registered = await registerUser(t.app, { firstName: 'Brahim', lastName: 'K' }, 'author');
      const { access } = await login(t.app, registered.email, registered.password);
      const response = await propose({ headers: bearer(access) }, '');
      expect(response.statusCode).toBe(400);
      await deliver();
      expect(await outbox(registered.email, 'author_proposal_received')).toEqual([]);
    });
  });

  describe('monthly statistics', () => {
    const stats = (who: { headers: Record<string, string> }, query = '') =>
      t.app.inject({ method: 'GET', url: `/api/author/stats${query}`, headers: who.headers });

    it('counts each product’s page views, sales, refunds and conversion per month, exactly', async () => {
      const shop = await openShop(t.app);
      const now = new Date();
      const thisMonth = today();
      const lastMonth = firstCounted(now, 2);
      const old = firstCounted(now, 14);
      // Views: the book's page and the file's (under either address), last month, this month, and out of range.
      await t.database.db.insert(pageViews).values([
        { path: `/product/${shop.bookId}`, day: thisMonth, count: 40 },
        { path: `/prodoc/${shop.bookId}`, day: thisMonth, count: 2 },
        { path: `/product/${shop.bookId}`, day: lastMonth, count: 7 },
        { path: `/prodoc/${shop.fileId}`, day: thisMonth, count: 10 },
        { path: `/prodoc/${shop.fileId}`, day: old, count: 99 },
        { path: '/product/999999999', day: thisMonth, count: 5 },
      ]);
      const buyer = await customer(t.app);
      await buy(t.app, buyer, [{ productId: shop.bookId, edition: 'paper', quantity: 3 }]);
      const refunded = await buy(t.app, buyer, [{ productId: shop.bookId, edition: 'ebook' }]);
      await buy(t.app, buyer, [{ productId: shop.fileId }]);
      // The ebook line refunded: its accrual reversed in the ledger.
      const lines = await t.database.db
        .select({ id: orderLines.id })
        .from(orderLines)
        .where(inArray(orderLines.orderId, [refunded.id]));
      await t.app.transaction((ctx) =>
        t.app.royalties.ledger.reverse(
          ctx,
          lines.map((l) => l.id),
        ),
      );

      const response = await stats(shop.author);
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json<AuthorStats>();
      expect(body.from).toBe(month(firstCounted(now, 12)));
      const book = body.products.find((p) => p.productId === shop.bookId)!;
      const file = body.products.find((p) => p.productId === shop.fileId)!;
      expect(body.products).toHaveLength(2);
      expect(book.months).toEqual([
        { month: month(thisMonth), views: 42, sales: 4, refunded: 1, conversion: 0.0714 },
        { month: month(lastMonth), views: 7, sales: 0, refunded: 0, conversion: 0 },
      ]);
      expect(file.months).toEqual([
        { month: month(thisMonth), views: 10, sales: 1, refunded: 0, conversion: 0.1 },
      ]);

      const longer = await stats(shop.author, '?months=24');
      const fileLonger = longer.json<AuthorStats>().products.find((p) => p.productId === shop.fileId)!;
      expect(fileLonger.months.at(-1)).toEqual({
        month: month(old),
        views: 99,
        sales: 0,
        refunded: 0,
        conversion: 0,
      });
    });

    it('shows an author their own, any author’s to editors, and no one else’s', async () => {
      const shop = await openShop(t.app);
      const other = await openShop(t.app);
      const buyer = await customer(t.app);

      const foreign = await stats(other.author, `?authorId=${shop.author.id}`);
      expect(foreign.statusCode).toBe(404);
      expect((await stats(buyer)).statusCode).toBe(403);
      expect((await t.app.inject({ method: 'GET', url: '/api/author/stats' })).statusCode).toBe(401);

      const asEditor = await stats(editor, `?authorId=${shop.author.id}`);
      expect(asEditor.statusCode).toBe(200);
      expect(
        asEditor
          .json<AuthorStats>()
          .products.map((p) => p.productId)
          .sort(),
      ).toEqual([shop.bookId, shop.fileId].sort());
      const unknown = await stats(editor, '?authorId=00000000-0000-4000-8000-000000000000');
      expect(unknown.statusCode).toBe(404);
      const customerAsAuthor = await stats(editor, `?authorId=${buyer.id}`);
      expect(customerAsAuthor.statusCode).toBe(404);

      const wrong = await stats(shop.author, '?months=0');
      expect(wrong.statusCode).toBe(400);
      const wrongId = await stats(editor, '?authorId=nope');
      expect(wrongId.statusCode).toBe(400);
    });
  });
});

describe('the daily digest job', () => {
  const t = useAppWithMailServer();

  it('sends at its daily run the sales of the day before, once however often it runs', async () => {
    const shop = await openShop(t.app);
    const chosen = await t.app.inject({
      method: 'PATCH',
      url: '/api/account/email-preferences',
      headers: shop.author.headers,
      payload: { salesEmails: 'daily' },
    });
    expect(chosen.statusCode).toBe(200);
    await buy(t.app, await customer(t.app), [{ productId: shop.fileId }]);
    const run = async () => {
      await t.app.jobs.send(SALES_DIGEST_JOB, {});
      await t.app.jobs.settle();
      await t.app.mail.sender.runOnce();
    };
    const digests = () =>
      t.smtp.received
        .filter((m) => m.to.includes(shop.author.email))
        .map((m) => m.subject)
        .filter((subject) => subject.startsWith('Vos ventes du '));

    // Run today, it speaks of yesterday: nothing was sold then.
    await run();
    expect(digests()).toEqual([]);
    // The next day's run (the ledger's clock a day on) sends today's sales; a second run nothing more.
    (t.app.royalties.clock as unknown as { advance(seconds: number): Date }).advance(86_400);
    await run();
    await run();
    expect(digests()).toHaveLength(1);
  });
});

describe('the days and months counted', () => {
  it('sends at a run the day before it (UTC), across a month and a year', () => {
    expect(dayBefore(new Date('2026-11-27T06:15:00Z'))).toBe('2026-11-26');
    expect(dayBefore(new Date('2026-03-01T00:10:00Z'))).toBe('2026-02-28');
    expect(dayBefore(new Date('2027-01-01T06:15:00Z'))).toBe('2026-12-31');
  });

  it('counts the statistics from the first day of the month `months - 1` before the current one', () => {
    expect(firstCounted(new Date('2026-11-27T12:00:00Z'), 12)).toBe('2025-12-01');
    expect(firstCounted(new Date('2026-11-27T12:00:00Z'), 1)).toBe('2026-11-01');
    expect(firstCounted(new Date('2026-01-31T23:59:00Z'), 2)).toBe('2025-12-01');
  });
});
