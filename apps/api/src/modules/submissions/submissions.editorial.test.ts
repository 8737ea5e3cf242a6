import { PDFDocument, StandardFonts } from '@cantoo/pdf-lib';
import { createHash } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  BookDetail,
  FileDetail,
  ProductPage,
  QueuePage,
  Report,
  ReportPage,
  ReviewSubmission,
  SAMPLE_PAGES,
  type Language,
  type ProductKind,
  type Section,
} from '@hls/contract';
import { bearer, login, outboxMails, uniqueEmail, useApp } from '../../../test/helper.ts';
import { bookEditions, mailOutbox, products } from '../../db/schema.ts';
import {
  documentReports,
  submissionEvents,
  submissionFiles,
  submissions,
  submissionVersions,
} from '../../db/schema.ts';
import type { StoredFields } from './submissions.tables.ts';

const PASSWORD = 'Secret123';

async function pdf(pages: number, title: string): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let i = 1; i <= pages; i += 1) {
    doc.addPage([300, 400]).drawText(`${title} — page ${i}`, { x: 20, y: 360, size: 12, font });
  }
  return doc.save();
}

describe('editorial review', () => {
  // Reports are limited like the other public forms; this file sends more than the default allows.
  const t = useApp({ env: { RATE_LIMIT_CONTACT_MAX: '50' } });
  type Account = { id: string; email: string; token: string };
  const accounts = {} as Record<'editor' | 'editor2' | 'admin' | 'customer' | 'author' | 'authorEn', Account>;
  const cats = {} as Record<'pro' | 'proSub' | 'proOther' | 'academic' | 'book', number>;

  async function account(
    key: keyof typeof accounts,
    role: 'customer' | 'author' | 'editor' | 'admin',
    language: Language,
  ) {
    const email = uniqueEmail(key);
    const user = await t.app.accounts.createUser({
      firstName: key === 'authorEn' ? 'Emma' : key === 'author' ? 'Amel' : 'Sami',
      lastName: key,
      email,
      password: PASSWORD,
      language,
      role,
    });
    const { access } = await login(t.app, email, PASSWORD);
    accounts[key] = { id: user.id, email, token: access };
  }

  beforeAll(async () => {
    await account('editor', 'editor', 'fr');
    await account('editor2', 'editor', 'en');
    await account('admin', 'admin', 'fr');
    await account('customer', 'customer', 'fr');
    await account('author', 'author', 'fr');
    await account('authorEn', 'author', 'en');
    const w = t.app.catalog.writes;
    const slug = () => `c${Math.random().toString(36).slice(2, 10)}`;
    cats.pro = (
      await w.createCategory({ section: 'professional', slug: slug(), nameFr: 'Finance', nameEn: 'Finance' })
    ).id;
    cats.proSub = (
      await w.createCategory({
        section: 'professional',
        parentId: cats.pro,
        slug: slug(),
        nameFr: 'Trésorerie',
        nameEn: 'Cash',
      })
    ).id;
    cats.proOther = (
      await w.createCategory({
        section: 'professional',
        slug: slug(),
        nameFr: 'Ressources humaines',
        nameEn: 'HR',
      })
    ).id;
    cats.academic = (
      await w.createCategory({ section: 'academic', slug: slug(), nameFr: 'Rapports', nameEn: 'Reports' })
    ).id;
    cats.book = (
      await w.createCategory({ section: 'book', slug: slug(), nameFr: 'Romans', nameEn: 'Novels' })
    ).id;
  });

  type SeedFile = {
    slot: 'cover' | 'manuscript' | 'file';
    bytes: Uint8Array;
    mime: string;
    name: string;
    flags?: string[];
    pages?: number;
    width?: number;
    height?: number;
  };
  let seedClock = Date.parse('2030-01-01T00:00:00Z');

  /** A submission written straight to the tables: version 1 submitted (or the given status), with real files. */
  async function seed(options: {
    author?: 'author' | 'authorEn';
    kind: ProductKind;
    section: Section;
    fields: StoredFields;
    files: SeedFile[];
    status?: 'submitted' | 'in_review' | 'published';
    claimedBy?: string;
    submittedAt?: Date;
  }): Promise<string> {
    const authorId = accounts[options.author ?? 'author'].id;
    seedClock += 60_000;
    const submittedAt = options.submittedAt ?? new Date(seedClock);
    const [row] = await t.database.db
      .insert(submissions)
      .values({
        authorId,
        kind: options.kind,
        section: options.section,
        status: options.status ?? 'submitted',
        working: options.fields,
        versionCount: 1,
        submittedAt,
        claimedBy: options.claimedBy ?? null,
        claimedAt: options.claimedBy ? new Date() : null,
      })
      .returning({ id: submissions.id });
    const id = row!.id;
    const fileIds = await storeFiles(id, options.files);
    await t.database.db
      .insert(submissionVersions)
      .values({ submissionId: id, number: 1, fields: options.fields, fileIds });
    await t.database.db
      .insert(submissionEvents)
      .values({ submissionId: id, kind: 'submitted', version: 1, actor: 'author', actorUserId: authorId });
    return id;
  }

  async function storeFiles(submissionId: string, files: SeedFile[]): Promise<string[]> {
    const ids: string[] = [];
    for (const file of files) {
      const key = `submissions/${submissionId}/${createHash('sha256').update(file.bytes).digest('hex').slice(0, 16)}-${file.slot}`;
      const stored = await t.app.storage.putObject(key, file.bytes, file.mime);
      await t.database.db
        .update(submissionFiles)
        .set({ working: false })
        .where(and(eq(submissionFiles.submissionId, submissionId), eq(submissionFiles.slot, file.slot)));
      const [inserted] = await t.database.db
        .insert(submissionFiles)
        .values({
          submissionId,
          slot: file.slot,
          storageKey: stored.key,
          originalName: file.name,
          mime: file.mime,
          sizeBytes: stored.sizeBytes,
          sha256: stored.sha256,
          pages: file.pages ?? null,
          width: file.width ?? null,
          height: file.height ?? null,
          flags: file.flags ?? [],
        })
        .returning({ id: submissionFiles.id });
      ids.push(inserted!.id);
    }
    return ids;
  }

  const description = 'Un document complet, relu et mis en page pour les professionnels.';
  const proFields = (title: string, extra: StoredFields = {}): StoredFields => ({
    title,
    description,
    language: 'fr',
    categoryId: cats.pro,
    subcategoryId: cats.proSub,
    fileType: 'pdf',
    priceCents: 1500,
    ...extra,
  });
  const pdfFile = async (pages: number, title: string): Promise<SeedFile> => ({
    slot: 'file',
    bytes: await pdf(pages, title),
    mime: 'application/pdf',
    name: `${title}.pdf`,
    pages,
  });

  const as = (who: keyof typeof accounts) => bearer(accounts[who].token);
  const inject = (method: 'GET' | 'POST', url: string, who: keyof typeof accounts | null, payload?: object) =>
    t.app.inject({ method, url, ...(who ? { headers: as(who) } : {}), ...(payload ? { payload } : {}) });
  const decide = (id: string, who: keyof typeof accounts, body: object) =>
    inject('POST', `/api/editorial/submissions/${id}/decision`, who, body);
  const claim = (id: string, who: keyof typeof accounts) =>
    inject('POST', `/api/editorial/submissions/${id}/claim`, who);
  const statusOf = async (id: string) =>
    (await t.database.db.select().from(submissions).where(eq(submissions.id, id)))[0]!;
  /** The editorial decisions mailed to `email`, newest first. */
  const mailsTo = async (email: string) =>
    (
      await outboxMails(
        t.database.db,
        and(
          eq(sql`lower(${mailOutbox.to})`, email.toLowerCase()),
          eq(mailOutbox.template, 'editorial_decision'),
        ),
      )
    ).reverse();
  const list = async (url: string, payload: object = {}) => {
    const response = await t.app.inject({ method: 'POST', url, payload });
    expect(response.statusCode, response.body).toBe(200);
    return ProductPage.parse(response.json());
  };

  describe('roles', () => {
    const routes: ['GET' | 'POST', string, object?][] = [
      ['GET', '/api/editorial/queue'],
      ['GET', '/api/editorial/submissions/00000000-0000-4000-8000-000000000000'],
      ['POST', '/api/editorial/submissions/00000000-0000-4000-8000-000000000000/claim'],
      ['POST', '/api/editorial/submissions/00000000-0000-4000-8000-000000000000/release'],
      [
        'POST',
        '/api/editorial/submissions/00000000-0000-4000-8000-000000000000/decision',
        { decision: 'reject', comment: 'x' },
      ],
      ['POST', '/api/editorial/submissions/00000000-0000-4000-8000-000000000000/unpublish', { comment: 'x' }],
      ['GET', '/api/editorial/reports'],
      ['POST', '/api/editorial/reports/1/decision', { uphold: false, comment: 'x' }],
    ];
    it.each(routes)(
      '%s %s: guests 401, customers and authors 403, editors and admins admitted',
      async (method, url, body) => {
        expect((await inject(method, url, null, body)).statusCode).toBe(401);
        expect((await inject(method, url, 'customer', body)).statusCode).toBe(403);
        expect((await inject(method, url, 'author', body)).statusCode).toBe(403);
        for (const who of ['editor', 'admin'] as const) {
          const response = await inject(method, url, who, body);
          expect([200, 404], response.body).toContain(response.statusCode);
        }
      },
    );
  });

  describe('queue', () => {
    let ids: Record<'old' | 'mid' | 'recent' | 'english' | 'rejected', string>;
    beforeAll(async () => {
      // Far in the past so they lead the queue whatever other tests seed.
      const at = (day: number) => new Date(Date.UTC(2001, 0, day));
      ids = {
        recent: await seed({
          kind: 'file',
          section: 'professional',
          fields: proFields('Queue recent'),
          files: [await pdfFile(1, 'q1')],
          submittedAt: at(3),
        }),
        old: await seed({
          kind: 'file',
          section: 'professional',
          fields: proFields('Queue old', { fileType: 'excel' }),
          files: [
            {
              slot: 'file',
              bytes: new Uint8Array([1, 2, 3]),
              mime: 'application/vnd.ms-excel.sheet.macroEnabled.12',
              name: 'calc.xlsm',
              flags: ['macros', 'external_links'],
            },
          ],
          submittedAt: at(1),
        }),
        mid: await seed({
          kind: 'file',
          section: 'academic',
          fields: {
            title: 'Queue mid',
            description,
            language: 'fr',
            categoryId: cats.academic,
            fileType: 'pdf',
            rights: 'own_work',
            licence: 'cc_by',
            confidential: true,
          },
          files: [await pdfFile(1, 'q2')],
          submittedAt: at(2),
          status: 'in_review',
          claimedBy: undefined,
        }),
        english: await seed({
          author: 'authorEn',
          kind: 'book',
          section: 'book',
          fields: {
            title: 'Queue english',
            description,
            language: 'en',
            categoryId: cats.book,
            ebookPriceCents: 900,
          },
          files: [{ ...(await pdfFile(1, 'q3')), slot: 'manuscript' }],
          submittedAt: at(4),
        }),
        rejected: await seed({
          kind: 'file',
          section: 'professional',
          fields: proFields('Queue rejected'),
          files: [await pdfFile(1, 'q4')],
          submittedAt: at(5),
        }),
      };
      await t.database.db
        .update(submissions)
        .set({ status: 'rejected' })
        .where(eq(submissions.id, ids.rejected));
      await t.database.db
        .update(submissions)
        .set({ claimedBy: accounts.editor.id })
        .where(eq(submissions.id, ids.mid));
    });

    const queue = async (query = '', who: keyof typeof accounts = 'editor') => {
      const response = await inject('GET', `/api/editorial/queue${query}`, who);
      expect(response.statusCode, response.body).toBe(200);
      return QueuePage.parse(response.json());
    };
    const titles = (page: QueuePage) =>
      page.results.map((r) => r.title).filter((title) => title.startsWith('Queue'));

    it('lists the waiting submissions oldest first, with their flags, author and claim', async () => {
      const page = await queue();
      expect(titles(page)).toEqual(['Queue old', 'Queue mid', 'Queue recent', 'Queue english']);
      const old = page.results.find((r) => r.id === ids.old)!;
      expect(old.flags).toEqual(['external_links', 'macros']);
      expect(old.authorName).toBe('Amel author');
      expect(old.version).toBe(1);
      const mid = page.results.find((r) => r.id === ids.mid)!;
      expect(mid.flags).toEqual(['confidential']);
      expect(mid.claimedBy).toEqual({ id: accounts.editor.id, name: 'Sami editor' });
      expect(mid.status).toBe('in_review');
    });

    it('filters by section, kind, status, language and my claims', async () => {
      expect(titles(await queue('?section=academic'))).toEqual(['Queue mid']);
      expect(titles(await queue('?kind=book'))).toEqual(['Queue english']);
      expect(titles(await queue('?language=en'))).toEqual(['Queue english']);
      expect(titles(await queue('?status=rejected'))).toEqual(['Queue rejected']);
      expect(titles(await queue('?status=in_review'))).toEqual(['Queue mid']);
      expect(titles(await queue('?mine=true'))).toEqual(['Queue mid']);
      expect(titles(await queue('?mine=true', 'editor2'))).toEqual([]);
      const bad = await inject('GET', '/api/editorial/queue?section=nope', 'editor');
      expect(bad.statusCode).toBe(400);
    });

    it(
      'lets one of two editors claiming at once win; the other gets 409; an admin may take over',
      { tags: ['postgres'] },
      async () => {
        const [a, b] = await Promise.all([claim(ids.recent, 'editor'), claim(ids.recent, 'editor2')]);
        expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
        const winner = a.statusCode === 200 ? 'editor' : 'editor2';
        const loser = winner === 'editor' ? 'editor2' : 'editor';
        const review = ReviewSubmission.parse((a.statusCode === 200 ? a : b).json());
        expect(review.status).toBe('in_review');
        expect(review.claimedBy?.id).toBe(accounts[winner].id);
        expect((await claim(ids.recent, winner)).statusCode).toBe(200);
        expect(
          (await inject('POST', `/api/editorial/submissions/${ids.recent}/release`, loser)).statusCode,
        ).toBe(409);
        expect((await decide(ids.recent, loser, { decision: 'reject', comment: 'Non.' })).statusCode).toBe(
          409,
        );

        const taken = await claim(ids.recent, 'admin');
        expect(taken.statusCode).toBe(200);
        expect(ReviewSubmission.parse(taken.json()).claimedBy?.id).toBe(accounts.admin.id);
        const released = await inject('POST', `/api/editorial/submissions/${ids.recent}/release`, 'admin');
        expect(released.statusCode).toBe(200);
        expect(ReviewSubmission.parse(released.json())).toMatchObject({
          status: 'submitted',
          claimedBy: null,
        });
        expect(ReviewSubmission.parse(released.json()).events.map((e) => e.kind)).toEqual([
          'submitted',
          'claimed',
          'claimed',
          'claimed',
          'released',
        ]);
        expect((await claim(ids.rejected, 'editor')).statusCode).toBe(409);
        expect((await claim('00000000-0000-4000-8000-000000000000', 'editor')).statusCode).toBe(404);
      },
    );
  });

  describe('decisions', () => {
    it('asks for changes with a comment, e-mailed to the author in French with the link; then rejects a new version', async () => {
      const id = await seed({
        kind: 'file',
        section: 'professional',
        fields: proFields('Budget prévisionnel'),
        files: [await pdfFile(2, 'budget')],
      });
      // Not claimed yet: not in review.
      expect(
        (await decide(id, 'editor', { decision: 'request_changes', comment: 'Ajoutez un sommaire.' }))
          .statusCode,
      ).toBe(409);
      expect((await claim(id, 'editor')).statusCode).toBe(200);
      const noComment = await decide(id, 'editor', { decision: 'request_changes', comment: '  ' });
      expect(noComment.statusCode).toBe(400);
      expect(Object.keys(noComment.json().error.fields)).toEqual(['comment']);

      const response = await decide(id, 'editor', {
        decision: 'request_changes',
        comment: 'Ajoutez un sommaire.',
      });
      expect(response.statusCode, response.body).toBe(200);
      const review = ReviewSubmission.parse(response.json());
      expect(review.status).toBe('changes_requested');
      expect(review.claimedBy).toBeNull();
      expect(review.events.at(-1)).toMatchObject({
        kind: 'changes_requested',
        version: 1,
        comment: 'Ajoutez un sommaire.',
        actor: 'editor',
        actorName: 'Sami editor',
      });
      const [mail] = await mailsTo(accounts.author.email);
      expect(mail!.language).toBe('fr');
      expect(mail!.subject).toBe('Des modifications sont demandées pour «\u202fBudget prévisionnel\u202f»');
      expect(mail!.text).toContain('> Ajoutez un sommaire.');
      expect(mail!.text).toContain(`http://shop.test/author-product?id=${id}`);
      expect((await decide(id, 'editor', { decision: 'reject', comment: 'Encore ?' })).statusCode).toBe(409);

      // A second version, then a rejection: its changes list what differs.
      const fileIds = await storeFiles(id, [await pdfFile(3, 'budget-v2')]);
      const v2 = proFields('Budget prévisionnel 2030', { priceCents: 1800 });
      await t.database.db
        .insert(submissionVersions)
        .values({ submissionId: id, number: 2, fields: v2, fileIds });
      await t.database.db
        .update(submissions)
        .set({ status: 'submitted', versionCount: 2, working: v2, submittedAt: new Date() })
        .where(eq(submissions.id, id));
      const reviewed = ReviewSubmission.parse((await claim(id, 'editor2')).json());
      expect(reviewed.changes).toEqual([
        { field: 'title', before: 'Budget prévisionnel', after: 'Budget prévisionnel 2030' },
        { field: 'priceCents', before: '1500', after: '1800' },
        {
          field: 'file',
          before: expect.stringMatching(/^budget\.pdf \(\d+ (B|KB)\)$/),
          after: expect.stringMatching(/^budget-v2\.pdf \(/),
        },
      ]);
      expect(reviewed.author).toMatchObject({
        id: accounts.author.id,
        email: accounts.author.email,
        language: 'fr',
      });
      const rejected = await decide(id, 'editor2', {
        decision: 'reject',
        comment: 'Hors du périmètre du catalogue.',
      });
      expect(ReviewSubmission.parse(rejected.json()).status).toBe('rejected');
      expect(ReviewSubmission.parse(rejected.json()).events.at(-1)).toMatchObject({
        kind: 'rejected',
        version: 2,
      });
      const [rejection] = await mailsTo(accounts.author.email);
      expect(rejection!.subject).toBe('«\u202fBudget prévisionnel 2030\u202f» n’est pas retenu');
    });

    it('publishes a paid PDF: in the list and search at once, its detail with a served sample of SAMPLE_PAGES pages; republishes a new version in place', async () => {
      const cover = await sharp({ create: { width: 400, height: 600, channels: 3, background: '#336699' } })
        .webp()
        .toBuffer();
      const id = await seed({
        author: 'authorEn',
        kind: 'file',
        section: 'professional',
        fields: proFields('Zygomorphic treasury planner', { language: 'en' }),
        files: [
          { slot: 'cover', bytes: cover, mime: 'image/webp', name: 'cover.webp', width: 400, height: 600 },
          await pdfFile(SAMPLE_PAGES + 4, 'planner'),
        ],
      });
      await claim(id, 'editor');
      // Warm the caches: the publication must empty them.
      expect((await list('/api/category/filter/pro', { search: 'zygomorphic' })).results).toHaveLength(0);
      const response = await decide(id, 'editor', {
        decision: 'publish',
        comment: 'Welcome to the catalogue.',
        priceCents: 2000,
        discountPercent: 10,
        categoryId: cats.proOther,
      });
      expect(response.statusCode, response.body).toBe(200);
      const review = ReviewSubmission.parse(response.json());
      expect(review.status).toBe('published');
      const productId = review.productId!;
      expect(productId).toBeGreaterThan(0);

      const found = await list('/api/category/filter/pro', { search: 'zygomorphic' });
      expect(found.results.map((r) => r.id)).toEqual([productId]);
      expect(found.results[0]!.price).toEqual({
        priceCents: 2000,
        discountPercent: 10,
        finalPriceCents: 1800,
      });
      expect(found.results[0]!.category.id).toBe(cats.proOther);
      expect(found.results[0]!.subcategory).toBeNull();
      expect(found.results[0]!.coverUrl).toMatch(/^\/api\/media\/covers\//);
      expect((await t.app.inject({ url: found.results[0]!.coverUrl })).statusCode).toBe(200);

      const detail = FileDetail.parse(
        (await t.app.inject({ url: `/api/category/file/${productId}` })).json(),
      );
      expect(detail.sampleUrl).toMatch(/^\/api\/media\/samples\//);
      expect(detail.licence).toBeNull();
      const sample = await t.app.inject({ url: detail.sampleUrl! });
      expect(sample.statusCode).toBe(200);
      expect(sample.headers['content-type']).toBe('application/pdf');
      expect(sample.headers['content-disposition']).toMatch(/^inline/);
      expect((await PDFDocument.load(sample.rawPayload)).getPageCount()).toBe(SAMPLE_PAGES);
      const asset = await t.app.catalog.assets.forProduct(productId);
      expect(asset).toMatchObject({ fileType: 'pdf', originalName: 'planner.pdf', pages: SAMPLE_PAGES + 4 });

      const [mail] = await mailsTo(accounts.authorEn.email);
      expect(mail!.language).toBe('en');
      expect(mail!.subject).toBe('“Zygomorphic treasury planner” is published');
      expect(mail!.text).toContain('> Welcome to the catalogue.');
      expect(mail!.text).toContain(`http://shop.test/prodoc/${productId}`);
      // In the sitemap at once (a few products here: one sitemap, not an index).
      const sitemap = await t.app.inject({ url: '/sitemap.xml' });
      expect(sitemap.statusCode).toBe(200);
      expect(sitemap.body).not.toContain('<sitemapindex');
      expect(sitemap.body).toContain(`/prodoc/${productId}`);

      // A second version under review, then published again: the same product, replaced.
      const fileIds = await storeFiles(id, [await pdfFile(2, 'planner-v2')]);
      const v2 = proFields('Zygomorphic treasury planner, second edition', { language: 'en' });
      await t.database.db
        .insert(submissionVersions)
        .values({ submissionId: id, number: 2, fields: v2, fileIds });
      await t.database.db
        .update(submissions)
        .set({ status: 'submitted', versionCount: 2, working: v2 })
        .where(eq(submissions.id, id));
      await claim(id, 'editor2');
      const again = await decide(id, 'editor2', { decision: 'publish', comment: 'Updated.' });
      expect(again.statusCode, again.body).toBe(200);
      expect(ReviewSubmission.parse(again.json()).productId).toBe(productId);
      const updated = FileDetail.parse(
        (await t.app.inject({ url: `/api/category/file/${productId}` })).json(),
      );
      expect(updated.title).toBe('Zygomorphic treasury planner, second edition');
      expect(updated.price.priceCents).toBe(1500);
      expect(updated.coverUrl).toMatch(/\.svg$/);
      expect(updated.pages).toBe(2);
      const resample = await t.app.inject({ url: updated.sampleUrl! });
      expect((await PDFDocument.load(resample.rawPayload)).getPageCount()).toBe(2);
      const titles = (await list('/api/category/filter/pro', { search: 'zygomorphic' })).results.map(
        (r) => r.title,
      );
      expect(titles).toEqual(['Zygomorphic treasury planner, second edition']);
    });

    it('refuses to publish a paper edition without its copies in stock, then publishes it with them', async () => {
      const id = await seed({
        kind: 'book',
        section: 'book',
        fields: {
          title: 'Quiscale des marais',
          description,
          language: 'fr',
          categoryId: cats.book,
          paperPriceCents: 2200,
          ebookPriceCents: 900,
          pages: 90,
        },
        files: [{ ...(await pdfFile(2, 'quiscale')), slot: 'manuscript' }],
      });
      await claim(id, 'editor');
      // The paper price given in the body: the contract asks for the stock with it.
      const withPrice = await decide(id, 'editor', {
        decision: 'publish',
        comment: 'OK.',
        paperPriceCents: 2500,
      });
      expect(withPrice.statusCode).toBe(400);
      expect(withPrice.json().error.fields).toEqual({
        stock: 'Saisissez les exemplaires en stock, 0 s’il n’y en a pas encore.',
      });
      // The author's paper price kept: the publication asks for it too.
      const proposed = await decide(id, 'editor', { decision: 'publish', comment: 'OK.' });
      expect(proposed.statusCode).toBe(400);
      expect(proposed.json().error.fields).toEqual({
        stock: 'Saisissez les exemplaires en stock, 0 s’il n’y en a pas encore.',
      });
      expect((await statusOf(id)).status).toBe('in_review');

      const response = await decide(id, 'editor', {
        decision: 'publish',
        comment: 'OK.',
        paperPriceCents: 2500,
        stock: 0,
      });
      expect(response.statusCode, response.body).toBe(200);
      const productId = ReviewSubmission.parse(response.json()).productId!;
      const detail = BookDetail.parse((await t.app.inject({ url: `/api/books/list/${productId}` })).json());
      expect(detail.editions.map((e) => [e.format, e.price.priceCents, e.stock, e.inStock])).toEqual([
        ['paper', 2500, 0, false],
        ['ebook', 900, null, true],
      ]);
    });

    it('publishes an ebook-only book without asking for stock', async () => {
      const id = await seed({
        kind: 'book',
        section: 'book',
        fields: {
          title: 'Rhinolophe numérique',
          description,
          language: 'fr',
          categoryId: cats.book,
          ebookPriceCents: 800,
          pages: 40,
        },
        files: [{ ...(await pdfFile(2, 'rhinolophe')), slot: 'manuscript' }],
      });
      await claim(id, 'editor');
      const response = await decide(id, 'editor', { decision: 'publish', comment: 'OK.' });
      expect(response.statusCode, response.body).toBe(200);
    });

    it('publishes a book with a drawn cover and its manuscript as the ebook', async () => {
      const id = await seed({
        kind: 'book',
        section: 'book',
        fields: {
          title: 'Xylophage des sables',
          description,
          language: 'fr',
          categoryId: cats.book,
          paperPriceCents: 2400,
          ebookPriceCents: 1200,
          isbn: '9782070612758',
          pages: 120,
        },
        files: [{ ...(await pdfFile(SAMPLE_PAGES + 1, 'roman')), slot: 'manuscript' }],
      });
      await claim(id, 'admin');
      const response = await decide(id, 'admin', { decision: 'publish', comment: 'Bravo.', stock: 7 });
      expect(response.statusCode, response.body).toBe(200);
      const productId = ReviewSubmission.parse(response.json()).productId!;
      const found = await list('/api/books/filter/book', { search: 'xylophage' });
      expect(found.results.map((r) => r.id)).toEqual([productId]);
      const detail = BookDetail.parse((await t.app.inject({ url: `/api/books/list/${productId}` })).json());
      expect(detail.editions.map((e) => [e.format, e.price.priceCents, e.stock])).toEqual([
        ['paper', 2400, 7],
        ['ebook', 1200, null],
      ]);
      expect(detail.coverUrl).toMatch(/^\/api\/media\/covers\/.*\.svg$/);
      const cover = await t.app.inject({ url: detail.coverUrl });
      expect(cover.statusCode).toBe(200);
      expect(cover.body).toContain('Xylophage des sables');
      expect(detail.sampleUrl).toMatch(/^\/api\/media\/samples\//);
      const offers = await t.app.catalog.sales.offers([productId]);
      expect(
        offers
          .get(productId)!
          .offers.map((o) => o.format)
          .sort(),
      ).toEqual(['ebook', 'paper']);
    });

    it('tells the editor the paper copies in stock of a book already published, which a new version starts from', async () => {
      const id = await seed({
        kind: 'book',
        section: 'book',
        fields: {
          title: 'Ornithorynque des marais',
          description,
          language: 'fr',
          categoryId: cats.book,
          paperPriceCents: 2100,
          pages: 90,
        },
        files: [{ ...(await pdfFile(2, 'ornithorynque')), slot: 'manuscript' }],
      });
      await claim(id, 'editor');
      const before = await inject('GET', `/api/editorial/submissions/${id}`, 'editor');
      expect(before.statusCode, before.body).toBe(200);
      expect(ReviewSubmission.parse(before.json()).paperStock).toBeNull();

      const published = await decide(id, 'editor', { decision: 'publish', comment: 'Bien.', stock: 9 });
      expect(published.statusCode, published.body).toBe(200);
      expect(ReviewSubmission.parse(published.json()).paperStock).toBe(9);

      // Copies sold or counted since: the read follows the catalogue.
      const [paper] = await t.database.db
        .select({ id: bookEditions.id })
        .from(bookEditions)
        .where(eq(bookEditions.productId, ReviewSubmission.parse(published.json()).productId!));
      const counted = await inject('POST', `/api/admin/stock/${paper!.id}`, 'editor', {
        stock: 4,
        reason: 'count',
      });
      expect(counted.statusCode, counted.body).toBe(200);
      const after = await inject('GET', `/api/editorial/submissions/${id}`, 'editor');
      expect(ReviewSubmission.parse(after.json()).paperStock).toBe(4);
    });

    it('publishes a confidential academic report only once confidentiality was checked, with its licence', async () => {
      const id = await seed({
        kind: 'file',
        section: 'academic',
        fields: {
          title: 'Rapport de stage quokka',
          description,
          language: 'fr',
          categoryId: cats.academic,
          fileType: 'pdf',
          rights: 'own_work',
          licence: 'cc_by_nc',
          confidential: true,
        },
        files: [await pdfFile(SAMPLE_PAGES + 2, 'rapport')],
      });
      await claim(id, 'editor');
      const refused = await decide(id, 'editor', { decision: 'publish', comment: 'OK.' });
      expect(refused.statusCode).toBe(400);
      expect(Object.keys(refused.json().error.fields)).toEqual(['confidentialityChecked']);
      expect((await statusOf(id)).status).toBe('in_review');
      const response = await decide(id, 'editor', {
        decision: 'publish',
        comment: 'Confidentialité vérifiée.',
        confidentialityChecked: true,
      });
      expect(response.statusCode, response.body).toBe(200);
      const productId = ReviewSubmission.parse(response.json()).productId!;
      const detail = FileDetail.parse(
        (await t.app.inject({ url: `/api/category/file/${productId}` })).json(),
      );
      expect(detail.licence).toBe('cc_by_nc');
      // Free: no sample.
      expect(detail.sampleUrl).toBeNull();
      expect(detail.price.finalPriceCents).toBe(0);
    });

    it('unpublishes a published submission: product archived, author told', async () => {
      const id = await seed({
        kind: 'file',
        section: 'professional',
        fields: proFields('Tableau quinconce'),
        files: [await pdfFile(1, 'quinconce')],
      });
      expect(
        (await inject('POST', `/api/editorial/submissions/${id}/unpublish`, 'editor', { comment: 'Non.' }))
          .statusCode,
      ).toBe(409);
      await claim(id, 'editor');
      const productId = ReviewSubmission.parse(
        (await decide(id, 'editor', { decision: 'publish', comment: 'Oui.' })).json(),
      ).productId!;
      await t.database.db
        .update(submissions)
        .set({ unpublishRequestedAt: new Date() })
        .where(eq(submissions.id, id));
      const response = await inject('POST', `/api/editorial/submissions/${id}/unpublish`, 'editor', {
        comment: 'À la demande de l’auteur.',
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(ReviewSubmission.parse(response.json())).toMatchObject({
        status: 'archived',
        unpublishRequested: false,
      });
      expect((await t.app.inject({ url: `/api/category/file/${productId}` })).statusCode).toBe(404);
      expect((await list('/api/category/filter/pro', { search: 'quinconce' })).results).toHaveLength(0);
      const [mail] = await mailsTo(accounts.author.email);
      expect(mail!.subject).toBe('«\u202fTableau quinconce\u202f» n’est plus publié');
    });
  });

  describe('reports', () => {
    let submissionId: string;
    let productId: number;
    beforeAll(async () => {
      submissionId = await seed({
        author: 'authorEn',
        kind: 'file',
        section: 'academic',
        fields: {
          title: 'Thesis on wombat burrows',
          description,
          language: 'en',
          categoryId: cats.academic,
          fileType: 'pdf',
          rights: 'with_consent',
          licence: 'cc_by',
        },
        files: [await pdfFile(1, 'wombat')],
      });
      await claim(submissionId, 'editor');
      const published = await decide(submissionId, 'editor', { decision: 'publish', comment: 'Published.' });
      productId = ReviewSubmission.parse(published.json()).productId!;
    });

    const report = (payload: object, who: keyof typeof accounts | null = null) =>
      inject('POST', '/api/reports', who, payload);
    const details = 'This chapter copies my own thesis word for word.';

    it('takes reports of published documents from visitors with an e-mail and from logged-in users', async () => {
      const noEmail = await report({ productId, reason: 'plagiarism', details });
      expect(noEmail.statusCode).toBe(400);
      expect(Object.keys(noEmail.json().error.fields)).toEqual(['email']);
      expect((await report({ productId, reason: 'plagiarism', details: 'short' })).statusCode).toBe(400);
      expect(
        (await report({ productId: 99_999_999, reason: 'plagiarism', details, email: 'a@b.test' }))
          .statusCode,
      ).toBe(404);

      const guest = await report({ productId, reason: 'plagiarism', details, email: 'victim@example.test' });
      expect(guest.statusCode, guest.body).toBe(201);
      expect(guest.headers['x-ratelimit-limit']).toBe('50');
      const customer = await report({ productId, reason: 'copyright', details }, 'customer');
      expect(customer.statusCode, customer.body).toBe(201);
      const [row] = await t.database.db
        .select()
        .from(documentReports)
        .where(eq(documentReports.id, customer.json().id));
      expect(row).toMatchObject({
        reporterUserId: accounts.customer.id,
        reporterEmail: accounts.customer.email,
        status: 'open',
      });

      const page = ReportPage.parse(
        (await inject('GET', '/api/editorial/reports?status=open', 'editor')).json(),
      );
      const mine = page.results.filter((r) => r.productId === productId);
      expect(mine.map((r) => r.reason)).toEqual(['copyright', 'plagiarism']);
      expect(mine[0]).toMatchObject({
        productTitle: 'Thesis on wombat burrows',
        section: 'academic',
        submissionId,
      });
      const queue = QueuePage.parse(
        (await inject('GET', '/api/editorial/queue?status=published', 'editor')).json(),
      );
      expect(queue.results.find((r) => r.id === submissionId)?.openReports).toBe(2);
      expect(queue.openReports).toBeGreaterThanOrEqual(2);
      const review = ReviewSubmission.parse(
        (await inject('GET', `/api/editorial/submissions/${submissionId}`, 'editor')).json(),
      );
      expect(review.reports).toHaveLength(2);
    });

    it('dismisses a report, and upholds one: the product leaves the lists, the submission is archived, the author told', async () => {
      const first = (await report({ productId, reason: 'other', details }, 'customer')).json().id as number;
      const dismissed = await inject('POST', `/api/editorial/reports/${first}/decision`, 'editor', {
        uphold: false,
        comment: 'Nothing wrong.',
      });
      expect(dismissed.statusCode, dismissed.body).toBe(200);
      expect(Report.parse(dismissed.json())).toMatchObject({
        status: 'dismissed',
        decisionComment: 'Nothing wrong.',
      });
      expect(
        (
          await inject('POST', `/api/editorial/reports/${first}/decision`, 'editor', {
            uphold: true,
            comment: 'x',
          })
        ).statusCode,
      ).toBe(409);
      expect((await list('/api/category/filter/student', { search: 'wombat' })).results).toHaveLength(1);

      const second = (
        await report({ productId, reason: 'copyright', details, email: 'owner@example.test' })
      ).json().id as number;
      const upheld = await inject('POST', `/api/editorial/reports/${second}/decision`, 'editor2', {
        uphold: true,
        comment: 'The copyright holder proved it.',
      });
      expect(upheld.statusCode, upheld.body).toBe(200);
      expect(Report.parse(upheld.json()).status).toBe('upheld');
      expect((await list('/api/category/filter/student', { search: 'wombat' })).results).toHaveLength(0);
      expect((await t.app.inject({ url: `/api/category/file/${productId}` })).statusCode).toBe(404);
      const [product] = await t.database.db
        .select({ status: products.status })
        .from(products)
        .where(eq(products.id, productId));
      expect(product!.status).toBe('archived');
      const submission = await statusOf(submissionId);
      expect(submission.status).toBe('archived');
      const [event] = await t.database.db
        .select()
        .from(submissionEvents)
        .where(eq(submissionEvents.submissionId, submissionId))
        .orderBy(desc(submissionEvents.id))
        .limit(1);
      expect(event).toMatchObject({
        kind: 'report_upheld',
        comment: 'The copyright holder proved it.',
        actorUserId: accounts.editor2.id,
      });
      const [mail] = await mailsTo(accounts.authorEn.email);
      expect(mail!.language).toBe('en');
      expect(mail!.subject).toBe('“Thesis on wombat burrows” was removed after a report');
      expect(mail!.text).toContain('> The copyright holder proved it.');
      // Every open report of it is closed; a report of an unpublished product is refused.
      const open = await t.database.db
        .select()
        .from(documentReports)
        .where(and(eq(documentReports.productId, productId), eq(documentReports.status, 'open')));
      expect(open).toHaveLength(0);
      expect((await report({ productId, reason: 'other', details, email: 'a@b.test' })).statusCode).toBe(404);
    });
  });
});
