import { readdirSync } from 'node:fs';
import path from 'node:path';
import { PDFDocument, StandardFonts } from '@cantoo/pdf-lib';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AuthorProductList, PriceQuote, Submission } from '@hls/contract';
import { customer, openShop, staff, type Customer } from '../../../test/checkout-fixtures.ts';
import { bearer, login, registerUser, useApp } from '../../../test/helper.ts';
import { buy } from '../../../test/royalty-fixtures.ts';
import { submissionEvents, submissionFiles, submissions } from '../../db/schema.ts';
import { isValidIsbn } from './submissions.author.rules.ts';
import { quotePrice } from './submissions.calculator.ts';

const t = useApp();

type Part = { name: string; value: string } | { name: string; bytes: Uint8Array; filename: string };

/** A real multipart/form-data body, as a browser's FormData sends it. */
async function multipart(parts: Part[]) {
  const form = new FormData();
  for (const part of parts) {
    if ('value' in part) form.append(part.name, part.value);
    else form.append(part.name, new Blob([Buffer.from(part.bytes)]), part.filename);
  }
  const request = new Request('http://x', { method: 'POST', body: form });
  return {
    headers: { 'content-type': request.headers.get('content-type')! },
    payload: Buffer.from(await request.arrayBuffer()),
  };
}

async function send(
  method: 'POST' | 'PUT',
  url: string,
  headers: Record<string, string>,
  parts: Part[],
): Promise<LightMyRequestResponse> {
  const body = await multipart(parts);
  return t.app.inject({ method, url, headers: { ...headers, ...body.headers }, payload: body.payload });
}

async function pdf(pages = 3, text = 'Mémoire de stage'): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let i = 0; i < pages; i += 1) {
    doc.addPage([595, 842]).drawText(`${text} ${i + 1}`, { x: 60, y: 760, size: 14, font });
  }
  return doc.save();
}

const png = () =>
  sharp({ create: { width: 600, height: 900, channels: 3, background: '#2a6f97' } })
    .png()
    .toBuffer();

async function author(firstName = 'Amira'): Promise<Customer> {
  const registered = await registerUser(t.app, { firstName, lastName: 'Ben Salah' }, 'author');
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

const fieldsOf = (response: LightMyRequestResponse) =>
  Object.keys((response.json() as { error: { fields?: Record<string, string> } }).error.fields ?? {}).sort();

let sequence = 0;
type Categories = {
  novels: number;
  poetry: number;
  poetrySub: number;
  novelsSub: number;
  internships: number;
  internshipsSub: number;
  finance: number;
};
let cats: Categories;
let authorA: Customer;
let authorB: Customer;
let buyer: Customer;
let editor: Customer;
let admin: Customer;

beforeAll(async () => {
  sequence += 1;
  const n = `${process.pid}-${sequence}`;
  const w = t.app.catalog.writes;
  const category = (section: 'book' | 'academic' | 'professional', slug: string, parentId?: number) =>
    w.createCategory({
      section,
      slug: `proposals-${slug}-${n}`,
      nameFr: slug,
      nameEn: slug,
      parentId: parentId ?? null,
    });
  const novels = await category('book', 'romans');
  const poetry = await category('book', 'poesie');
  const internships = await category('academic', 'stages');
  cats = {
    novels: novels.id,
    poetry: poetry.id,
    novelsSub: (await category('book', 'policiers', novels.id)).id,
    poetrySub: (await category('book', 'haiku', poetry.id)).id,
    internships: internships.id,
    internshipsSub: (await category('academic', 'rapports', internships.id)).id,
    finance: (await category('professional', 'finance')).id,
  };
  [authorA, authorB, buyer, editor, admin] = await Promise.all([
    author('Amira'),
    author('Brahim'),
    customer(t.app),
    staff(t.app, 'editor'),
    staff(t.app, 'admin'),
  ]);
});

const bookFields = () => [
  { name: 'title', value: 'Le jardin des oliviers' },
  { name: 'description', value: 'Un roman sur trois générations d’oléiculteurs du Sahel tunisien.' },
  { name: 'language', value: 'fr' },
  { name: 'categoryId', value: String(cats.novels) },
  { name: 'subcategoryId', value: String(cats.novelsSub) },
  { name: 'paperPriceCents', value: '2200' },
  { name: 'ebookPriceCents', value: '990' },
  { name: 'isbn', value: '978-2-07-036822-8' },
];

const academicFields = () => [
  { name: 'section', value: 'academic' },
  { name: 'title', value: 'Rapport de stage — audit interne' },
  { name: 'description', value: 'Un rapport de stage de fin d’études sur l’audit interne d’une PME.' },
  { name: 'language', value: 'fr' },
  { name: 'categoryId', value: String(cats.internships) },
  { name: 'subcategoryId', value: String(cats.internshipsSub) },
  { name: 'fileType', value: 'pdf' },
  { name: 'rights', value: 'own_work' },
  { name: 'licence', value: 'cc_by' },
];

async function proposeBook(who: Customer): Promise<Submission> {
  const response = await send('POST', '/api/books/add', who.headers, [
    ...bookFields(),
    { name: 'cover', bytes: await png(), filename: 'couverture.png' },
    { name: 'manuscript', bytes: await pdf(), filename: 'Le jardin.pdf' },
  ]);
  expectStatus(response, 201);
  return response.json<Submission>();
}

async function draft(who: Customer, payload: Record<string, unknown>): Promise<Submission> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/submissions',
    headers: who.headers,
    payload,
  });
  expectStatus(response, 201);
  return response.json<Submission>();
}

const rowOf = async (id: string) =>
  (await t.database.db.select().from(submissions).where(eq(submissions.id, id)))[0]!;
const filesOf = (id: string) =>
  t.database.db.select().from(submissionFiles).where(eq(submissionFiles.submissionId, id));
/** Every stored object below submissions/ (the refused requests must leave none behind). */
function objectsOnDisk(): string[] {
  const objects = path.join(t.config.storageDir, 'objects');
  try {
    return readdirSync(path.join(objects, 'submissions'), { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(objects, path.join(entry.parentPath, entry.name)))
      .sort();
  } catch {
    return [];
  }
}
const stored = async (key: string) => (await t.app.storage.stat(key)) !== undefined;

/** Sets a status as an editor's decision would (with its history line). */
async function decide(id: string, status: 'changes_requested' | 'published', comment: string) {
  await t.database.db.update(submissions).set({ status }).where(eq(submissions.id, id));
  await t.database.db.insert(submissionEvents).values({
    submissionId: id,
    kind: status,
    actor: 'editor',
    actorUserId: editor.id,
    comment,
    version: (await rowOf(id)).versionCount,
  });
}

describe('who may use the author routes', () => {
  it('answers 401 to guests and 403 to customers, editors and admins on every author route', async () => {
    const id = (await draft(authorA, { kind: 'book', title: 'Brouillon' })).id;
    const routes: { method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE'; url: string }[] = [
      { method: 'POST', url: '/api/submissions' },
      { method: 'GET', url: `/api/submissions/${id}` },
      { method: 'PATCH', url: `/api/submissions/${id}` },
      { method: 'DELETE', url: `/api/submissions/${id}` },
      { method: 'PUT', url: `/api/submissions/${id}/files/cover` },
      { method: 'DELETE', url: `/api/submissions/${id}/files/cover` },
      { method: 'POST', url: `/api/submissions/${id}/resubmit` },
      { method: 'POST', url: `/api/submissions/${id}/withdraw` },
      { method: 'POST', url: `/api/submissions/${id}/unpublish-request` },
      { method: 'POST', url: '/api/books/add' },
      { method: 'POST', url: '/api/category/file/create' },
      { method: 'GET', url: '/api/books/author' },
      { method: 'GET', url: '/api/category/author' },
    ];
    for (const route of routes) {
      const guest = await t.app.inject({ ...route, payload: {} });
      expect(guest.statusCode, `${route.method} ${route.url}`).toBe(401);
      for (const who of [buyer, editor, admin]) {
        const refused = await t.app.inject({ ...route, headers: who.headers, payload: {} });
        expect(refused.statusCode, `${route.method} ${route.url}`).toBe(403);
      }
    }
    expect((await rowOf(id)).status).toBe('draft');
  });

  it('never lets an author read or change another author’s proposal, nor its files', async () => {
    const mine = await proposeBook(authorA);
    const cover = mine.working.files.find((f) => f.slot === 'cover')!;
    const draftOfA = await draft(authorA, { kind: 'file', section: 'academic', title: 'Mon brouillon' });
    for (const id of [mine.id, draftOfA.id]) {
      const attempts = [
        t.app.inject({ method: 'GET', url: `/api/submissions/${id}`, headers: authorB.headers }),
        t.app.inject({
          method: 'PATCH',
          url: `/api/submissions/${id}`,
          headers: authorB.headers,
          payload: { title: 'Volé' },
        }),
        t.app.inject({ method: 'DELETE', url: `/api/submissions/${id}`, headers: authorB.headers }),
        t.app.inject({
          method: 'DELETE',
          url: `/api/submissions/${id}/files/cover`,
          headers: authorB.headers,
        }),
        t.app.inject({ method: 'POST', url: `/api/submissions/${id}/resubmit`, headers: authorB.headers }),
        t.app.inject({ method: 'POST', url: `/api/submissions/${id}/withdraw`, headers: authorB.headers }),
        t.app.inject({
          method: 'POST',
          url: `/api/submissions/${id}/unpublish-request`,
          headers: authorB.headers,
        }),
        send('PUT', `/api/submissions/${id}/files/cover`, authorB.headers, [
          { name: 'file', bytes: await png(), filename: 'x.png' },
        ]),
      ];
      for (const response of await Promise.all(attempts)) expectStatus(response, 404);
    }
    const download = await t.app.inject({ url: cover.url, headers: authorB.headers });
    expectStatus(download, 404);
    // B's draft named as A's draftId: not found, and nothing of B's request kept.
    const hijack = await send('POST', '/api/category/file/create', authorB.headers, [
      { name: 'draftId', value: draftOfA.id },
      ...academicFields(),
      { name: 'file', bytes: await pdf(), filename: 'x.pdf' },
    ]);
    expectStatus(hijack, 404);
    const listed = (
      await t.app.inject({ url: '/api/books/author', headers: authorB.headers })
    ).json<AuthorProductList>();
    expect(listed.results.map((r) => r.id)).not.toContain(mine.id);
    expect((await rowOf(mine.id)).status).toBe('submitted');
    expect((await rowOf(draftOfA.id)).working.title).toBe('Mon brouillon');
  });

  it('serves a proposal’s upload to its author, editors and admins only, as a private attachment', async () => {
    const mine = await proposeBook(authorA);
    const manuscript = mine.working.files.find((f) => f.slot === 'manuscript')!;
    expect(manuscript.url).toBe(`/api/submissions/${mine.id}/files/${manuscript.id}`);
    for (const who of [authorA, editor, admin]) {
      const response = await t.app.inject({ url: manuscript.url, headers: who.headers });
      expectStatus(response, 200);
      expect(response.headers['content-type']).toBe('application/pdf');
      expect(response.headers['content-disposition']).toBe('attachment; filename="Le jardin.pdf"');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['cache-control']).toBe('private, no-store');
      expect(response.rawPayload.length).toBe(manuscript.sizeBytes);
      expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    }
    expectStatus(await t.app.inject({ url: manuscript.url }), 401);
    expectStatus(await t.app.inject({ url: manuscript.url, headers: buyer.headers }), 403);
    const otherSubmission = await proposeBook(authorA);
    expectStatus(
      await t.app.inject({
        url: `/api/submissions/${otherSubmission.id}/files/${manuscript.id}`,
        headers: authorA.headers,
      }),
      404,
    );
  });
});

describe('proposing', () => {
  it('takes a whole book proposal in one multipart request and submits it as version 1', async () => {
    const before = Date.now();
    const book = await proposeBook(authorA);
    expect(book).toMatchObject({
      kind: 'book',
      section: 'book',
      status: 'submitted',
      title: 'Le jardin des oliviers',
      versions: 1,
      productId: null,
      salesCount: 0,
      lastDecision: null,
      actions: { edit: false, submit: false, resubmit: false, withdraw: true, requestUnpublish: false },
    });
    expect(book.working).toMatchObject({
      categoryId: cats.novels,
      categoryName: { fr: 'romans', en: 'romans' },
      paperPriceCents: 2200,
      ebookPriceCents: 990,
      isbn: '978-2-07-036822-8',
      fileType: null,
      confidential: false,
    });
    const cover = book.working.files.find((f) => f.slot === 'cover')!;
    expect(cover).toMatchObject({
      mime: 'image/webp',
      width: 600,
      height: 900,
      originalName: 'couverture.png',
    });
    expect(book.working.files.find((f) => f.slot === 'manuscript')).toMatchObject({
      mime: 'application/pdf',
      pages: 3,
      originalName: 'Le jardin.pdf',
    });
    expect(book.coverUrl).toBe(cover.url);
    expect(book.history).toHaveLength(1);
    expect(book.history[0]!.values.files.map((f) => f.id).sort()).toEqual(
      book.working.files.map((f) => f.id).sort(),
    );
    expect(book.events.map((e) => [e.kind, e.actor, e.version])).toEqual([
      ['created', 'author', null],
      ['submitted', 'author', 1],
    ]);
    expect(Date.parse(book.updatedAt)).toBeGreaterThanOrEqual(before - 1000);
    // The stored names are generated: never the author's.
    for (const file of await filesOf(book.id)) {
      expect(file.storageKey).toMatch(/^submissions\/[0-9a-f-]+\/[0-9a-f-]+\.(pdf|webp)$/);
      expect(await stored(file.storageKey)).toBe(true);
    }
    const list = (
      await t.app.inject({ url: '/api/books/author', headers: authorA.headers })
    ).json<AuthorProductList>();
    expect(list.results.find((r) => r.id === book.id)).toMatchObject({
      status: 'submitted',
      coverUrl: cover.url,
    });
    const files = (
      await t.app.inject({ url: '/api/category/author', headers: authorA.headers })
    ).json<AuthorProductList>();
    expect(files.results.map((r) => r.id)).not.toContain(book.id);
  });

  it('answers field errors for an incomplete or wrong proposal, storing nothing', async () => {
    const before = objectsOnDisk();
    const empty = await send('POST', '/api/books/add', authorA.headers, [
      { name: 'cover', bytes: await png(), filename: 'c.png' },
    ]);
    expectStatus(empty, 400);
    expect(fieldsOf(empty)).toEqual([
      'categoryId',
      'description',
      'editions',
      'language',
      'manuscript',
      'title',
    ]);

    const wrong = await send('POST', '/api/books/add', authorA.headers, [
      ...bookFields().filter((f) => !['subcategoryId', 'isbn'].includes(f.name)),
      { name: 'subcategoryId', value: String(cats.poetrySub) },
      { name: 'isbn', value: '978-2-07-036822-9' },
      { name: 'manuscript', bytes: await pdf(), filename: 'm.pdf' },
    ]);
    expectStatus(wrong, 400);
    expect(fieldsOf(wrong)).toEqual(['isbn', 'subcategoryId']);

    const otherSection = await send('POST', '/api/category/file/create', authorA.headers, [
      ...academicFields().filter((f) => f.name !== 'categoryId' && f.name !== 'subcategoryId'),
      { name: 'categoryId', value: String(cats.novels) },
      { name: 'priceCents', value: '500' },
      { name: 'file', bytes: await pdf(), filename: 'r.pdf' },
    ]);
    expectStatus(otherSection, 400);
    expect(fieldsOf(otherSection)).toEqual(['categoryId', 'priceCents']);

    const badValues = await send('POST', '/api/category/file/create', authorA.headers, [
      { name: 'section', value: 'professional' },
      { name: 'title', value: 'Tableau' },
      { name: 'description', value: 'court' },
      { name: 'priceCents', value: '-4' },
      { name: 'file', bytes: await pdf(), filename: 'r.pdf' },
    ]);
    expectStatus(badValues, 400);
    expect(fieldsOf(badValues)).toEqual(['description', 'priceCents']);

    const noFile = await send('POST', '/api/category/file/create', authorA.headers, [
      { name: 'section', value: 'professional' },
      { name: 'title', value: 'Tableau de trésorerie' },
      { name: 'description', value: 'Un tableau de trésorerie sur douze mois, prêt à remplir.' },
      { name: 'language', value: 'fr' },
      { name: 'categoryId', value: String(cats.finance) },
    ]);
    expectStatus(noFile, 400);
    expect(fieldsOf(noFile)).toEqual(['file', 'fileType', 'priceCents']);

    const mismatch = await send('POST', '/api/category/file/create', authorA.headers, [
      ...academicFields().filter((f) => f.name !== 'fileType'),
      { name: 'fileType', value: 'word' },
      { name: 'file', bytes: await pdf(), filename: 'rapport.docx' },
    ]);
    expect([415, 422]).toContain(mismatch.statusCode);
    expect(mismatch.json().error.code).toBe('upload_rejected');

    expect(objectsOnDisk()).toEqual(before);
  });

  it('saves a draft, its fields and uploads, then submits it with draftId', async () => {
    const created = await draft(authorA, {
      kind: 'file',
      section: 'academic',
      title: 'Rapport de stage',
      categoryId: cats.internships,
      priceCents: '',
    });
    expect(created).toMatchObject({
      status: 'draft',
      versions: 0,
      history: [],
      actions: { edit: true, submit: true, resubmit: false, withdraw: true, requestUnpublish: false },
    });
    expect(created.events.map((e) => e.kind)).toEqual(['created']);

    const patched = await t.app.inject({
      method: 'PATCH',
      url: `/api/submissions/${created.id}`,
      headers: authorA.headers,
      payload: { description: 'Un rapport de stage sur la comptabilité analytique.', fileType: 'pdf' },
    });
    expectStatus(patched, 200);
    expect(patched.json<Submission>().working).toMatchObject({
      title: 'Rapport de stage',
      fileType: 'pdf',
      description: 'Un rapport de stage sur la comptabilité analytique.',
    });

    // null clears a saved field; an absent field is kept.
    const cleared = await t.app.inject({
      method: 'PATCH',
      url: `/api/submissions/${created.id}`,
      headers: authorA.headers,
      payload: { title: null },
    });
    expectStatus(cleared, 200);
    expect(cleared.json<Submission>().working).toMatchObject({ title: null, fileType: 'pdf' });
    const retitled = await t.app.inject({
      method: 'PATCH',
      url: `/api/submissions/${created.id}`,
      headers: authorA.headers,
      payload: { title: 'Rapport de stage' },
    });
    expectStatus(retitled, 200);

    const academicPrice = await t.app.inject({
      method: 'PATCH',
      url: `/api/submissions/${created.id}`,
      headers: authorA.headers,
      payload: { priceCents: 900 },
    });
    expectStatus(academicPrice, 400);
    expect(fieldsOf(academicPrice)).toEqual(['priceCents']);

    const first = await send('PUT', `/api/submissions/${created.id}/files/file`, authorA.headers, [
      { name: 'file', bytes: await pdf(2), filename: 'brouillon.pdf' },
    ]);
    expectStatus(first, 200);
    const firstKey = (await filesOf(created.id))[0]!.storageKey;
    const second = await send('PUT', `/api/submissions/${created.id}/files/file`, authorA.headers, [
      { name: 'file', bytes: await pdf(4), filename: 'rapport final.pdf' },
    ]);
    expectStatus(second, 200);
    expect(second.json<Submission>().working.files).toMatchObject([{ slot: 'file', pages: 4 }]);
    // The replaced upload belonged to no version: its row and object are gone.
    expect(await filesOf(created.id)).toHaveLength(1);
    expect(await stored(firstKey)).toBe(false);

    const wrongSlot = await send('PUT', `/api/submissions/${created.id}/files/manuscript`, authorA.headers, [
      { name: 'file', bytes: await pdf(), filename: 'x.pdf' },
    ]);
    expectStatus(wrongSlot, 400);

    const incomplete = await send('POST', '/api/category/file/create', authorA.headers, [
      { name: 'draftId', value: created.id },
    ]);
    expectStatus(incomplete, 400);
    expect(fieldsOf(incomplete)).toEqual(['language', 'licence', 'rights']);
    expect((await rowOf(created.id)).status).toBe('draft');

    const submitted = await send('POST', '/api/category/file/create', authorA.headers, [
      { name: 'draftId', value: created.id },
      { name: 'language', value: 'fr' },
      { name: 'rights', value: 'with_consent' },
      { name: 'licence', value: 'cc_by_nc' },
      { name: 'confidential', value: 'on' },
    ]);
    expectStatus(submitted, 201);
    const body = submitted.json<Submission>();
    expect(body).toMatchObject({ id: created.id, status: 'submitted', versions: 1 });
    expect(body.history[0]!.values).toMatchObject({
      title: 'Rapport de stage',
      rights: 'with_consent',
      licence: 'cc_by_nc',
      confidential: true,
      priceCents: null,
      files: [{ slot: 'file', pages: 4 }],
    });
    expect(body.events.map((e) => e.kind)).toEqual(['created', 'submitted']);

    const again = await send('POST', '/api/category/file/create', authorA.headers, [
      { name: 'draftId', value: created.id },
    ]);
    expectStatus(again, 409);
    const asBook = await send('POST', '/api/books/add', authorA.headers, [
      { name: 'draftId', value: created.id },
    ]);
    expectStatus(asBook, 404);
    const edit = await t.app.inject({
      method: 'PATCH',
      url: `/api/submissions/${created.id}`,
      headers: authorA.headers,
      payload: { title: 'Autre' },
    });
    expectStatus(edit, 409);
    expect(edit.json().error.code).toBe('invalid_transition');
  });

  it('refuses a draft of a kind and section that do not go together', async () => {
    for (const payload of [
      { kind: 'file' },
      { kind: 'file', section: 'book' },
      { kind: 'book', section: 'academic' },
      { kind: 'book', categoryId: cats.internships },
    ]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/submissions',
        headers: authorA.headers,
        payload,
      });
      expectStatus(response, 400);
    }
  });

  it('deletes a draft never submitted with its uploads, and nothing else', async () => {
    const created = await draft(authorA, { kind: 'book', title: 'À jeter' });
    expectStatus(
      await send('PUT', `/api/submissions/${created.id}/files/cover`, authorA.headers, [
        { name: 'file', bytes: await png(), filename: 'c.png' },
      ]),
      200,
    );
    const [cover] = await filesOf(created.id);
    expect(await stored(cover!.storageKey)).toBe(true);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/submissions/${created.id}`,
      headers: authorA.headers,
    });
    expectStatus(removed, 204);
    expect(await rowOf(created.id)).toBeUndefined();
    expect(await stored(cover!.storageKey)).toBe(false);

    const submitted = await proposeBook(authorA);
    const refused = await t.app.inject({
      method: 'DELETE',
      url: `/api/submissions/${submitted.id}`,
      headers: authorA.headers,
    });
    expectStatus(refused, 409);
  });
});

describe('after the review', () => {
  it('sends a new version when changes are requested, keeping the previous one and its files', async () => {
    const book = await proposeBook(authorA);
    const v1Manuscript = book.working.files.find((f) => f.slot === 'manuscript')!;
    await decide(book.id, 'changes_requested', 'Le chapitre 3 est trop long.');

    const seen = (
      await t.app.inject({ url: `/api/submissions/${book.id}`, headers: authorA.headers })
    ).json<Submission>();
    expect(seen.lastDecision).toMatchObject({
      kind: 'changes_requested',
      comment: 'Le chapitre 3 est trop long.',
    });
    expect(seen.actions).toMatchObject({ edit: true, resubmit: true, withdraw: true, submit: false });
    const decision = seen.events.at(-1)!;
    expect(decision).toMatchObject({
      actor: 'editor',
      actorName: 'Sami Trabelsi',
      kind: 'changes_requested',
    });
    expect(JSON.stringify(seen)).not.toContain(editor.email);

    expectStatus(
      await t.app.inject({
        method: 'PATCH',
        url: `/api/submissions/${book.id}`,
        headers: authorA.headers,
        payload: { title: 'Le jardin des oliviers (2e version)' },
      }),
      200,
    );
    const replaced = await send('PUT', `/api/submissions/${book.id}/files/manuscript`, authorA.headers, [
      { name: 'file', bytes: await pdf(2, 'Version courte'), filename: 'v2.pdf' },
    ]);
    expectStatus(replaced, 200);
    // Version 1 refers to the old manuscript: kept (out of the working copy), with its stored object.
    const v1Row = (await filesOf(book.id)).find((f) => f.id === v1Manuscript.id)!;
    expect(v1Row.working).toBe(false);
    expect(await stored(v1Row.storageKey)).toBe(true);

    const resubmitted = await t.app.inject({
      method: 'POST',
      url: `/api/submissions/${book.id}/resubmit`,
      headers: authorA.headers,
      payload: { note: 'Chapitre 3 raccourci.' },
    });
    expectStatus(resubmitted, 200);
    const body = resubmitted.json<Submission>();
    expect(body).toMatchObject({ status: 'submitted', versions: 2 });
    expect(body.history.map((v) => v.number)).toEqual([2, 1]);
    expect(body.history[0]).toMatchObject({
      note: 'Chapitre 3 raccourci.',
      values: { title: 'Le jardin des oliviers (2e version)' },
    });
    expect(body.history[0]!.values.files.find((f) => f.slot === 'manuscript')).toMatchObject({ pages: 2 });
    expect(body.history[1]!.values).toMatchObject({ title: 'Le jardin des oliviers' });
    expect(body.history[1]!.values.files.find((f) => f.slot === 'manuscript')!.id).toBe(v1Manuscript.id);
    expect(body.events.map((e) => e.kind)).toEqual([
      'created',
      'submitted',
      'changes_requested',
      'resubmitted',
    ]);
    expect(body.events.at(-1)).toMatchObject({
      version: 2,
      comment: 'Chapitre 3 raccourci.',
      actorName: null,
    });
    const old = await t.app.inject({ url: v1Manuscript.url, headers: authorA.headers });
    expectStatus(old, 200);

    const twice = await t.app.inject({
      method: 'POST',
      url: `/api/submissions/${book.id}/resubmit`,
      headers: authorA.headers,
    });
    expectStatus(twice, 409);
  });

  it('withdraws a proposal not yet published, once', async () => {
    const book = await proposeBook(authorA);
    const withdrawn = await t.app.inject({
      method: 'POST',
      url: `/api/submissions/${book.id}/withdraw`,
      headers: authorA.headers,
      payload: { reason: 'Publié ailleurs.' },
    });
    expectStatus(withdrawn, 200);
    expect(withdrawn.json<Submission>()).toMatchObject({ status: 'archived', actions: { withdraw: false } });
    expect(withdrawn.json<Submission>().events.at(-1)).toMatchObject({
      kind: 'withdrawn',
      comment: 'Publié ailleurs.',
      version: 1,
    });
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/submissions/${book.id}/withdraw`,
      headers: authorA.headers,
    });
    expectStatus(again, 409);
  });

  it('asks to unpublish a published product, once, and shows its sales', async () => {
    const shop = await openShop(t.app);
    const book = await proposeBook(authorA);
    const early = await t.app.inject({
      method: 'POST',
      url: `/api/submissions/${book.id}/unpublish-request`,
      headers: authorA.headers,
    });
    expectStatus(early, 409);

    // Published as the professional file the shop sells; one copy bought and paid.
    await t.database.db
      .update(submissions)
      .set({ productId: shop.fileId })
      .where(eq(submissions.id, book.id));
    await decide(book.id, 'published', 'Bravo.');
    await buy(t.app, buyer, [{ productId: shop.fileId }]);

    const requested = await t.app.inject({
      method: 'POST',
      url: `/api/submissions/${book.id}/unpublish-request`,
      headers: authorA.headers,
      payload: { reason: 'Une nouvelle édition arrive.' },
    });
    expectStatus(requested, 200);
    expect(requested.json<Submission>()).toMatchObject({
      status: 'published',
      unpublishRequested: true,
      salesCount: 1,
      productId: shop.fileId,
      lastDecision: { kind: 'published', comment: 'Bravo.' },
      actions: { requestUnpublish: false, withdraw: false, edit: false },
    });
    expect(requested.json<Submission>().coverUrl).toMatch(/^\/api\/media\/covers\//);
    expect(requested.json<Submission>().events.at(-1)).toMatchObject({
      kind: 'unpublish_requested',
      comment: 'Une nouvelle édition arrive.',
    });
    expect((await rowOf(book.id)).unpublishRequestedAt).not.toBeNull();
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/submissions/${book.id}/unpublish-request`,
      headers: authorA.headers,
    });
    expectStatus(again, 409);
    const list = (
      await t.app.inject({ url: '/api/books/author', headers: authorA.headers })
    ).json<AuthorProductList>();
    expect(list.results[0]).toMatchObject({ id: book.id, salesCount: 1, unpublishRequested: true });
  });
});

describe('an academic document’s downloads', () => {
  it('counts the users who took a free published document as its sales', async () => {
    const created = await send('POST', '/api/category/file/create', authorA.headers, [
      ...academicFields(),
      { name: 'file', bytes: await pdf(), filename: 'rapport.pdf' },
    ]);
    expectStatus(created, 201);
    const proposal = created.json<Submission>();
    const document = await pdf(2, 'Rapport publié');
    const asset = await t.app.storage.putObject(
      `files/proposals/${proposal.id}.pdf`,
      document,
      'application/pdf',
    );
    const product = await t.app.catalog.writes.createProduct({
      kind: 'file',
      section: 'academic',
      title: 'Rapport de stage — audit interne',
      description: 'Un rapport de stage de fin d’études sur l’audit interne d’une PME.',
      language: 'fr',
      authorId: authorA.id,
      categoryId: cats.internships,
      status: 'published',
      cover: { key: `covers/proposals-${proposal.id}.png`, width: 600, height: 800 },
      priceCents: 0,
      file: {
        fileType: 'pdf',
        storageKey: asset.key,
        originalName: 'rapport.pdf',
        mime: 'application/pdf',
        sizeBytes: asset.sizeBytes,
        sha256: asset.sha256,
      },
    });
    await t.database.db
      .update(submissions)
      .set({ productId: product.id })
      .where(eq(submissions.id, proposal.id));
    await decide(proposal.id, 'published', 'Publié.');
    for (const reader of [buyer, authorB, buyer]) {
      const taken = await t.app.inject({
        method: 'POST',
        url: `/api/category/file/${product.id}/download`,
        headers: reader.headers,
      });
      expectStatus(taken, 200);
    }
    const list = (
      await t.app.inject({ url: '/api/category/author', headers: authorA.headers })
    ).json<AuthorProductList>();
    expect(list.results.find((r) => r.id === proposal.id)).toMatchObject({
      status: 'published',
      productId: product.id,
      salesCount: 2,
    });
  });
});

describe('the price and royalty calculator', () => {
  it('quotes a book edition and a file to the cent, for anyone', async () => {
    const quote = async (url: string, payload: object) => {
      const response = await t.app.inject({ method: 'POST', url, payload });
      expectStatus(response, 200);
      return response.json<PriceQuote>();
    };
    // Default rates: paper 10 %, ebook 25 %, professional files 50 %; the VAT of a sale to France (the
    // reference country): 5.5 % on books (18.00 × 550 / 10550 = 0.9384 → 0.94), 20 % on files.
    expect(
      await quote('/api/books/price/book', { format: 'paper', priceCents: 2000, discountPercent: 10 }),
    ).toEqual({
      priceCents: 2000,
      discountPercent: 10,
      customerPriceCents: 1800,
      vatCents: 94,
      netCents: 1706,
      royaltyFormat: 'paper',
      royaltyRateBp: 1000,
      royaltyCents: 171,
    });
    expect(
      await quote('/api/books/price/book', { format: 'ebook', priceCents: 999, discountPercent: 15 }),
    ).toMatchObject({
      customerPriceCents: 849,
      vatCents: 44,
      netCents: 805,
      royaltyRateBp: 2500,
      royaltyCents: 201,
    });
    expect(
      await quote('/api/books/price/file', {
        section: 'professional',
        priceCents: 4900,
        discountPercent: 20,
      }),
    ).toMatchObject({
      customerPriceCents: 3920,
      vatCents: 653,
      netCents: 3267,
      royaltyFormat: 'professional_file',
      royaltyRateBp: 5000,
      royaltyCents: 1634,
    });
    expect(await quote('/api/books/price/file', { section: 'academic', priceCents: 0 })).toMatchObject({
      customerPriceCents: 0,
      royaltyRateBp: 0,
      royaltyCents: 0,
    });
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/books/price/book',
      payload: { format: 'paper', priceCents: 0, discountPercent: 95 },
    });
    expectStatus(bad, 400);
  });

  it('takes the VAT out of the customer price before the royalty, rounding once', () => {
    const settings = {
      royaltyRates: { paper: 10, ebook: 25, professionalFile: 50 },
      vatRates: { paper: 550, ebook: 550, professionalFile: 2000 },
    };
    expect(
      quotePrice({ priceCents: 1200, discountPercent: 0, format: 'ebook', free: false }, settings),
    ).toEqual({
      priceCents: 1200,
      discountPercent: 0,
      customerPriceCents: 1200,
      vatCents: 63, // 1200 × 550 / 10550 = 62.56
      netCents: 1137,
      royaltyFormat: 'ebook',
      royaltyRateBp: 2500,
      royaltyCents: 284, // 1137 × 25 % = 284.25
    });
    expect(
      quotePrice({ priceCents: 4900, discountPercent: 20, format: 'file', free: false }, settings),
    ).toMatchObject({
      customerPriceCents: 3920,
      vatCents: 653, // 3920 × 2000 / 12000 = 653.33
      netCents: 3267,
      royaltyCents: 1634, // 3267 × 50 % = 1633.5
    });
  });

  it('documents the author routes in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json<{ paths: Record<string, object> }>();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/submissions',
        '/api/submissions/{id}',
        '/api/submissions/{id}/files/{slot}',
        '/api/submissions/{id}/files/{fileId}',
        '/api/books/add',
        '/api/category/file/create',
        '/api/books/author',
        '/api/category/author',
        '/api/books/price/book',
        '/api/books/price/file',
      ]),
    );
  });

  it('verifies ISBN check digits', () => {
    expect(isValidIsbn('978-2-07-036822-8')).toBe(true);
    expect(isValidIsbn('2-07-036822-5')).toBe(false);
    expect(isValidIsbn('0-306-40615-2')).toBe(true);
    expect(isValidIsbn('0 8044 2957 X')).toBe(true);
    expect(isValidIsbn('978-2-07-036822-9')).toBe(false);
  });
});
