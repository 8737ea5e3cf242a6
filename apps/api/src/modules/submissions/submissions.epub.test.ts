import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  BookDetail,
  ReviewSubmission,
  Submission,
  type DownloadLink,
  type SubmissionFile,
} from '@hls/contract';
import { VersionedDownloadList } from '@hls/contract/file-versions';
import { customer, staff, type Customer } from '../../../test/checkout-fixtures.ts';
import { bearer, login, registerUser, useApp } from '../../../test/helper.ts';
import { buy } from '../../../test/royalty-fixtures.ts';
import { products, submissionFiles } from '../../db/schema.ts';
import { readEpub } from '../../lib/epub/epub-archive.ts';
import { buildEpub } from '../../lib/epub/epub-build.ts';
import { checkEpub } from '../../lib/epub/epub-check.ts';
import { runEpubcheck } from '../../lib/epub/epubcheck.ts';

// Ace (a browser run per EPUB) is tested once on its own below; the API's checks here run epubcheck only.
const t = useApp({ env: { EPUB_ACE: 'false' } });

type Part = { name: string; value: string } | { name: string; bytes: Uint8Array; filename: string };

async function send(url: string, headers: Record<string, string>, parts: Part[]) {
  const form = new FormData();
  for (const part of parts) {
    if ('value' in part) form.append(part.name, part.value);
    else form.append(part.name, new Blob([Buffer.from(part.bytes)]), part.filename);
  }
  const request = new Request('http://x', { method: 'POST', body: form });
  return t.app.inject({
    method: 'POST',
    url,
    headers: { ...headers, 'content-type': request.headers.get('content-type')! },
    payload: Buffer.from(await request.arrayBuffer()),
  });
}

const expectStatus = (response: LightMyRequestResponse, status: number) =>
  expect(response.statusCode, response.body).toBe(status);

const accessibility = {
  accessModes: ['textual'],
  accessModesSufficient: ['textual'],
  features: ['displayTransformability', 'tableOfContents', 'readingOrder'],
  hazards: ['none'],
  summary: 'Un texte sans images, navigable par sa table des matières.',
  conformsTo: 'EPUB Accessibility 1.1 - WCAG 2.1 Level AA',
};

const goodEpub = () =>
  buildEpub({
    title: 'Les oliviers de Sfax',
    author: 'Amira Ben Salah',
    language: 'fr',
    chapters: [
      { title: 'La récolte', body: '<p>Trois générations cueillent les olives à la main.</p>' },
      { title: 'Le pressoir', body: '<p>L’huile coule au moulin du village.</p>' },
    ],
    accessibility,
  });

/** A link to a page the EPUB does not hold: epubcheck's RSC-007, an error that blocks publication. */
const brokenEpub = () =>
  buildEpub({
    title: 'Le moulin perdu',
    author: 'Amira Ben Salah',
    language: 'fr',
    chapters: [{ title: 'Le moulin', body: '<p><a href="absent.xhtml">La suite</a></p>' }],
  });

let author: Customer;
let editor: Customer;
let buyer: Customer;
let novels: number;

beforeAll(async () => {
  const registered = await registerUser(t.app, { firstName: 'Amira', lastName: 'Ben Salah' }, 'author');
  const { access } = await login(t.app, registered.email, registered.password);
  author = {
    id: registered.user.id,
    email: registered.email,
    access,
    headers: { ...bearer(access), 'accept-language': 'en' },
  };
  [editor, buyer] = await Promise.all([staff(t.app, 'editor'), customer(t.app)]);
  novels = (
    await t.app.catalog.writes.createCategory({
      section: 'book',
      slug: `epub-novels-${process.pid}`,
      nameFr: 'Romans',
      nameEn: 'Novels',
    })
  ).id;
});

async function proposeEbook(title: string, epub: Uint8Array): Promise<Submission> {
  const response = await send('/api/books/add', author.headers, [
    { name: 'title', value: title },
    { name: 'description', value: 'Un roman sur trois générations d’oléiculteurs du Sahel tunisien.' },
    { name: 'language', value: 'fr' },
    { name: 'categoryId', value: String(novels) },
    { name: 'ebookPriceCents', value: '990' },
    { name: 'manuscript', bytes: epub, filename: `${title}.epub` },
  ]);
  expectStatus(response, 201);
  return Submission.parse(response.json());
}

const manuscriptOf = (submission: Submission): SubmissionFile =>
  submission.working.files.find((file) => file.slot === 'manuscript')!;

const review = async (id: string) => {
  const response = await t.app.inject({ url: `/api/editorial/submissions/${id}`, headers: editor.headers });
  expectStatus(response, 200);
  return ReviewSubmission.parse(response.json());
};

const publish = async (id: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/editorial/submissions/${id}/decision`,
    headers: editor.headers,
    payload: { decision: 'publish', comment: 'Bon pour la vente.' },
  });

describe('EPUB ebooks', () => {
  let productId: number;

  it('checks each uploaded EPUB after the upload, shows the report to author and editor, and refuses to publish one with blocking errors', async () => {
    const good = await proposeEbook('Les oliviers de Sfax', goodEpub());
    const broken = await proposeEbook('Le moulin perdu', brokenEpub());
    expect(manuscriptOf(good)).toMatchObject({
      mime: 'application/epub+zip',
      epubReport: { status: 'pending', blocking: false, epubcheck: null },
    });
    await t.app.jobs.settle(120_000);

    const goodReport = manuscriptOf(await review(good.id)).epubReport!;
    expect(goodReport).toMatchObject({
      status: 'done',
      blocking: false,
      epubcheck: { state: 'done', errors: 0 },
      metadata: { version: '3.0', title: 'Les oliviers de Sfax', language: 'fr', accessibility },
    });
    expect(goodReport.ace).toMatchObject({
      state: 'unavailable',
      reason: 'Ace is switched off (EPUB_ACE=false)',
    });

    // The author reads the same report in their proposal.
    const own = await t.app.inject({ url: `/api/submissions/${broken.id}`, headers: author.headers });
    const brokenReport = manuscriptOf(Submission.parse(own.json())).epubReport!;
    expect(brokenReport).toMatchObject({ status: 'done', blocking: true, epubcheck: { state: 'done' } });
    expect(brokenReport.epubcheck!.errors).toBeGreaterThan(0);
    expect(brokenReport.epubcheck!.findings[0]).toMatchObject({
      level: 'error',
      code: 'RSC-007',
      location: expect.stringContaining('chapter-1.xhtml') as string,
    });
    // No accessibility metadata declared: read as none.
    expect(brokenReport.metadata!.accessibility).toMatchObject({
      accessModes: [],
      features: [],
      summary: null,
    });

    await t.app.inject({
      method: 'POST',
      url: `/api/editorial/submissions/${broken.id}/claim`,
      headers: editor.headers,
    });
    const refused = await publish(broken.id);
    expectStatus(refused, 409);
    expect(refused.json().error).toMatchObject({
      code: 'epub_invalid',
      message: 'The EPUB has blocking errors: see its report in the proposal.',
    });
    expect((await review(broken.id)).status).toBe('in_review');
    expect(await t.database.db.select().from(products).where(eq(products.title, 'Le moulin perdu'))).toEqual(
      [],
    );

    // A check not run yet holds the publication back too.
    const [file] = await t.database.db
      .update(submissionFiles)
      .set({ epubReport: { ...goodReport, status: 'pending' } })
      .where(eq(submissionFiles.id, manuscriptOf(good).id))
      .returning();
    await t.app.inject({
      method: 'POST',
      url: `/api/editorial/submissions/${good.id}/claim`,
      headers: editor.headers,
    });
    const early = await publish(good.id);
    expectStatus(early, 409);
    expect(early.json().error.code).toBe('epub_check_pending');
    await t.database.db
      .update(submissionFiles)
      .set({ epubReport: goodReport })
      .where(eq(submissionFiles.id, file!.id));

    const published = await publish(good.id);
    expectStatus(published, 200);
    productId = ReviewSubmission.parse(published.json()).productId!;
    const detail = BookDetail.parse((await t.app.inject({ url: `/api/books/list/${productId}` })).json());
    expect(detail.accessibility).toEqual(accessibility);
    expect(detail.editions.find((e) => e.format === 'ebook')!.ebookFile).toEqual({
      format: 'epub',
      drmFree: true,
      watermarked: true,
    });
  }, 60_000); // two epubcheck runs (a JVM each)

  it('delivers a bought EPUB as EPUB with its buyer and order inside, still valid for epubcheck', async () => {
    expect(productId, 'published by the test before').toBeDefined();
    const order = await buy(t.app, buyer, [{ productId, edition: 'ebook' }]);
    await t.app.jobs.settle(60_000);
    const list = await t.app.inject({ url: '/api/downloads', headers: buyer.headers });
    const download = VersionedDownloadList.parse(list.json()).results.find(
      (item) => item.productId === productId,
    )!;
    expect(download).toMatchObject({
      fileType: 'epub',
      status: 'ready',
      fileName: 'les-oliviers-de-sfax.epub',
    });

    const link = await t.app.inject({
      method: 'POST',
      url: `/api/downloads/${download.entitlementId}/link`,
      headers: buyer.headers,
    });
    expectStatus(link, 200);
    const served = await t.app.inject({ url: link.json<DownloadLink>().url });
    expectStatus(served, 200);
    expect(served.headers['content-type']).toContain('application/epub+zip');
    const bytes = served.rawPayload;
    // The OCF container: `mimetype` first, stored, with no extra field.
    expect(bytes.subarray(30, 38).toString('latin1')).toBe('mimetype');
    expect(bytes.readUInt16LE(8)).toBe(0);
    expect(bytes.subarray(38, 58).toString('latin1')).toBe('application/epub+zip');

    const { entries, opf } = readEpub(bytes);
    const owner = 'Zoë Łukasz';
    expect(opf).toContain(
      `<dc:rights xmlns:dc="http://purl.org/dc/elements/1.1/">This copy belongs to ${owner}, order ${order.number}.</dc:rights>`,
    );
    expect(opf).toMatch(/<spine>\s*<itemref idref="hls-copy-owner"\/>/);
    const page = new TextDecoder().decode(entries.get('EPUB/hls-copy-owner.xhtml'));
    expect(page).toContain(`Cet exemplaire appartient à ${owner}, commande ${order.number}.`);
    expect(page).toContain(`This copy belongs to ${owner}, order ${order.number}.`);

    const dir = await mkdtemp(path.join(tmpdir(), 'hls-stamped-'));
    try {
      await writeFile(path.join(dir, 'copy.epub'), bytes);
      const checked = await runEpubcheck(path.join(dir, 'copy.epub'), {
        jar: t.config.uploads.epubChecks.epubcheckJar,
      });
      expect(checked).toMatchObject({ state: 'done', errors: 0, warnings: 0 });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 40_000); // one epubcheck run

  it('says a check is unavailable when its tool is missing, and still reads the metadata', async () => {
    const report = await checkEpub(goodEpub(), {
      epubcheckJar: '/nonexistent/epubcheck.jar',
      chromiumPath: null,
    });
    expect(report).toMatchObject({
      status: 'done',
      blocking: false,
      epubcheck: { state: 'unavailable', reason: 'epubcheck is not installed (/nonexistent/epubcheck.jar)' },
      ace: { state: 'unavailable' },
      metadata: { accessibility },
    });
  });
});
