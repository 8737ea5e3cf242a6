// The checkout bench's set-up: the registered customers, what they buy (ebooks given a PDF, professional files,
// paper editions given plenty of stock) and the 20 MB file the download measure serves.
import { createHash, randomBytes } from 'node:crypto';
import { PDFDocument, StandardFonts } from '@cantoo/pdf-lib';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import type { CheckoutCatalog } from './checkout-load.ts';

/** Customers buying at once, and registered customers they take turns as. */
export const CHECKOUT_CONCURRENCY = 16;
export const CUSTOMERS = 64;
const CUSTOMER_EMAIL = (n: number) => `bench.customer.${n}@hls.test`;
const CUSTOMER_PASSWORD = 'bench-customer-password-0123';
/** Copies put in stock on each paper edition the customers buy: far more than a run sells. */
const PAPER_STOCK = 1_000_000;
export const DOWNLOAD_BYTES = 20 * 1024 * 1024;
export const DOWNLOAD_KEY = 'files/bench/checkout-download-20mb.zip';
const EBOOK_KEY = 'files/bench/checkout-ebook.pdf';

export type PaperEditions = Map<number, { productId: number; stock: number }>;

/** Runs `work` over `items`, `width` at a time. */
async function inBatches<T, R>(items: T[], width: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  for (let i = 0; i < items.length; i += width)
    results.push(...(await Promise.all(items.slice(i, i + width).map(work))));
  return results;
}

export async function registerCustomers(app: FastifyInstance): Promise<{ ids: string[]; tokens: string[] }> {
  const numbers = Array.from({ length: CUSTOMERS }, (_, n) => n + 1);
  const users = await inBatches(numbers, 8, async (n) => {
    // Made as the back office makes accounts, their addresses confirmed: an order needs a confirmed address.
    const user = await app.accounts.createUser({
      firstName: n % 3 === 0 ? 'Zoë' : 'Camille',
      lastName: `Client ${n}`,
      email: CUSTOMER_EMAIL(n),
      password: CUSTOMER_PASSWORD,
      language: n % 2 === 0 ? 'en' : 'fr',
      role: 'customer',
    });
    const tokens = await app.accounts.login(CUSTOMER_EMAIL(n), CUSTOMER_PASSWORD);
    return { id: user.id, token: tokens.access };
  });
  return { ids: users.map((user) => user.id), tokens: users.map((user) => user.token) };
}

async function ebookPdf(): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (let page = 1; page <= 3; page++) {
    pdf.addPage([420, 595]).drawText(`Bench ebook, page ${page}`, { x: 40, y: 540, size: 18, font });
  }
  return pdf.save();
}

/**
 * What the customers buy: published ebooks (each given a PDF, as the demo books have), professional files, and
 * paper editions given plenty of stock. Writes the tables directly, as the bulk seed does, then empties the
 * catalogue's caches.
 */
export async function prepareCatalog(
  app: FastifyInstance,
  pool: pg.Pool,
): Promise<{ catalog: CheckoutCatalog; paperEditions: PaperEditions }> {
  const ebooks = (
    await pool.query<{ id: number }>(
      `SELECT p.id FROM products p JOIN book_editions e ON e.product_id = p.id AND e.format = 'ebook'
       WHERE p.status = 'published' AND p.kind = 'book' AND e.final_price_cents > 0
       ORDER BY md5(p.id::text || 'ebook') LIMIT 200`,
    )
  ).rows.map((row) => row.id);
  const files = (
    await pool.query<{ id: number }>(
      `SELECT p.id FROM products p JOIN file_assets f ON f.product_id = p.id
       WHERE p.status = 'published' AND p.kind = 'file' AND p.section = 'professional' AND p.price_cents > 0
       ORDER BY md5(p.id::text || 'file') LIMIT 201`,
    )
  ).rows.map((row) => row.id);
  const paper = (
    await pool.query<{ id: number; product_id: number }>(
      `SELECT e.id, e.product_id FROM book_editions e JOIN products p ON p.id = e.product_id
       WHERE p.status = 'published' AND e.format = 'paper' AND e.final_price_cents > 0
       ORDER BY md5(p.id::text || 'paper') LIMIT 50`,
    )
  ).rows;
  if (ebooks.length < 10 || files.length < 11 || paper.length < 5) {
    throw new Error('the catalogue holds too few ebooks, professional files or paper books for the checkout');
  }
  await pool.query('UPDATE book_editions SET stock = $1 WHERE id = ANY($2::int[])', [
    PAPER_STOCK,
    paper.map((row) => row.id),
  ]);
  const bytes = await ebookPdf();
  const stored = await app.storage.putObject(EBOOK_KEY, bytes, 'application/pdf');
  for (const productId of ebooks) {
    await app.catalog.assets.attach(productId, {
      fileType: 'pdf',
      storageKey: EBOOK_KEY,
      originalName: `ebook-${productId}.pdf`,
      mime: 'application/pdf',
      sizeBytes: stored.sizeBytes,
      sha256: stored.sha256,
      pages: 3,
    });
  }
  app.events.emit('catalog.changed', { what: 'bulk' });
  return {
    // The last file is kept for the download measure.
    catalog: { ebooks, files: files.slice(0, -1), paperBooks: paper.map((row) => row.product_id) },
    paperEditions: new Map(paper.map((row) => [row.id, { productId: row.product_id, stock: PAPER_STOCK }])),
  };
}

/** Stores the download file and makes it the product's asset; the bytes are not kept in memory afterwards. */
export async function storeDownloadFile(app: FastifyInstance, pool: pg.Pool, productId: number) {
  const bytes = randomBytes(DOWNLOAD_BYTES);
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  await app.storage.putObject(DOWNLOAD_KEY, bytes, 'application/zip');
  await app.catalog.assets.attach(productId, {
    fileType: 'package',
    storageKey: DOWNLOAD_KEY,
    originalName: 'rapport-annuel-données.zip',
    mime: 'application/zip',
    sizeBytes: bytes.length,
    sha256,
  });
  await pool.query(`UPDATE products SET file_type = 'package' WHERE id = $1`, [productId]);
  app.events.emit('catalog.changed', { what: 'bulk' });
  return { sha256, sizeBytes: bytes.length };
}
