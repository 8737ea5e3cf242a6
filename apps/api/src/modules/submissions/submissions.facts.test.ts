import { createHash } from 'node:crypto';
import { PDFDocument, StandardFonts } from '@cantoo/pdf-lib';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { BookDetail, FileDetail, ReviewSubmission, Submission } from '@hls/contract';
import { staff, type Customer } from '../../../test/checkout-fixtures.ts';
import { bearer, login, registerUser, useApp } from '../../../test/helper.ts';
import { submissionEvents, submissionFiles, submissions, submissionVersions } from '../../db/schema.ts';
import type { StoredFields } from './submissions.tables.ts';

/** The facts an author gives with a proposal reach the editors, then the product page once published. */
describe('facts of a proposal', () => {
  const t = useApp();
  let authorA: Customer;
  let authorB: Customer;
  let editor: Customer;
  const cats = {} as Record<'book' | 'pro', number>;

  async function author(firstName: string): Promise<Customer> {
    const registered = await registerUser(t.app, { firstName, lastName: 'Haddad' }, 'author');
    const { access } = await login(t.app, registered.email, registered.password);
    return {
      id: registered.user.id,
      email: registered.email,
      access,
      headers: { ...bearer(access), 'accept-language': 'en' },
    };
  }
  const expectStatus = (response: LightMyRequestResponse, status: number) =>
    expect(response.statusCode, response.body).toBe(status);
  const fieldErrors = (response: LightMyRequestResponse) =>
    (response.json() as { error: { fields?: Record<string, string> } }).error.fields;
  /** The English field messages of the codes these tests expect. */
  const messages = {
    'twin.invalid': 'Choose one of your published products of the same kind, in the other language.',
    'date.future': 'Give a date that is not in the future.',
    'date.invalid': 'Enter a valid date.',
    'software.duplicate': 'List each program once.',
    'count.invalid': 'Enter a whole number between 1 and 10,000.',
  };

  async function pdf(pages: number): Promise<Uint8Array> {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    for (let i = 1; i <= pages; i += 1)
      doc.addPage([300, 400]).drawText(`Page ${i}`, { x: 20, y: 360, font });
    return doc.save();
  }

  /** A proposal as its author sent it (version 1, submitted), its main file stored with the given flags. */
  async function seed(
    who: Customer,
    kind: 'book' | 'file',
    fields: StoredFields,
    file: { mime: string; name: string; bytes: Uint8Array; pages?: number; flags?: string[] },
  ): Promise<string> {
    const section = kind === 'book' ? 'book' : 'professional';
    const [row] = await t.database.db
      .insert(submissions)
      .values({
        authorId: who.id,
        kind,
        section,
        status: 'submitted',
        working: fields,
        versionCount: 1,
        submittedAt: new Date(),
      })
      .returning({ id: submissions.id });
    const id = row!.id;
    const key = `submissions/${id}/${createHash('sha256').update(file.bytes).digest('hex').slice(0, 16)}`;
    const stored = await t.app.storage.putObject(key, file.bytes, file.mime);
    const [inserted] = await t.database.db
      .insert(submissionFiles)
      .values({
        submissionId: id,
        slot: kind === 'book' ? 'manuscript' : 'file',
        storageKey: stored.key,
        originalName: file.name,
        mime: file.mime,
        sizeBytes: stored.sizeBytes,
        sha256: stored.sha256,
        pages: file.pages ?? null,
        flags: file.flags ?? [],
      })
      .returning({ id: submissionFiles.id });
    await t.database.db
      .insert(submissionVersions)
      .values({ submissionId: id, number: 1, fields, fileIds: [inserted!.id] });
    await t.database.db
      .insert(submissionEvents)
      .values({ submissionId: id, kind: 'submitted', version: 1, actor: 'author', actorUserId: who.id });
    return id;
  }

  /** An editor claims the proposal and publishes it: the catalogue product's id. */
  async function publish(id: string): Promise<number> {
    expectStatus(
      await t.app.inject({
        method: 'POST',
        url: `/api/editorial/submissions/${id}/claim`,
        headers: editor.headers,
      }),
      200,
    );
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/editorial/submissions/${id}/decision`,
      headers: editor.headers,
      payload: { decision: 'publish', comment: 'Publié.', stock: 10 },
    });
    expectStatus(response, 200);
    return ReviewSubmission.parse(response.json()).productId!;
  }

  const bookFields = (extra: StoredFields): StoredFields => ({
    title: 'Gestion financière',
    description: 'Un manuel complet de gestion financière pour les étudiants et les praticiens.',
    language: 'fr',
    categoryId: cats.book,
    paperPriceCents: 2900,
    ...extra,
  });
  let frenchBookId: number;

  beforeAll(async () => {
    authorA = await author('Leila');
    authorB = await author('Youssef');
    editor = await staff(t.app, 'editor');
    const w = t.app.catalog.writes;
    const slug = () => `f${Math.random().toString(36).slice(2, 10)}`;
    cats.book = (
      await w.createCategory({ section: 'book', slug: slug(), nameFr: 'Gestion', nameEn: 'Management' })
    ).id;
    cats.pro = (
      await w.createCategory({ section: 'professional', slug: slug(), nameFr: 'Outils', nameEn: 'Tools' })
    ).id;
    const id = await seed(
      authorA,
      'book',
      bookFields({ publisher: 'Éditions du Jasmin', publicationDate: '2024-03-18' }),
      { mime: 'application/pdf', name: 'gestion.pdf', bytes: await pdf(3), pages: 3 },
    );
    frenchBookId = await publish(id);
  });

  it('publishes a book with the publisher and publication date its author gave', async () => {
    const page = BookDetail.parse(
      (await t.app.inject({ method: 'GET', url: `/api/books/list/${frenchBookId}` })).json(),
    );
    expect(page.publisher).toBe('Éditions du Jasmin');
    expect(page.publicationDate).toBe('2024-03-18');
  });

  it('publishes a file with its contents, software, usage licence and the macros its upload holds', async () => {
    const id = await seed(
      authorA,
      'file',
      {
        title: 'Budget prévisionnel',
        description: 'Un classeur de budget prévisionnel avec ses formules et ses graphiques.',
        language: 'fr',
        categoryId: cats.pro,
        fileType: 'excel',
        priceCents: 1900,
        sheets: 4,
        software: [
          { app: 'excel', version: '2016' },
          { app: 'excel_mac', version: '16' },
        ],
        usage: 'commercial',
      },
      {
        mime: 'application/vnd.ms-excel.sheet.macroEnabled.12',
        name: 'budget.xlsm',
        bytes: new TextEncoder().encode('a workbook'),
        flags: ['macros'],
      },
    );
    const review = ReviewSubmission.parse(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/editorial/submissions/${id}`,
          headers: editor.headers,
        })
      ).json(),
    );
    expect(review.working).toMatchObject({
      sheets: 4,
      usage: 'commercial',
      software: [{ app: 'excel' }, { app: 'excel_mac' }],
    });

    const productId = await publish(id);
    const page = FileDetail.parse(
      (await t.app.inject({ method: 'GET', url: `/api/category/file/${productId}` })).json(),
    );
    expect(page).toMatchObject({
      sheets: 4,
      usage: 'commercial',
      macros: true,
      software: [
        { app: 'excel', version: '2016' },
        { app: 'excel_mac', version: '16' },
      ],
    });
  });

  it('links an English book to its French twin when published, each page offering the other', async () => {
    const id = await seed(
      authorA,
      'book',
      bookFields({ title: 'Financial management', language: 'en', twinProductId: frenchBookId }),
      { mime: 'application/pdf', name: 'finance.pdf', bytes: await pdf(2), pages: 2 },
    );
    const englishId = await publish(id);
    const french = BookDetail.parse(
      (await t.app.inject({ method: 'GET', url: `/api/books/list/${frenchBookId}` })).json(),
    );
    expect(french.twin).toMatchObject({ id: englishId, language: 'en', title: 'Financial management' });
  });

  it('takes the facts in a draft and a multipart proposal, lists sent as JSON text', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/submissions',
      headers: authorA.headers,
      payload: {
        kind: 'file',
        section: 'professional',
        title: 'Kit Power BI',
        slides: 12,
        archiveParts: ['csv_data', 'pdf_guide'],
        software: [{ app: 'powerbi_desktop' }],
      },
    });
    expectStatus(created, 201);
    expect(Submission.parse(created.json()).working).toMatchObject({
      slides: 12,
      archiveParts: ['csv_data', 'pdf_guide'],
      software: [{ app: 'powerbi_desktop', version: null }],
    });
  });

  it("refuses a twin that is not the author's own published product of the same kind in the other language", async () => {
    const draft = async (who: Customer, payload: Record<string, unknown>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/submissions',
        headers: who.headers,
        payload: { kind: 'book', title: 'Twin', ...payload },
      });
    // Another author's book, a book in the same language, a product that does not exist.
    for (const [who, payload] of [
      [authorB, { language: 'en', twinProductId: frenchBookId }],
      [authorA, { language: 'fr', twinProductId: frenchBookId }],
      [authorA, { language: 'en', twinProductId: 999_999 }],
    ] as const) {
      const response = await draft(who, payload);
      expectStatus(response, 400);
      expect(fieldErrors(response)).toEqual({ twinProductId: messages['twin.invalid'] });
    }
    expectStatus(await draft(authorA, { language: 'en', twinProductId: frenchBookId }), 201);
  });

  it('refuses a publication date in the future, a malformed one and software named twice', async () => {
    const tomorrowPlus = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    for (const [payload, field, code] of [
      [{ kind: 'book', publicationDate: tomorrowPlus }, 'publicationDate', 'date.future'],
      [{ kind: 'book', publicationDate: '2024-02-31' }, 'publicationDate', 'date.invalid'],
      [
        {
          kind: 'file',
          section: 'professional',
          software: [{ app: 'excel' }, { app: 'excel', version: '365' }],
        },
        'software',
        'software.duplicate',
      ],
      [{ kind: 'file', section: 'professional', sheets: 0 }, 'sheets', 'count.invalid'],
    ] as const) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/submissions',
        headers: authorA.headers,
        payload,
      });
      expectStatus(response, 400);
      expect(fieldErrors(response)?.[field]).toBe(messages[code]);
    }
  });
});
