import { PDFDocument, StandardFonts } from '@cantoo/pdf-lib';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Submission } from '@hls/contract';
import { staff, type Customer } from '../../../test/checkout-fixtures.ts';
import { bearer, login, registerUser, useApp } from '../../../test/helper.ts';
import { fileVersions, submissions } from '../../db/schema.ts';

const t = useApp();

async function pdf(text: string): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  doc.addPage([595, 842]).drawText(text, { x: 60, y: 760, size: 14, font });
  return doc.save();
}

/** Sends a multipart/form-data body as a browser's FormData does. */
async function send(method: 'POST' | 'PUT', url: string, headers: Record<string, string>, fields: object) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value instanceof Uint8Array) form.append(name, new Blob([Buffer.from(value)]), `${name}.pdf`);
    else form.append(name, String(value));
  }
  const request = new Request('http://x', { method: 'POST', body: form });
  return t.app.inject({
    method,
    url,
    headers: { ...headers, 'content-type': request.headers.get('content-type')! },
    payload: Buffer.from(await request.arrayBuffer()),
  });
}

const expectStatus = (response: LightMyRequestResponse, status: number) =>
  expect(response.statusCode, response.body).toBe(status);

describe('an author sends a new version of a product on sale', () => {
  let author: Customer;
  let editor: Customer;
  let categoryId: number;

  beforeAll(async () => {
    const registered = await registerUser(t.app, { firstName: 'Amira' }, 'author');
    const { access } = await login(t.app, registered.email, registered.password);
    author = { id: registered.user.id, email: registered.email, access, headers: bearer(access) };
    editor = await staff(t.app, 'editor');
    categoryId = (
      await t.app.catalog.writes.createCategory({
        section: 'professional',
        slug: `new-versions-${process.pid}-${Date.now()}`,
        nameFr: 'Gestion',
        nameEn: 'Management',
      })
    ).id;
  });

  const decide = async (id: string, body: object) => {
    expectStatus(
      await t.app.inject({
        method: 'POST',
        url: `/api/editorial/submissions/${id}/claim`,
        headers: editor.headers,
      }),
      200,
    );
    const decided = await t.app.inject({
      method: 'POST',
      url: `/api/editorial/submissions/${id}/decision`,
      headers: editor.headers,
      payload: body,
    });
    expectStatus(decided, 200);
  };
  const resubmit = async (id: string, text: string) => {
    expectStatus(
      await send('PUT', `/api/submissions/${id}/files/file`, author.headers, { file: await pdf(text) }),
      200,
    );
    const sent = await t.app.inject({
      method: 'POST',
      url: `/api/submissions/${id}/resubmit`,
      headers: author.headers,
      payload: { note: 'Formules corrigées.' },
    });
    expectStatus(sent, 200);
    return sent.json<Submission>();
  };
  const statusOf = async (id: string) =>
    (await t.database.db.select().from(submissions).where(eq(submissions.id, id)))[0]!.status;
  const versionsOf = (productId: number) =>
    t.database.db
      .select({ number: fileVersions.number, note: fileVersions.note })
      .from(fileVersions)
      .where(eq(fileVersions.productId, productId))
      .orderBy(fileVersions.number);

  it('keeps the product on sale while the new version waits, a refused one leaves it as it was, a published one is its version 2', async () => {
    const proposed = await send('POST', '/api/category/file/create', author.headers, {
      section: 'professional',
      title: 'Tableau de trésorerie',
      description: 'Un tableau de trésorerie sur douze mois, prêt à remplir.',
      language: 'fr',
      categoryId,
      fileType: 'pdf',
      priceCents: 1500,
      file: await pdf('Trésorerie v1'),
    });
    expectStatus(proposed, 201);
    const id = proposed.json<Submission>().id;
    await decide(id, { decision: 'publish', comment: 'Publié.' });
    const [row] = await t.database.db.select().from(submissions).where(eq(submissions.id, id));
    const productId = row!.productId!;
    const own = await t.app.inject({ url: `/api/submissions/${id}`, headers: author.headers });
    expect(own.json<Submission>().actions).toMatchObject({ resubmit: true, withdraw: false });

    expect((await resubmit(id, 'Trésorerie v2')).status).toBe('submitted');
    expect((await t.app.catalog.assets.forProduct(productId))?.status, 'still on sale').toBe('published');
    await decide(id, { decision: 'reject', comment: 'Rien ne change.' });
    expect(await statusOf(id), 'the product stays on sale as it was').toBe('published');
    expect(await versionsOf(productId)).toEqual([{ number: 1, note: null }]);

    await resubmit(id, 'Trésorerie v2 bis');
    const withdrawn = await t.app.inject({
      method: 'POST',
      url: `/api/submissions/${id}/withdraw`,
      headers: author.headers,
      payload: {},
    });
    expectStatus(withdrawn, 200);
    expect(await statusOf(id), 'withdrawing the new version keeps the product').toBe('published');

    await resubmit(id, 'Trésorerie v2 ter');
    const tooLong = await t.app.inject({
      method: 'POST',
      url: `/api/editorial/submissions/${id}/decision`,
      headers: editor.headers,
      payload: { decision: 'publish', comment: 'Mis à jour.', versionNote: 'x'.repeat(281) },
    });
    expectStatus(tooLong, 400);
    expect(tooLong.json().error.fieldKeys).toEqual({ versionNote: 'versionNote.tooLong' });
    await decide(id, {
      decision: 'publish',
      comment: 'Mis à jour.',
      versionNote: 'Formules de TVA corrigées.',
    });
    expect(await statusOf(id)).toBe('published');
    expect(await versionsOf(productId)).toEqual([
      { number: 1, note: null },
      { number: 2, note: 'Formules de TVA corrigées.' },
    ]);
  });
});
