import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { readdirSync, readlinkSync } from 'node:fs';
import { get as httpGet, type IncomingHttpHeaders } from 'node:http';
import path from 'node:path';
import { PDFDocument, StandardFonts } from '@cantoo/pdf-lib';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Download, DownloadLink, LineFormat } from '@hls/contract';
import {
  bearer,
  confirmEmail,
  login,
  readMails,
  registerUser,
  TEST_JWT_SECRET,
  uniqueEmail,
  useApp,
} from '../../../test/helper.ts';
import {
  bookEditions,
  entitlements,
  fileVersions,
  orderLines,
  orders,
  products as productsTable,
  stampedCopies,
} from '../../db/schema.ts';
import { extractPdfText } from '../../lib/pdf/pdf-text.ts';
import { createAccessTokens } from '../../plugins/auth.ts';
import { STAMP_RETRIES } from './downloads.helpers.ts';
import { createDownloadTokens } from './downloads.tokens.ts';
import { readThenAbort } from '../../../test/read-then-abort.ts';

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** A real three-page PDF in a standard font, as authors upload them. */
async function samplePdf(title: string): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let page = 1; page <= 3; page += 1) {
    doc.addPage([595, 842]).drawText(`${title} - chapter ${page}`, { x: 60, y: 760, size: 14, font });
  }
  return doc.save();
}

let sequence = 0;

async function signIn(app: FastifyInstance, firstName = 'Zoë', lastName = 'Łukasz') {
  const email = uniqueEmail('buyer');
  const { user } = await registerUser(app, { firstName, lastName, email, password: 'Secret123' });
  await confirmEmail(app, email);
  const { access } = await login(app, email, 'Secret123');
  return { id: user.id, email, name: `${firstName} ${lastName}`, access, headers: bearer(access) };
}

/** Products with stored files: a PDF file, a zip file, a book with its ebook PDF, a free academic PDF. */
async function seedProducts(app: FastifyInstance) {
  const tag = `${process.pid}-${Date.now()}-${(sequence += 1)}`;
  const author = await registerUser(app, { firstName: 'Amira' }, 'author');
  const category = (section: 'book' | 'professional' | 'academic') =>
    app.catalog.writes.createCategory({
      section,
      slug: `downloads-${section}-${tag}`,
      nameFr: `Téléchargements ${section}`,
      nameEn: `Downloads ${section}`,
    });
  const [books, pro, academic] = [
    await category('book'),
    await category('professional'),
    await category('academic'),
  ];
  const store = async (name: string, bytes: Uint8Array, mime: string, fileType: 'pdf' | 'package') => {
    const stored = await app.storage.putObject(`files/downloads/${tag}/${randomUUID()}.bin`, bytes, mime);
    return {
      fileType,
      storageKey: stored.key,
      originalName: name,
      mime,
      sizeBytes: stored.sizeBytes,
      sha256: stored.sha256,
    };
  };
  let n = 0;
  const base = {
    description: 'Une description.',
    language: 'fr' as const,
    authorId: author.user.id,
    status: 'published' as const,
  };
  const cover = () => ({ key: `covers/downloads-${tag}-${(n += 1)}.png`, width: 600, height: 800 });

  const pdfBytes = await samplePdf('Gestion financière');
  const pdfFile = await app.catalog.writes.createProduct({
    ...base,
    kind: 'file',
    section: 'professional',
    title: 'Gestion financière',
    categoryId: pro.id,
    cover: cover(),
    priceCents: 4500,
    file: await store('Gestion financière – Zoë.pdf', pdfBytes, 'application/pdf', 'pdf'),
  });
  const zipBytes = randomBytes(300_000);
  const zipFile = await app.catalog.writes.createProduct({
    ...base,
    kind: 'file',
    section: 'professional',
    title: 'Pack Excel',
    categoryId: pro.id,
    cover: cover(),
    priceCents: 2900,
    file: await store('pack-excel.zip', zipBytes, 'application/zip', 'package'),
  });
  const book = await app.catalog.writes.createProduct({
    ...base,
    kind: 'book',
    section: 'book',
    title: 'Le Jardin de Carthage',
    categoryId: books.id,
    cover: cover(),
    editions: [{ format: 'ebook', priceCents: 1290 }],
  });
  const ebookBytes = await samplePdf('Le Jardin de Carthage');
  await app.catalog.assets.attach(
    book.id,
    await store('le-jardin-de-carthage.pdf', ebookBytes, 'application/pdf', 'pdf'),
  );
  const freeBytes = await samplePdf('Cours gratuit');
  const free = await app.catalog.writes.createProduct({
    ...base,
    kind: 'file',
    section: 'academic',
    title: 'Cours gratuit',
    categoryId: academic.id,
    cover: cover(),
    priceCents: 0,
    file: await store('cours.pdf', freeBytes, 'application/pdf', 'pdf'),
  });
  const unpublished = await app.catalog.writes.createProduct({
    ...base,
    status: 'draft',
    kind: 'file',
    section: 'academic',
    title: 'Brouillon',
    categoryId: academic.id,
    cover: cover(),
    priceCents: 0,
    file: await store('brouillon.pdf', freeBytes, 'application/pdf', 'pdf'),
  });
  return {
    authorId: author.user.id,
    proCategory: pro.id,
    bookCategory: books.id,
    pdfFile: { id: pdfFile.id, bytes: pdfBytes },
    zipFile: { id: zipFile.id, bytes: zipBytes },
    book: { id: book.id, bytes: ebookBytes },
    free: { id: free.id, bytes: freeBytes },
    unpublished: unpublished.id,
  };
}

type Products = Awaited<ReturnType<typeof seedProducts>>;

/** A paid order of these products for the buyer, granted the way the orders do when payment succeeds. */
async function buy(
  app: FastifyInstance,
  buyer: { id: string; name: string; email: string },
  authorId: string,
  items: { productId: number; format: LineFormat }[],
) {
  const db = app.db;
  const number = `HLS-2026-${String(900_000 + (sequence += 1)).padStart(6, '0')}${process.pid % 1000}`;
  const [order] = await db
    .insert(orders)
    .values({
      number,
      userId: buyer.id,
      status: 'paid',
      subtotalCents: 1000 * items.length,
      discountCents: 0,
      totalCents: 1000 * items.length,
      language: 'en',
      needsAddress: false,
      hasDigital: true,
      paidAt: new Date(),
    })
    .returning({ id: orders.id });
  const lineIds: number[] = [];
  const titles: string[] = [];
  for (const item of items) {
    // The line holds the product's title, as an order's line does.
    const [product] = await db
      .select({ title: productsTable.title })
      .from(productsTable)
      .where(eq(productsTable.id, item.productId));
    titles.push(product!.title);
    const [edition] =
      item.format === 'ebook'
        ? await db
            .select({ id: bookEditions.id })
            .from(bookEditions)
            .where(and(eq(bookEditions.productId, item.productId), eq(bookEditions.format, 'ebook')))
        : [];
    const [line] = await db
      .insert(orderLines)
      .values({
        orderId: order!.id,
        productId: item.productId,
        format: item.format,
        editionId: edition?.id ?? null,
        title: product!.title,
        coverUrl: '/api/media/covers/x.png',
        kind: item.format === 'file' ? 'file' : 'book',
        section: item.format === 'file' ? 'professional' : 'book',
        fileType: item.format === 'file' ? 'pdf' : null,
        authorId,
        unitPriceCents: 1000,
        discountPercent: 0,
        unitFinalCents: 1000,
        quantity: 1,
        totalCents: 1000,
        amountCents: 1000,
        stockState: 'none',
      })
      .returning({ id: orderLines.id });
    lineIds.push(line!.id);
  }
  const granted = await app.transaction(async (ctx) => {
    const ids: string[] = [];
    for (const [i, item] of items.entries()) {
      const { entitlementId } = await app.downloads.grant(ctx, {
        userId: buyer.id,
        productId: item.productId,
        orderId: order!.id,
        orderLineId: lineIds[i]!,
        orderNumber: number,
        title: titles[i]!,
        buyer: { name: buyer.name, email: buyer.email },
      });
      ids.push(entitlementId);
    }
    return ids;
  });
  return { orderId: order!.id, number, lineIds, titles, entitlementIds: granted };
}

describe('downloads', () => {
  const t = useApp();
  let products: Products;
  let buyer: Awaited<ReturnType<typeof signIn>>;

  beforeAll(async () => {
    products = await seedProducts(t.app);
    buyer = await signIn(t.app);
  });

  const link = async (entitlementId: string, headers = buyer.headers) =>
    t.app.inject({ method: 'POST', url: `/api/downloads/${entitlementId}/link`, headers });
  const fetchFile = (url: string, headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') =>
    t.app.inject({ method, url, headers });
  const row = async (id: string) =>
    (await t.database.db.select().from(entitlements).where(eq(entitlements.id, id)))[0]!;
  /** The buyer's stamped copy of the file's only version, if any. */
  const copyOf = async (entitlementId: string) =>
    (
      await t.database.db.select().from(stampedCopies).where(eq(stampedCopies.entitlementId, entitlementId))
    )[0];
  const setCopy = (entitlementId: string, status: 'pending' | 'ready') =>
    t.database.db.update(stampedCopies).set({ status }).where(eq(stampedCopies.entitlementId, entitlementId));
  const freshLink = async (entitlementId: string) => {
    const response = await link(entitlementId);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<DownloadLink>();
  };
  const rawBody = (response: LightMyRequestResponse) => response.rawPayload;

  it(
    'grants a purchase once per order line, and stamps a PDF in a job after the payment',
    { tags: ['postgres'] },
    async () => {
      const order = await buy(t.app, buyer, products.authorId, [
        { productId: products.pdfFile.id, format: 'file' },
        { productId: products.zipFile.id, format: 'file' },
      ]);
      // The same grant again (a retried fulfilment) changes nothing.
      const again = await t.app.transaction((ctx) =>
        t.app.downloads.grant(ctx, {
          userId: buyer.id,
          productId: products.pdfFile.id,
          orderId: order.orderId,
          orderLineId: order.lineIds[0]!,
          orderNumber: order.number,
          title: order.titles[0]!,
          buyer: { name: buyer.name, email: buyer.email },
        }),
      );
      expect(again.entitlementId).toBe(order.entitlementIds[0]);
      const rows = await t.database.db
        .select()
        .from(entitlements)
        .where(eq(entitlements.orderId, order.orderId));
      expect(rows).toHaveLength(2);

      await t.app.jobs.settle();
      const pdf = await row(order.entitlementIds[0]!);
      const copy = await copyOf(pdf.id);
      expect(copy).toMatchObject({ status: 'ready', storageKey: `stamped/${pdf.id}/v1.pdf` });
      expect(await copyOf(order.entitlementIds[1]!), 'a zip is served as it is').toBeUndefined();

      const byLine = await t.app.downloads.forOrderLines(buyer.id, order.lineIds);
      expect(byLine.get(order.lineIds[0]!)).toMatchObject({
        entitlementId: pdf.id,
        orderId: order.orderId,
        orderNumber: order.number,
        title: 'Gestion financière',
        // Named after the product and its format, never after the uploader's file name.
        fileName: 'gestion-financiere.pdf',
        fileType: 'pdf',
        sizeBytes: copy!.sizeBytes!,
        status: 'ready',
        downloadCount: 0,
        firstDownloadAt: null,
      } satisfies Partial<Download>);
      expect(byLine.get(order.lineIds[1]!)).toMatchObject({ fileType: 'package', sizeBytes: 300_000 });
      expect((await t.app.downloads.forOrderLines(randomUUID(), order.lineIds)).size, 'another user').toBe(0);

      const list = await t.app.inject({
        method: 'GET',
        url: `/api/downloads?order=${order.orderId}`,
        headers: buyer.headers,
      });
      expect(list.statusCode).toBe(200);
      expect(
        list
          .json<{ results: Download[] }>()
          .results.map((d) => d.entitlementId)
          .sort(),
      ).toEqual([...order.entitlementIds].sort());
    },
  );

  it('serves the buyer’s stamped copy: its name on every page, the text still there, the headers of a download', async () => {
    const order = await buy(t.app, buyer, products.authorId, [
      { productId: products.pdfFile.id, format: 'file' },
    ]);
    await t.app.jobs.settle();
    const entitlement = await row(order.entitlementIds[0]!);
    const { url, fileName, expiresAt } = await freshLink(entitlement.id);
    expect(url).toMatch(/^\/api\/category\/download\/[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(fileName, 'the product’s name, not the uploaded file’s').toBe('gestion-financiere.pdf');
    expect(new Date(expiresAt).getTime() - Date.now()).toBeGreaterThan(5 * 60_000);

    const response = await fetchFile(url);
    expect(response.statusCode).toBe(200);
    const body = rawBody(response);
    const stored = await t.app.storage.getObject((await copyOf(entitlement.id))!.storageKey!);
    expect(body.equals(stored!.bytes), 'the stamped bytes').toBe(true);
    expect(sha256(body)).not.toBe(sha256(products.pdfFile.bytes));
    expect(response.headers).toMatchObject({
      'content-type': 'application/pdf',
      'content-disposition': 'attachment; filename="gestion-financiere.pdf"',
      'x-content-type-options': 'nosniff',
      'cache-control': 'private, no-store',
      etag: `"${sha256(body)}"`,
      'accept-ranges': 'bytes',
      'content-length': String(body.length),
    });
    expect(response.headers['content-encoding']).toBeUndefined();

    const pages = await extractPdfText(body);
    expect(pages).toHaveLength(3);
    pages.forEach((text, i) => {
      expect(text).toContain(`Gestion financière - chapter ${i + 1}`);
      expect(text).toContain(`Licensed to Zoë Łukasz <${buyer.email}> — order ${order.number}`);
    });

    // Counted once, with its first time.
    const counted = await row(entitlement.id);
    expect(counted.downloadCount).toBe(1);
    expect(counted.firstDownloadAt).toBeInstanceOf(Date);
  });

  it('answers single ranges (206), unsatisfiable ones (416), If-Range and HEAD, and counts a download once', async () => {
    const order = await buy(t.app, buyer, products.authorId, [
      { productId: products.zipFile.id, format: 'file' },
    ]);
    const id = order.entitlementIds[0]!;
    const { url } = await freshLink(id);
    const bytes = products.zipFile.bytes;
    const size = bytes.length;
    const etag = `"${sha256(bytes)}"`;

    const head = await fetchFile(url, {}, 'HEAD');
    expect(head.statusCode).toBe(200);
    expect(head.headers).toMatchObject({ etag, 'content-length': String(size), 'accept-ranges': 'bytes' });
    expect(head.rawPayload.length).toBe(0);
    expect((await row(id)).downloadCount, 'HEAD is not a download').toBe(0);

    const first = await fetchFile(url, { range: 'bytes=0-99' });
    expect(first.statusCode).toBe(206);
    expect(first.headers['content-range']).toBe(`bytes 0-99/${size}`);
    expect(first.headers['content-length']).toBe('100');
    expect(first.rawPayload.equals(bytes.subarray(0, 100))).toBe(true);
    expect((await row(id)).downloadCount).toBe(1);

    const rest = await fetchFile(url, { range: 'bytes=100-', 'if-range': etag });
    expect(rest.statusCode).toBe(206);
    expect(rest.headers['content-range']).toBe(`bytes 100-${size - 1}/${size}`);
    expect(Buffer.concat([first.rawPayload, rest.rawPayload]).equals(bytes), 'resumed').toBe(true);
    expect((await row(id)).downloadCount, 'a resumed piece is the same download').toBe(1);

    const suffix = await fetchFile(url, { range: 'bytes=-10' });
    expect(suffix.statusCode).toBe(206);
    expect(suffix.rawPayload.equals(bytes.subarray(size - 10))).toBe(true);
    const clamped = await fetchFile(url, { range: `bytes=${size - 5}-${size + 100}` });
    expect(clamped.headers['content-range']).toBe(`bytes ${size - 5}-${size - 1}/${size}`);

    for (const range of [`bytes=${size}-`, `bytes=${size + 10}-${size + 20}`, 'bytes=-0']) {
      const outside = await fetchFile(url, { range });
      expect(outside.statusCode, range).toBe(416);
      expect(outside.headers['content-range']).toBe(`bytes */${size}`);
    }

    const several = await fetchFile(url, { range: 'bytes=0-9,20-29' });
    expect(several.statusCode).toBe(200);
    expect(several.rawPayload.equals(bytes)).toBe(true);

    const changed = await fetchFile(url, { range: 'bytes=0-9', 'if-range': '"another-version"' });
    expect(changed.statusCode, 'If-Range mismatch: the whole file').toBe(200);
    expect(changed.rawPayload.length).toBe(size);
    const dated = await fetchFile(url, { range: 'bytes=0-9', 'if-range': new Date().toUTCString() });
    expect(dated.statusCode).toBe(200);

    const counted = await row(id);
    expect(counted.downloadCount, 'the requests from the first byte').toBe(4);
    expect(counted.firstDownloadAt).toBeInstanceOf(Date);
    expect(counted.lastDownloadAt!.getTime()).toBeGreaterThanOrEqual(counted.firstDownloadAt!.getTime());
  });

  it('counts a first request for any bytes past the first one as the download, and a resumed piece after it never again', async () => {
    const order = await buy(t.app, buyer, products.authorId, [
      { productId: products.zipFile.id, format: 'file' },
    ]);
    const id = order.entitlementIds[0]!;
    const { url } = await freshLink(id);
    const bytes = products.zipFile.bytes;
    const first = new Promise<{ orderLineId: number }>((resolve) => {
      const off = t.app.events.on('downloads.first', (payload) => {
        off();
        resolve(payload);
      });
    });

    // Everything but the (predictable) first byte is the file all the same.
    const dodge = await fetchFile(url, { range: 'bytes=1-' });
    expect(dodge.statusCode).toBe(206);
    expect(dodge.rawPayload.equals(bytes.subarray(1))).toBe(true);
    const counted = await row(id);
    expect(counted.downloadCount).toBe(1);
    expect(counted.firstDownloadAt).toBeInstanceOf(Date);
    expect(await first, 'the withdrawal right ends, the royalty leaves its hold').toEqual({
      orderLineId: order.lineIds[0],
    });

    const piece = await fetchFile(url, { range: 'bytes=0-0' });
    expect(piece.rawPayload.equals(bytes.subarray(0, 1))).toBe(true);
    expect((await row(id)).downloadCount, 'from the first byte: another download').toBe(2);
    await fetchFile(url, { range: 'bytes=100-' });
    const last = await row(id);
    expect(last.downloadCount, 'a resumed piece').toBe(2);
    expect(last.firstDownloadAt).toEqual(counted.firstDownloadAt);
  });

  it('serves a large file over a connection in pieces, and closes the file when the client goes away', async () => {
    const bytes = randomBytes(24 * 1024 * 1024 + 321);
    const stored = await t.app.storage.putObject(
      `files/downloads/large-${process.pid}-${Date.now()}.zip`,
      bytes,
      'application/zip',
    );
    const product = await t.app.catalog.writes.createProduct({
      description: 'Une description.',
      language: 'fr',
      authorId: products.authorId,
      status: 'published',
      kind: 'file',
      section: 'professional',
      title: 'Archives complètes',
      categoryId: products.proCategory,
      cover: { key: `covers/downloads-large-${process.pid}.png`, width: 600, height: 800 },
      priceCents: 9900,
      file: {
        fileType: 'package',
        storageKey: stored.key,
        originalName: 'archives.zip',
        mime: 'application/zip',
        sizeBytes: stored.sizeBytes,
        sha256: stored.sha256,
      },
    });
    const order = await buy(t.app, buyer, products.authorId, [{ productId: product.id, format: 'file' }]);
    const { url } = await freshLink(order.entitlementIds[0]!);
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const file = path.join(t.config.storageDir, 'objects', stored.key);
    const openOnFile = () =>
      readdirSync('/proc/self/fd').filter((fd) => {
        try {
          return readlinkSync(`/proc/self/fd/${fd}`) === file;
        } catch {
          return false;
        }
      }).length;
    const eventually = async (check: () => boolean) => {
      for (let i = 0; i < 300 && !check(); i += 1) await new Promise((resolve) => setTimeout(resolve, 10));
      return check();
    };

    // Whole, then a range from the middle: the bytes as stored, the headers of a download.
    const whole = await new Promise<{ headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
      httpGet(`${address}${url}`, { agent: false }, (response) => {
        const parts: Buffer[] = [];
        response.on('data', (part: Buffer) => parts.push(part));
        response.on('end', () => resolve({ headers: response.headers, body: Buffer.concat(parts) }));
      }).on('error', reject);
    });
    expect(whole.body.equals(bytes)).toBe(true);
    expect(whole.headers).toMatchObject({
      'content-length': String(bytes.length),
      'content-disposition': 'attachment; filename="archives-completes.zip"',
      'x-content-type-options': 'nosniff',
      'cache-control': 'private, no-store',
      etag: `"${stored.sha256}"`,
    });
    expect(whole.headers['content-security-policy'], 'the security headers too').toBeDefined();
    const piece = await new Promise<{ status?: number; body: Buffer }>((resolve, reject) => {
      httpGet(
        `${address}${url}`,
        { agent: false, headers: { range: 'bytes=1000000-9000000' } },
        (response) => {
          const parts: Buffer[] = [];
          response.on('data', (part: Buffer) => parts.push(part));
          response.on('end', () => resolve({ status: response.statusCode, body: Buffer.concat(parts) }));
        },
      ).on('error', reject);
    });
    expect(piece.status).toBe(206);
    expect(piece.body.equals(bytes.subarray(1_000_000, 9_000_001))).toBe(true);
    expect(await eventually(() => openOnFile() === 0), 'the file closed after the downloads').toBe(true);

    // A client that stops reading after the first megabyte, then goes away.
    const fdsBefore = readdirSync('/proc/self/fd').length;
    const received = await readThenAbort(`${address}${url}`);
    expect(received).toBeLessThan(bytes.length);
    expect(await eventually(() => openOnFile() === 0), 'the file closed after the abort').toBe(true);
    expect(await eventually(() => readdirSync('/proc/self/fd').length <= fdsBefore)).toBe(true);
    expect((await row(order.entitlementIds[0]!)).downloadCount, 'the whole and the aborted one').toBe(2);
  });

  it('refuses tampered, expired, foreign and revoked tokens, and access tokens, with invalid_download_token', async () => {
    const order = await buy(t.app, buyer, products.authorId, [
      { productId: products.zipFile.id, format: 'file' },
    ]);
    const id = order.entitlementIds[0]!;
    const { url } = await freshLink(id);
    const token = url.split('/').pop()!;
    const expectRefused = async (path: string, status: number) => {
      const response = await fetchFile(path);
      expect(response.statusCode, path).toBe(status);
      expect(response.json().error.code).toBe('invalid_download_token');
    };

    const [header, payload, signature] = token.split('.');
    const flipped = `${signature!.slice(0, -2)}${signature!.endsWith('AA') ? 'BB' : 'AA'}`;
    await expectRefused(`/api/category/download/${header}.${payload}.${flipped}`, 403);
    const otherClaims = Buffer.from(
      JSON.stringify({
        ...JSON.parse(Buffer.from(payload!, 'base64url').toString()),
        file_id: products.pdfFile.id,
      }),
    ).toString('base64url');
    await expectRefused(`/api/category/download/${header}.${otherClaims}.${signature}`, 403);
    await expectRefused('/api/category/download/not-a-token', 403);

    const tokens = createDownloadTokens(t.config.checkout.downloadTokenSecret);
    const expired = await tokens.sign(
      { userId: buyer.id, productId: products.zipFile.id, entitlementId: id, use: 'mail' },
      -10,
    );
    await expectRefused(`/api/category/download/${expired.token}`, 403);

    const stranger = await signIn(t.app, 'Sami', 'Trabelsi');
    const foreign = await tokens.sign(
      { userId: stranger.id, productId: products.zipFile.id, entitlementId: id, use: 'mail' },
      600,
    );
    await expectRefused(`/api/category/download/${foreign.token}`, 404);
    const wrongFile = await tokens.sign(
      { userId: buyer.id, productId: products.pdfFile.id, entitlementId: id, use: 'mail' },
      600,
    );
    await expectRefused(`/api/category/download/${wrongFile.token}`, 404);

    // The access token of the owner is not a download token (other key, no audience)…
    await expectRefused(`/api/category/download/${buyer.access}`, 403);
    // …even signed with the download key.
    const accessLike = await createAccessTokens(t.config.checkout.downloadTokenSecret, 600).sign({
      id: buyer.id,
      role: 'customer',
      sessionId: buyer.id,
    });
    await expectRefused(`/api/category/download/${accessLike}`, 403);
    // And a download token is not an access token.
    const asAccess = await t.app.inject({ method: 'GET', url: '/api/user', headers: bearer(token) });
    expect(asAccess.statusCode).toBe(401);
    const signedWithJwtKey = await createDownloadTokens(TEST_JWT_SECRET).sign(
      { userId: buyer.id, productId: products.zipFile.id, entitlementId: id, use: 'mail' },
      600,
    );
    const audienced = await t.app.inject({
      method: 'GET',
      url: '/api/user',
      headers: bearer(signedWithJwtKey.token),
    });
    expect(audienced.statusCode, 'a token with an audience is never an access token').toBe(401);

    // The link works until the line is refunded: the entitlement is checked at every request.
    expect((await fetchFile(url)).statusCode).toBe(200);
    await t.app.transaction((ctx) => t.app.downloads.revokeLine(ctx, order.lineIds[0]!));
    await expectRefused(url, 404);
    expect((await link(id)).statusCode, 'no new link for a revoked purchase').toBe(404);
    const listed = await t.app.downloads.forOrderLines(buyer.id, order.lineIds);
    expect(listed.get(order.lineIds[0]!)?.status).toBe('revoked');
  });

  it('gives links only to the owner, and none while the stamped copy is being made', async () => {
    const order = await buy(t.app, buyer, products.authorId, [
      { productId: products.book.id, format: 'ebook' },
    ]);
    await t.app.jobs.settle();
    const id = order.entitlementIds[0]!;
    const stranger = await signIn(t.app, 'Sami', 'Trabelsi');
    const foreign = await link(id, stranger.headers);
    expect(foreign.statusCode).toBe(404);
    expect((await link(randomUUID())).statusCode).toBe(404);
    expect((await link('not-a-uuid')).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'POST', url: `/api/downloads/${id}/link` })).statusCode).toBe(401);
    const strangersList = await t.app.inject({
      method: 'GET',
      url: '/api/downloads',
      headers: stranger.headers,
    });
    expect(strangersList.json()).toEqual({ results: [] });

    // The ebook is the book's PDF, stamped.
    const ready = await freshLink(id);
    expect(ready.fileName).toBe('le-jardin-de-carthage.pdf');
    const served = await fetchFile(ready.url);
    expect((await extractPdfText(served.rawPayload))[0]).toContain(`order ${order.number}`);

    await setCopy(id, 'pending');
    const preparing = await link(id);
    expect(preparing.statusCode).toBe(409);
    expect(preparing.json().error.code).toBe('download_not_ready');
    expect(
      (await t.app.downloads.forOrderLines(buyer.id, order.lineIds)).get(order.lineIds[0]!)?.status,
    ).toBe('preparing');
    // A link given before is refused too until the copy is ready again.
    expect((await fetchFile(ready.url)).statusCode).toBe(409);
    await setCopy(id, 'ready');
  });

  it(
    'marks a stamping failed after its last attempt, and queues it again at the customer’s next click',
    { tags: ['postgres'] },
    async () => {
      const order = await buy(t.app, buyer, products.authorId, [
        { productId: products.pdfFile.id, format: 'file' },
      ]);
      await t.app.jobs.settle();
      const id = order.entitlementIds[0]!;
      const [version] = await t.database.db
        .select()
        .from(fileVersions)
        .where(eq(fileVersions.productId, products.pdfFile.id));
      const job = {
        entitlementId: id,
        versionId: version!.id,
        name: buyer.name,
        email: buyer.email,
        orderNumber: order.number,
      };
      const storedAt = (storageKey: string) =>
        t.database.db.update(fileVersions).set({ storageKey }).where(eq(fileVersions.id, version!.id));
      try {
        // The stored file turns out unreadable while a stamping runs its last attempt.
        const broken = await t.app.storage.putObject(
          `files/downloads/broken-${randomUUID()}.pdf`,
          Buffer.from('not a pdf'),
          'application/pdf',
        );
        await storedAt(broken.key);
        await setCopy(id, 'pending');
        await expect(t.app.downloads.stamp(job, { retryCount: STAMP_RETRIES - 1 })).rejects.toThrow();
        expect((await copyOf(id))?.status, 'retried by the queue').toBe('pending');
        await expect(t.app.downloads.stamp(job, { retryCount: STAMP_RETRIES })).rejects.toThrow();
        expect((await copyOf(id))?.status).toBe('failed');
        expect(
          (await t.app.downloads.forOrderLines(buyer.id, order.lineIds)).get(order.lineIds[0]!)?.status,
        ).toBe('preparing');
      } finally {
        await storedAt(version!.storageKey);
      }

      // The file is readable again: the next click queues the stamping and says the copy is being prepared.
      const retried = await link(id);
      expect(retried.statusCode).toBe(409);
      expect(retried.json().error.code).toBe('download_not_ready');
      expect((await copyOf(id))?.status).toBe('pending');
      await t.app.jobs.settle();
      expect((await copyOf(id))?.status).toBe('ready');
      expect((await link(id)).statusCode).toBe(200);
    },
  );

  it('stamps a PDF added to a product after its sale before serving it', async () => {
    const later = await t.app.catalog.writes.createProduct({
      kind: 'book',
      section: 'book',
      title: 'Ebook à venir',
      description: 'Une description.',
      language: 'fr',
      authorId: products.authorId,
      categoryId: products.bookCategory,
      status: 'published',
      cover: { key: `covers/downloads-later-${randomUUID()}.png`, width: 600, height: 800 },
      editions: [{ format: 'ebook', priceCents: 990 }],
    });
    const order = await buy(t.app, buyer, products.authorId, [{ productId: later.id, format: 'ebook' }]);
    const id = order.entitlementIds[0]!;
    expect(await copyOf(id)).toBeUndefined();
    const status = async () =>
      (await t.app.downloads.forOrderLines(buyer.id, order.lineIds)).get(order.lineIds[0]!)?.status;
    expect(await status(), 'no file yet').toBe('preparing');
    expect((await link(id)).statusCode).toBe(409);

    const pdf = await t.app.storage.putObject(
      `files/downloads/later-${randomUUID()}.pdf`,
      await samplePdf('Ebook à venir'),
      'application/pdf',
    );
    await t.app.catalog.assets.attach(later.id, {
      fileType: 'pdf',
      storageKey: pdf.key,
      originalName: 'ebook-a-venir.pdf',
      mime: 'application/pdf',
      sizeBytes: pdf.sizeBytes,
      sha256: pdf.sha256,
    });
    expect(await status(), 'the buyer’s copy is not made yet').toBe('preparing');
    const first = await link(id);
    expect(first.statusCode).toBe(409);
    await t.app.jobs.settle();
    expect(await status()).toBe('ready');
    const served = await fetchFile((await freshLink(id)).url);
    expect((await extractPdfText(served.rawPayload))[0]).toContain(`order ${order.number}`);
  });

  it('gives a free academic file from its page, once per user, and refuses sold or unpublished files', async () => {
    const url = (id: number) => `/api/category/file/${id}/download`;
    const first = await t.app.inject({ method: 'POST', url: url(products.free.id), headers: buyer.headers });
    expect(first.statusCode).toBe(200);
    const again = await t.app.inject({ method: 'POST', url: url(products.free.id), headers: buyer.headers });
    expect(again.json<DownloadLink>().entitlementId).toBe(first.json<DownloadLink>().entitlementId);
    const rows = await t.database.db
      .select()
      .from(entitlements)
      .where(and(eq(entitlements.userId, buyer.id), eq(entitlements.productId, products.free.id)));
    expect(rows).toMatchObject([{ source: 'free', orderId: null, title: 'Cours gratuit' }]);

    const file = await fetchFile(first.json<DownloadLink>().url);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(Buffer.from(products.free.bytes)), 'the original file').toBe(true);
    expect(file.headers['content-disposition']).toBe('attachment; filename="cours-gratuit.pdf"');

    const sold = await t.app.inject({
      method: 'POST',
      url: url(products.pdfFile.id),
      headers: buyer.headers,
    });
    expect(sold.statusCode).toBe(403);
    expect(sold.json().error.code).toBe('forbidden');
    for (const id of [products.unpublished, 987_654_321]) {
      const response = await t.app.inject({ method: 'POST', url: url(id), headers: buyer.headers });
      expect(response.statusCode).toBe(404);
    }
    expect((await t.app.inject({ method: 'POST', url: url(products.free.id) })).statusCode).toBe(401);

    const all = await t.app.inject({ method: 'GET', url: '/api/downloads', headers: buyer.headers });
    const results = all.json<{ results: Download[] }>().results;
    expect(results[0]).toMatchObject({
      productId: products.free.id,
      orderId: null,
      orderNumber: null,
      status: 'ready',
    });
    const granted = results.map((d) => d.grantedAt);
    expect([...granted].sort().reverse(), 'newest first').toEqual(granted);
  });

  it('e-mails fresh links, valid 24 hours and bound to no session, that download the file', async () => {
    const customer = await signIn(t.app, 'Lina', 'Mansour');
    const order = await buy(t.app, customer, products.authorId, [
      { productId: products.zipFile.id, format: 'file' },
      { productId: products.book.id, format: 'ebook' },
    ]);
    await t.app.jobs.settle();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/downloads/resend',
      headers: customer.headers,
      payload: { orderId: order.orderId },
    });
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({ sent: 2 });
    await t.app.mail.sender.runOnce();
    const mail = readMails(t.mailDir).find(
      (m) => m.to === customer.email && m.subject === 'Vos liens de téléchargement',
    )!;
    expect(mail, 'in the customer’s language').toBeDefined();
    expect(mail.body).toContain('Le Jardin de Carthage');
    expect(mail.body).toContain('http://shop.test/download');
    const links = [...mail.body.matchAll(/http:\/\/shop\.test(\/api\/category\/download\/[\w.-]+)/g)].map(
      (m) => m[1]!,
    );
    expect(new Set(links).size).toBe(2);
    for (const path of new Set(links)) {
      const claims = JSON.parse(Buffer.from(path.split('.')[1]!, 'base64url').toString());
      expect(claims.exp - claims.iat).toBe(24 * 3600);
      expect(claims).toMatchObject({ use: 'mail', ent: expect.any(String) });
      expect(claims).not.toHaveProperty('sid');
      expect((await fetchFile(path)).statusCode).toBe(200);
    }

    const nothing = await t.app.inject({
      method: 'POST',
      url: '/api/downloads/resend',
      headers: customer.headers,
      payload: { orderId: randomUUID() },
    });
    expect(nothing.json()).toEqual({ sent: 0 });
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/downloads/resend', payload: {} })).statusCode,
    ).toBe(401);
  });
});
