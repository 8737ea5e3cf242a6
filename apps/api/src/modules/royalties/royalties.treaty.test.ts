import { PDFDocument, StandardFonts } from '@cantoo/pdf-lib';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { BankDetails, PayoutDueList, TreatyForm } from '@hls/contract';
import { customer, openShop, staff } from '../../../test/checkout-fixtures.ts';
import { bearer, login, uniqueEmail, useApp } from '../../../test/helper.ts';
import { buy } from '../../../test/royalty-fixtures.ts';
import { treatyForms } from '../../db/schema.ts';

const TN = {
  holder: 'Amira Ben Salah',
  iban: 'TN59 1000 6035 1835 9847 8831',
  bic: 'STBKTNTT',
  bankName: 'Société Tunisienne de Banque',
  country: 'TN',
  holderStreet: '12 rue de Marseille',
  holderPostcode: '1000',
  holderCity: 'Tunis',
  holderCountry: 'TN',
  residenceCountry: 'TN',
};

async function pdf(text = 'Attestation de résidence fiscale'): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  doc.addPage([595, 842]).drawText(text, { x: 50, y: 780, size: 14, font });
  return doc.save();
}

/** A multipart/form-data body with one file part, as a browser's FormData sends it. */
async function multipart(name: string, bytes: Uint8Array, filename: string) {
  const form = new FormData();
  form.append(name, new Blob([Buffer.from(bytes)]), filename);
  const request = new Request('http://x', { method: 'PUT', body: form });
  return {
    headers: { 'content-type': request.headers.get('content-type')! },
    payload: Buffer.from(await request.arrayBuffer()),
  };
}

const fieldsOf = (response: LightMyRequestResponse) =>
  response.json<{ error: { fields?: Record<string, string> } }>().error.fields;

describe('treaty forms', () => {
  const t = useApp();

  const author = async () => {
    const email = uniqueEmail('treaty-author');
    const user = await t.app.accounts.createUser({
      firstName: 'Amira',
      lastName: 'Ben Salah',
      email,
      password: 'Secret123',
      role: 'author',
    });
    const { access } = await login(t.app, email, 'Secret123');
    return { id: user.id, headers: { ...bearer(access), 'accept-language': 'en' } };
  };
  const saveBank = async (headers: Record<string, string>) => {
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/checkout/bank/create',
      headers,
      payload: TN,
    });
    expect(saved.statusCode, saved.body).toBe(201);
  };
  const upload = async (
    headers: Record<string, string>,
    bytes: Uint8Array,
    filename = 'attestation.pdf',
    part = 'file',
  ): Promise<LightMyRequestResponse> => {
    const body = await multipart(part, bytes, filename);
    return t.app.inject({
      method: 'PUT',
      url: '/api/checkout/bank/treaty-form',
      headers: { ...headers, ...body.headers },
      payload: body.payload,
    });
  };
  const download = (headers: Record<string, string> | undefined, id: string) =>
    t.app.inject({
      method: 'GET',
      url: `/api/checkout/bank/treaty-form/${id}`,
      ...(headers ? { headers } : {}),
    });

  it('files the author’s PDF with their residence: shown on their details, downloaded by them and by admins', async () => {
    const amira = await author();
    // Before bank details (and so a residence) are saved: 409.
    const early = await upload(amira.headers, await pdf());
    expect(early.statusCode, early.body).toBe(409);
    await saveBank(amira.headers);

    const bytes = await pdf();
    const uploaded = await upload(amira.headers, bytes, 'Attestation 2026.pdf');
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const form = uploaded.json<TreatyForm>();
    expect(form).toMatchObject({
      fileName: 'Attestation 2026.pdf',
      size: bytes.length,
      residenceCountry: 'TN',
    });

    const details = await t.app.inject({
      method: 'GET',
      url: '/api/checkout/bank/one',
      headers: amira.headers,
    });
    expect(details.json<BankDetails>().treatyForm).toEqual(form);

    // Kept privately, not under the public media's prefix.
    const [row] = await t.app.db.select().from(treatyForms).where(eq(treatyForms.userId, amira.id));
    expect(row!.storageKey).toMatch(new RegExp(`^treaty-forms/${amira.id}/[0-9a-f-]+\\.pdf$`));

    const own = await download(amira.headers, form.id);
    expect(own.statusCode, own.body).toBe(200);
    expect(own.headers['content-type']).toBe('application/pdf');
    expect(own.headers['content-disposition']).toContain('attachment');
    expect(own.headers['cache-control']).toBe('private, no-store');
    expect(Buffer.from(own.rawPayload).equals(Buffer.from(bytes))).toBe(true);

    const admin = await staff(t.app, 'admin');
    const byAdmin = await download(admin.headers, form.id);
    expect(byAdmin.statusCode).toBe(200);
    expect(byAdmin.rawPayload.length).toBe(bytes.length);
  });

  it('refuses another author (404), other roles (403), guests (401), and anything but a PDF (400, nothing kept)', async () => {
    const amira = await author();
    await saveBank(amira.headers);
    const form = (await upload(amira.headers, await pdf())).json<TreatyForm>();

    const other = await author();
    expect((await download(other.headers, form.id)).statusCode).toBe(404);
    expect((await download(amira.headers, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await download(amira.headers, 'not-an-id')).statusCode).toBe(400);
    expect((await download(undefined, form.id)).statusCode).toBe(401);
    const buyer = await customer(t.app);
    expect((await download(buyer.headers, form.id)).statusCode).toBe(403);
    const editor = await staff(t.app, 'editor');
    expect((await download(editor.headers, form.id)).statusCode).toBe(403);
    expect((await upload(buyer.headers, await pdf())).statusCode).toBe(403);
    expect((await upload(editor.headers, await pdf())).statusCode).toBe(403);

    // Not a PDF: refused by its content, whatever its name says.
    const text = await upload(other.headers, new TextEncoder().encode('not a pdf at all'), 'form.pdf');
    expect(text.statusCode).toBeGreaterThanOrEqual(400);
    expect(text.statusCode).toBeLessThan(500);
    expect(fieldsOf(text)).toHaveProperty('file');
    const empty = await upload(amira.headers, new Uint8Array(), 'empty.pdf');
    expect(empty.statusCode).toBe(400);
    expect(Object.keys(fieldsOf(empty) ?? {})).toEqual(['file']);
    // The one on file stays.
    const details = await t.app.inject({
      method: 'GET',
      url: '/api/checkout/bank/one',
      headers: amira.headers,
    });
    expect(details.json<BankDetails>().treatyForm?.id).toBe(form.id);
  });

  it('replaces the form on file (the old one deleted) and shows it to the admins with what the author is due', async () => {
    const shop = await openShop(t.app);
    await buy(t.app, await customer(t.app), [{ productId: shop.fileId }]);
    await saveBank(shop.author.headers);
    const first = (await upload(shop.author.headers, await pdf('first'))).json<TreatyForm>();
    const [before] = await t.app.db.select().from(treatyForms).where(eq(treatyForms.id, first.id));
    const second = await upload(shop.author.headers, await pdf('second'), 'second.pdf');
    expect(second.statusCode, second.body).toBe(200);
    const replaced = second.json<TreatyForm>();
    expect(replaced.id).not.toBe(first.id);
    expect(replaced.fileName).toBe('second.pdf');
    await expect(t.app.storage.openReader(before!.storageKey)).rejects.toThrow();
    expect((await download(shop.author.headers, first.id)).statusCode).toBe(404);

    const admin = await staff(t.app, 'admin');
    const due = await t.app.inject({ method: 'GET', url: '/api/admin/payouts/due', headers: admin.headers });
    const row = due.json<PayoutDueList>().results.find((r) => r.email === shop.author.email);
    expect(row?.treatyForm).toEqual(replaced);
  });
});
