import type { FastifyInstance } from 'fastify';
import type { DownloadLink } from '@hls/contract';
import type { Customer } from './checkout-fixtures.ts';

let documentSequence = 0;

/** A published free academic document with a stored file, by `authorId`. */
export async function publishFreeDocument(
  app: FastifyInstance,
  authorId: string,
  title = 'Cours de statistiques',
): Promise<{ id: number }> {
  documentSequence += 1;
  const n = `${process.pid}-${documentSequence}`;
  const category = await app.catalog.writes.createCategory({
    section: 'academic',
    slug: `cours-${n}`,
    nameFr: 'Cours',
    nameEn: 'Courses',
  });
  const bytes = new TextEncoder().encode(`%PDF-1.4\n% ${title}\n%%EOF\n`);
  const stored = await app.storage.putObject(`files/free/${n}.pdf`, bytes, 'application/pdf');
  return app.catalog.writes.createProduct({
    kind: 'file',
    section: 'academic',
    title: `${title} ${n}`,
    description: 'Des notes de cours.',
    language: 'fr',
    authorId,
    status: 'published',
    categoryId: category.id,
    cover: { key: `covers/free-${n}.png`, width: 600, height: 800 },
    priceCents: 0,
    file: {
      fileType: 'pdf',
      storageKey: stored.key,
      originalName: 'cours.pdf',
      mime: 'application/pdf',
      sizeBytes: stored.sizeBytes,
      sha256: stored.sha256,
    },
  });
}

/** The user's link to a free document, as its page asks for it (nothing downloaded yet). */
export async function freeLink(app: FastifyInstance, user: Customer, productId: number): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: `/api/category/file/${productId}/download`,
    headers: user.headers,
  });
  if (response.statusCode !== 200) throw new Error(`free download: ${response.statusCode} ${response.body}`);
  return response.json<DownloadLink>().url;
}

/** Downloads a free document as its page does: the link, then the file. */
export async function downloadFree(app: FastifyInstance, user: Customer, productId: number): Promise<void> {
  const file = await app.inject({ method: 'GET', url: await freeLink(app, user, productId) });
  if (file.statusCode !== 200) throw new Error(`download: ${file.statusCode}`);
}
