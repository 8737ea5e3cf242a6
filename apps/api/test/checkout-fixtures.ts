import { PDFDocument, StandardFonts } from '@cantoo/pdf-lib';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Order, PaymentIntent } from '@hls/contract';
import { orderEvents, orders } from '../src/db/schema.ts';
import { consent, parisAddress } from './checkout-data.ts';
import { bearer, confirmEmail, login, registerUser, uniqueEmail, type TestApp } from './helper.ts';

/**
 * A small shop for the checkout tests: published products of every kind sold (a book with paper and ebook
 * editions, a professional file), customers and staff who log in, and orders placed through the API.
 */

export type Shop = {
  /** A book with a paper edition (in stock) and an ebook edition. */
  bookId: number;
  /** A paid professional file. */
  fileId: number;
  /** The author of both, logged in. */
  author: { id: string; email: string; password: string; headers: Record<string, string> };
};

let shopSequence = 0;

export async function openShop(app: FastifyInstance, options: { paperStock?: number } = {}): Promise<Shop> {
  shopSequence += 1;
  const n = `${process.pid}-${shopSequence}`;
  const author = await registerUser(app, { firstName: 'Amira', lastName: 'Ben Salah' }, 'author');
  const books = await app.catalog.writes.createCategory({
    section: 'book',
    slug: `romans-${n}`,
    nameFr: 'Romans',
    nameEn: 'Novels',
  });
  const files = await app.catalog.writes.createCategory({
    section: 'professional',
    slug: `finance-${n}`,
    nameFr: 'Finance',
    nameEn: 'Finance',
  });
  const common = {
    description: 'Une description.',
    language: 'fr' as const,
    authorId: author.user.id,
    status: 'published' as const,
    cover: { key: `covers/checkout-${n}.png`, width: 600, height: 800 },
  };
  const book = await app.catalog.writes.createProduct({
    ...common,
    kind: 'book',
    section: 'book',
    title: `Le jardin des oliviers ${n}`,
    categoryId: books.id,
    editions: [
      { format: 'paper', priceCents: 2000, discountPercent: 10, stock: options.paperStock ?? 20 },
      { format: 'ebook', priceCents: 1200 },
    ],
  });
  const file = await app.catalog.writes.createProduct({
    ...common,
    kind: 'file',
    section: 'professional',
    title: `Tableau de trésorerie ${n}`,
    categoryId: files.id,
    priceCents: 4900,
    discountPercent: 20,
    file: {
      fileType: 'excel',
      storageKey: `files/checkout/${n}.xlsx`,
      originalName: 'tresorerie.xlsx',
      mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      sizeBytes: 2048,
      sha256: 'ab'.repeat(32),
    },
  });
  // The ebook's file (a real PDF, stamped for each buyer): an ebook edition is sold only with a file to deliver.
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  doc.addPage([595, 842]).drawText('Le jardin des oliviers', { x: 60, y: 760, size: 14, font });
  const ebook = await app.storage.putObject(
    `files/checkout/${n}-ebook.pdf`,
    await doc.save(),
    'application/pdf',
  );
  await app.catalog.assets.attach(book.id, {
    fileType: 'pdf',
    storageKey: ebook.key,
    originalName: 'jardin-des-oliviers.pdf',
    mime: 'application/pdf',
    sizeBytes: ebook.sizeBytes,
    sha256: ebook.sha256,
  });
  const { access } = await login(app, author.email, author.password);
  return {
    bookId: book.id,
    fileId: file.id,
    author: { id: author.user.id, email: author.email, password: author.password, headers: bearer(access) },
  };
}

export type Customer = { id: string; email: string; access: string; headers: Record<string, string> };

/** A new customer who confirmed their address (orders wait for it), logged in. */
export async function customer(app: FastifyInstance, language: 'fr' | 'en' = 'en'): Promise<Customer> {
  const registered = await registerUser(app, { firstName: 'Zoë', lastName: 'Łukasz' });
  await confirmEmail(app, registered.email);
  const { access } = await login(app, registered.email, registered.password);
  return {
    id: registered.user.id,
    email: registered.email,
    access,
    headers: { ...bearer(access), 'accept-language': language },
  };
}

/** An editor or admin of the back office, logged in. */
export async function staff(app: FastifyInstance, role: 'editor' | 'admin' = 'editor'): Promise<Customer> {
  const email = uniqueEmail(role);
  const user = await app.accounts.createUser({
    firstName: 'Sami',
    lastName: 'Trabelsi',
    email,
    password: 'Secret123',
    role,
  });
  const { access } = await login(app, email, 'Secret123');
  return { id: user.id, email, access, headers: { ...bearer(access), 'accept-language': 'en' } };
}

const expectStatus = (response: LightMyRequestResponse, status: number, what: string) => {
  if (response.statusCode !== status) {
    throw new Error(`${what}: expected ${status}, got ${response.statusCode} ${response.body}`);
  }
};

export type Line = { productId: number; edition?: 'paper' | 'ebook'; quantity?: number };

/** The buyer's country (and business VAT number) on a pending order: POST /api/order/billing. */
export async function saveBilling(
  app: FastifyInstance,
  buyer: Customer,
  orderId: string,
  billing: { country: string; vatNumber?: string; confirmCountry?: boolean },
): Promise<Order> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/order/billing',
    headers: buyer.headers,
    payload: { orderId, ...billing },
  });
  expectStatus(response, 200, 'order billing');
  return response.json<Order>();
}

/**
 * POST /api/order/create, the buyer's country (France unless told: 5.5 % on books, 20 % on files), and the address
 * when the order holds paper books (Paris).
 */
export async function placeOrder(
  app: FastifyInstance,
  buyer: Customer,
  lines: Line[],
  billing: { country: string; vatNumber?: string } | null = { country: 'FR' },
): Promise<Order> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/order/create',
    headers: buyer.headers,
    payload: { lines },
  });
  expectStatus(response, 201, 'order creation');
  const created = response.json<Order>();
  const order = billing ? await saveBilling(app, buyer, created.id, billing) : created;
  if (!order.needsAddress) return order;
  const address = await app.inject({
    method: 'POST',
    url: '/api/order/address',
    headers: buyer.headers,
    payload: {
      orderId: order.id,
      ...parisAddress,
    },
  });
  expectStatus(address, 200, 'order address');
  return address.json<Order>();
}

export { consent };

/** POST /api/order/intentPayement with both consents. */
export async function startPayment(app: FastifyInstance, buyer: Customer, orderId: string) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/order/intentPayement',
    headers: buyer.headers,
    payload: { orderId, consent },
  });
  expectStatus(response, 200, 'payment intent');
  return response.json<PaymentIntent>();
}

export const confirm = (app: FastifyInstance, buyer: Customer, orderId: string) =>
  app.inject({ method: 'POST', url: '/api/order/confirm', headers: buyer.headers, payload: { orderId } });

/** The kinds of an order's history rows, oldest first. */
export const history = async (t: TestApp, orderId: string) =>
  (
    await t.database.db
      .select({ kind: orderEvents.kind })
      .from(orderEvents)
      .where(eq(orderEvents.orderId, orderId))
      .orderBy(orderEvents.id)
  ).map((e) => e.kind);

/** An order's row as stored. */
export const orderRow = async (t: TestApp, orderId: string) =>
  (await t.database.db.select().from(orders).where(eq(orders.id, orderId)))[0]!;
