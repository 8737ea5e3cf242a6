import { PDFDocument, StandardFonts } from '@cantoo/pdf-lib';
import { and, desc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DownloadLink, EmailPreferences } from '@hls/contract';
import type { VersionedDownload } from '@hls/contract/file-versions';
import { confirmEmail, bearer, login, registerUser, useAppWithMailServer } from '../../../test/helper.ts';
import { buy } from '../../../test/royalty-fixtures.ts';
import { entitlements, fileVersions, versionNotices } from '../../db/schema.ts';
import { extractPdfText } from '../../lib/pdf/pdf-text.ts';
import type { NewProduct } from '../catalog/index.ts';
import { NOTICE_JOB } from './downloads.notices.ts';

async function pdf(text: string): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  doc.addPage([595, 842]).drawText(text, { x: 60, y: 760, size: 14, font });
  return doc.save();
}

type Buyer = { id: string; email: string; access: string; headers: Record<string, string> };

describe('new versions of a file reach its buyers', () => {
  const t = useAppWithMailServer();

  async function buyer(language: 'fr' | 'en', firstName: string): Promise<Buyer> {
    const registered = await registerUser(t.app, { firstName, lastName: 'Karoui', language });
    await confirmEmail(t.app, registered.email);
    const { access } = await login(t.app, registered.email, registered.password);
    return { id: registered.user.id, email: registered.email, access, headers: bearer(access) };
  }

  /** A paid professional PDF, its first version on sale; `publish` replaces it as the editor's decision does. */
  async function pdfProduct() {
    const tag = `${process.pid}-${Date.now()}`;
    const author = await registerUser(t.app, { firstName: 'Amira' }, 'author');
    const category = await t.app.catalog.writes.createCategory({
      section: 'professional',
      slug: `versions-${tag}`,
      nameFr: 'Versions',
      nameEn: 'Versions',
    });
    const file = async (text: string) => {
      const stored = await t.app.storage.putObject(
        `submissions/versions-${tag}/${text.replace(/\W+/g, '-').toLowerCase()}.pdf`,
        await pdf(text),
        'application/pdf',
      );
      return {
        fileType: 'pdf' as const,
        storageKey: stored.key,
        originalName: 'budget.pdf',
        mime: 'application/pdf',
        sizeBytes: stored.sizeBytes,
        sha256: stored.sha256,
      };
    };
    const input: NewProduct = {
      kind: 'file',
      section: 'professional',
      title: 'Budget prévisionnel',
      description: 'Un budget.',
      language: 'fr',
      authorId: author.user.id,
      categoryId: category.id,
      status: 'published',
      cover: { key: `covers/versions-${tag}.png`, width: 600, height: 800 },
      priceCents: 1500,
      file: await file('Budget version one'),
    };
    const { id } = await t.app.catalog.writes.createProduct(input);
    return {
      id,
      publish: async (changes: Partial<NewProduct>) =>
        t.app.catalog.writes.updateProduct(id, { ...input, ...changes }),
      file,
    };
  }

  /** Runs the jobs the writes sent, then delivers the outbox to the SMTP server. */
  const deliver = async () => {
    await t.app.jobs.settle();
    await t.app.mail.sender.runOnce();
  };
  const newVersionMails = (who: Buyer) =>
    t.smtp.received
      .filter((m) => m.to.includes(who.email))
      .map((m) => ({ subject: m.subject, body: m.text }))
      .filter((m) => /version/i.test(m.subject));
  const downloadsOf = async (who: Buyer) => {
    const response = await t.app.inject({ method: 'GET', url: '/api/downloads', headers: who.headers });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ results: VersionedDownload[] }>().results;
  };
  const link = (who: Buyer, entitlementId: string, payload?: object) =>
    t.app.inject({
      method: 'POST',
      url: `/api/downloads/${entitlementId}/link`,
      headers: who.headers,
      ...(payload ? { payload } : {}),
    });

  let product: Awaited<ReturnType<typeof pdfProduct>>;
  let ana: Buyer;
  let ben: Buyer;
  let carl: Buyer;

  beforeAll(async () => {
    product = await pdfProduct();
    [ana, ben, carl] = [await buyer('fr', 'Ana'), await buyer('en', 'Ben'), await buyer('en', 'Carl')];
    for (const who of [ana, ben, carl]) await buy(t.app, who, [{ productId: product.id }]);
    const off = await t.app.inject({
      method: 'PATCH',
      url: '/api/account/email-preferences',
      headers: carl.headers,
      payload: { versionEmails: false },
    });
    expect(off.statusCode, off.body).toBe(200);
    await deliver();
  });

  it('records no version for a new price or description, and tells no one', async () => {
    await product.publish({ priceCents: 1900, description: 'Un budget, moins cher hier.' });
    await deliver();
    const versions = await t.database.db
      .select()
      .from(fileVersions)
      .where(eq(fileVersions.productId, product.id));
    expect(versions.map((v) => v.number)).toEqual([1]);
    expect(newVersionMails(ana)).toEqual([]);
  });

  it('e-mails each buyer once in their language, not one who opted out, and not again when the job runs again', async () => {
    await product.publish({
      file: await product.file('Budget version two'),
      versionNote: 'Les formules de TVA sont corrigées.',
    });
    await deliver();

    const [fr] = newVersionMails(ana);
    expect(fr?.subject).toBe('Nouvelle version de «\u202fBudget prévisionnel\u202f» (version 2)');
    expect(fr?.body).toContain('Les formules de TVA sont corrigées.');
    expect(fr?.body).toContain('http://shop.test/download');
    expect(fr?.body).toMatch(/http:\/\/shop\.test\/email\/versions-off\/[\w.-]+/);
    const [en] = newVersionMails(ben);
    expect(en?.subject).toBe('New version of “Budget prévisionnel” (version 2)');
    expect(en?.body).toContain('Earlier versions stay available to download');
    expect(newVersionMails(carl), 'opted out').toEqual([]);

    // The job again (a retry, another instance): nobody hears twice.
    const [version] = await t.database.db
      .select()
      .from(fileVersions)
      .where(eq(fileVersions.productId, product.id))
      .orderBy(fileVersions.number)
      .offset(1);
    await t.app.jobs.send(NOTICE_JOB, { productId: product.id, versionId: version!.id, number: 2 });
    await deliver();
    expect(newVersionMails(ana)).toHaveLength(1);
    expect(newVersionMails(ben)).toHaveLength(1);
    const notices = await t.database.db
      .select({ userId: versionNotices.userId, outcome: versionNotices.outcome })
      .from(versionNotices)
      .where(eq(versionNotices.versionId, version!.id));
    expect(new Map(notices.map((n) => [n.userId, n.outcome]))).toEqual(
      new Map([
        [ana.id, 'mailed'],
        [ben.id, 'mailed'],
        [carl.id, 'opted_out'],
      ]),
    );
  });

  it('lists both versions on /download and serves each, stamped for the buyer; another user’s entitlement is a 404', async () => {
    const [download] = await downloadsOf(ana);
    expect(download).toMatchObject({
      status: 'ready',
      fileName: 'budget-previsionnel-v2.pdf',
      version: { number: 2, note: 'Les formules de TVA sont corrigées.' },
      earlierVersions: [{ number: 1, note: null, status: 'ready', fileName: 'budget-previsionnel-v1.pdf' }],
    });

    const fetchText = async (url: string) => {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, response.body).toBe(200);
      return {
        text: (await extractPdfText(response.rawPayload)).join(' '),
        disposition: response.headers['content-disposition'],
      };
    };
    const current = await link(ana, download!.entitlementId);
    expect(current.statusCode, current.body).toBe(200);
    const v2 = await fetchText(current.json<DownloadLink>().url);
    expect(v2.text).toContain('Budget version two');
    expect(v2.text, 'stamped for her').toContain(ana.email);
    expect(v2.disposition).toBe('attachment; filename="budget-previsionnel-v2.pdf"');
    const earlier = await link(ana, download!.entitlementId, { version: 1 });
    expect(earlier.statusCode, earlier.body).toBe(200);
    const v1 = await fetchText(earlier.json<DownloadLink>().url);
    expect(v1.text).toContain('Budget version one');
    expect(v1.text).toContain(ana.email);

    // Both downloads count on the one purchase: its first download is the one that ended the withdrawal right.
    const [row] = await t.database.db
      .select()
      .from(entitlements)
      .where(eq(entitlements.id, download!.entitlementId));
    expect(row).toMatchObject({ downloadCount: 2 });
    expect((await downloadsOf(ana))[0]!.firstDownloadAt).toBe(row!.firstDownloadAt!.toISOString());

    expect((await link(ben, download!.entitlementId)).statusCode, 'another user').toBe(404);
    expect((await link(ben, download!.entitlementId, { version: 1 })).statusCode).toBe(404);
    expect((await link(ana, download!.entitlementId, { version: 3 })).statusCode, 'no such version').toBe(
      404,
    );
    const bad = await link(ana, download!.entitlementId, { version: 'first' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fieldKeys).toEqual({ version: 'version.invalid' });
  });

  it('turns the e-mails off from the link without logging in; a forged link changes nothing', async () => {
    const preferences = async (who: Buyer) =>
      (
        await t.app.inject({ method: 'GET', url: '/api/account/email-preferences', headers: who.headers })
      ).json<EmailPreferences>();
    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/downloads/version-emails/off',
      payload: { token: `${await t.app.downloads.optOut.sign(ben.id)}x` },
    });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().error.code).toBe('invalid_email_token');
    const empty = await t.app.inject({
      method: 'POST',
      url: '/api/downloads/version-emails/off',
      payload: {},
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.fieldKeys).toEqual({ token: 'emailLink.required' });
    expect((await preferences(ben)).versionEmails).toBe(true);

    const url = /http:\/\/shop\.test\/email\/versions-off\/([\w.-]+)/.exec(
      newVersionMails(ana)[0]!.body,
    )![1]!;
    const off = await t.app.inject({
      method: 'POST',
      url: '/api/downloads/version-emails/off',
      payload: { token: decodeURIComponent(url) },
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toEqual({ email: ana.email });
    expect((await preferences(ana)).versionEmails).toBe(false);
    expect((await preferences(ben)).versionEmails).toBe(true);

    // Her next new version is not e-mailed; Ben's is.
    await product.publish({ file: await product.file('Budget version three') });
    await deliver();
    expect(newVersionMails(ana)).toHaveLength(1);
    expect(newVersionMails(ben)).toHaveLength(2);
  });

  it('sends again the job of a version some buyer was not told of, telling only that buyer', async () => {
    await product.publish({ file: await product.file('Budget version four') });
    await deliver();
    expect(newVersionMails(ben).map((m) => m.subject)).toContain(
      'New version of “Budget prévisionnel” (version 4)',
    );
    const [version] = await t.database.db
      .select({ id: fileVersions.id })
      .from(fileVersions)
      .where(eq(fileVersions.productId, product.id))
      .orderBy(desc(fileVersions.number))
      .limit(1);
    // As if the job had given up before it reached Ben.
    await t.database.db
      .delete(versionNotices)
      .where(and(eq(versionNotices.versionId, version!.id), eq(versionNotices.userId, ben.id)));
    const before = { ana: newVersionMails(ana).length, ben: newVersionMails(ben).length };

    // The sweep leaves a fresh version's own job a few minutes, then sends it again; nobody is told twice after.
    expect(await t.app.downloads.sweepNotices(new Date())).toBe(0);
    const later = new Date(Date.now() + 6 * 60_000);
    expect(await t.app.downloads.sweepNotices(later)).toBe(1);
    await deliver();
    expect(newVersionMails(ben)).toHaveLength(before.ben + 1);
    expect(newVersionMails(ana)).toHaveLength(before.ana);
    expect(await t.app.downloads.sweepNotices(later)).toBe(0);
  });
});
