// @module-tag postgres — whether a session is on is read from its row, which another connection ends.
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DownloadLink } from '@hls/contract';
import { staff } from '../../../test/checkout-fixtures.ts';
import { publishFreeDocument } from '../../../test/free-document.ts';
import { bearer, confirmEmail, login, outboxMails, registerUser, useApp } from '../../../test/helper.ts';
import { mailOutbox } from '../../db/schema.ts';
import { RESENT_LINK_TTL } from './downloads.links.ts';
import { createDownloadTokens, DOWNLOAD_AUDIENCE } from './downloads.tokens.ts';

const t = useApp();

/** The claims of a JWT, read without checking it. */
const claimsOf = (token: string): Record<string, unknown> =>
  JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString());
const tokenOf = (url: string) => url.split('/').pop()!;

type Session = { id: string; access: string; refresh: string; headers: Record<string, string> };
type Buyer = { id: string; email: string; password: string; signIn(): Promise<Session> };

/** A customer with a confirmed address, who logs in once per `signIn` (one session each). */
async function newBuyer(): Promise<Buyer> {
  const registered = await registerUser(t.app, { firstName: 'Yasmine', lastName: 'Gharbi' });
  await confirmEmail(t.app, registered.email);
  const buyer = { id: registered.user.id, email: registered.email, password: registered.password };
  return {
    ...buyer,
    async signIn() {
      const { access, refresh } = await login(t.app, buyer.email, buyer.password);
      return { id: claimsOf(access).sid as string, access, refresh, headers: bearer(access) };
    },
  };
}

describe('download links and sessions', () => {
  let documentId: number;
  beforeAll(async () => {
    const author = await registerUser(t.app, { firstName: 'Amira' }, 'author');
    documentId = (await publishFreeDocument(t.app, author.user.id, 'Cours de comptabilité')).id;
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  /** The link a free document's page asks for, in this session. */
  const freeLink = async (session: Session) => {
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/category/file/${documentId}/download`,
      headers: session.headers,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<DownloadLink>();
  };
  /** The link the downloads page asks for, in this session. */
  const link = async (session: Session, entitlementId: string) => {
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/downloads/${entitlementId}/link`,
      headers: session.headers,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<DownloadLink>().url;
  };
  const fetchFile = (url: string) => t.app.inject({ method: 'GET', url });
  const expectRefused = async (url: string, because: string) => {
    const response = await fetchFile(url);
    expect(response.statusCode, because).toBe(403);
    expect(response.json().error.code).toBe('invalid_download_token');
  };
  const logout = async (session: Session) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/logout',
      payload: { refresh: session.refresh },
    });
    expect(response.statusCode).toBe(204);
  };

  it('makes links on the site for the session that asked: a logout ends them, another session’s go on', async () => {
    const buyer = await newBuyer();
    const first = await buyer.signIn();
    const second = await buyer.signIn();
    const fromPage = await freeLink(first);
    const fromDownloads = await link(second, fromPage.entitlementId);
    expect(claimsOf(tokenOf(fromPage.url))).toMatchObject({ use: 'site', sid: first.id, sub: buyer.id });
    expect(claimsOf(tokenOf(fromDownloads))).toMatchObject({ use: 'site', sid: second.id, sub: buyer.id });
    expect((await fetchFile(fromPage.url)).statusCode).toBe(200);
    expect((await fetchFile(fromDownloads)).statusCode).toBe(200);

    await logout(first);
    await expectRefused(fromPage.url, 'the session that asked for it ended');
    const other = await fetchFile(fromDownloads);
    expect(other.statusCode, 'the other session of the same buyer still lives').toBe(200);
    const resumed = await t.app.inject({ method: 'GET', url: fromDownloads, headers: { range: 'bytes=4-' } });
    expect(resumed.statusCode).toBe(206);

    await logout(second);
    await expectRefused(fromDownloads, 'its session ended too');
    const again = await buyer.signIn();
    await expectRefused(fromDownloads, 'a new login does not bring back a link of an ended session');
    expect((await fetchFile(await link(again, fromPage.entitlementId))).statusCode).toBe(200);
  });

  it('ends the links of every session of the buyer at a password change', async () => {
    const buyer = await newBuyer();
    const first = await buyer.signIn();
    const second = await buyer.signIn();
    const { url, entitlementId } = await freeLink(first);
    const other = await link(second, entitlementId);
    expect((await fetchFile(url)).statusCode).toBe(200);

    const changed = await t.app.inject({
      method: 'PUT',
      url: '/api/editPassword',
      headers: first.headers,
      payload: { oldPassword: buyer.password, newPassword: 'Another456' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    await expectRefused(url, 'the password change ended the session that asked for it');
    await expectRefused(other, 'and every other session');
  });

  it('ends the links of a suspended buyer', async () => {
    const buyer = await newBuyer();
    const session = await buyer.signIn();
    const { url } = await freeLink(session);
    expect((await fetchFile(url)).statusCode).toBe(200);

    const admin = await staff(t.app, 'admin');
    const suspended = await t.app.inject({
      method: 'POST',
      url: `/api/admin/users/${buyer.id}/suspend`,
      headers: admin.headers,
    });
    expect(suspended.statusCode, suspended.body).toBe(200);
    await expectRefused(url, 'the suspension ended the session');
  });

  it('refuses a site link naming a session that is not one of its buyer’s, or no use at all', async () => {
    const buyer = await newBuyer();
    const session = await buyer.signIn();
    const { entitlementId } = await freeLink(session);
    const stranger = await (await newBuyer()).signIn();
    const tokens = createDownloadTokens(t.config.checkout.downloadTokenSecret);
    const claims = { userId: buyer.id, productId: documentId, entitlementId };
    const signed = async (sessionId: string) =>
      `/api/category/download/${(await tokens.sign({ ...claims, use: 'site', sessionId }, 600)).token}`;

    expect((await fetchFile(await signed(session.id))).statusCode, 'the buyer’s own session').toBe(200);
    await expectRefused(await signed(randomUUID()), 'a session that never was');
    await expectRefused(await signed(stranger.id), 'a live session of another user');
    await expectRefused(await signed('not-a-session'), 'not a session id');

    // A link that says neither what it is for nor which session asked (as links were made before).
    const key = new TextEncoder().encode(t.config.checkout.downloadTokenSecret);
    const unbound = await new SignJWT({ file_id: documentId, ent: entitlementId })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(buyer.id)
      .setAudience(DOWNLOAD_AUDIENCE)
      .setIssuedAt()
      .setExpirationTime('10m')
      .sign(key);
    await expectRefused(`/api/category/download/${unbound}`, 'a link of no use');
    const sessionless = await new SignJWT({ file_id: documentId, ent: entitlementId, use: 'site' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(buyer.id)
      .setAudience(DOWNLOAD_AUDIENCE)
      .setIssuedAt()
      .setExpirationTime('10m')
      .sign(key);
    await expectRefused(`/api/category/download/${sessionless}`, 'a site link naming no session');
  });

  it('e-mails links marked for mail, one file each, that work without a session for 24 hours', async () => {
    expect(RESENT_LINK_TTL).toBe(24 * 3600);
    const buyer = await newBuyer();
    const session = await buyer.signIn();
    const { entitlementId } = await freeLink(session);
    const resent = await t.app.inject({
      method: 'POST',
      url: '/api/downloads/resend',
      headers: session.headers,
      payload: {},
    });
    expect(resent.json()).toEqual({ sent: 1 });
    const [mail] = (
      await outboxMails(
        t.app.db,
        and(eq(mailOutbox.to, buyer.email), eq(mailOutbox.template, 'download_links')),
      )
    ).reverse();
    const urls = [...mail!.text.matchAll(/http:\/\/shop\.test(\/api\/category\/download\/[\w.-]+)/g)].map(
      (m) => m[1]!,
    );
    expect(new Set(urls).size).toBe(1);
    const url = urls[0]!;
    const claims = claimsOf(tokenOf(url)) as { iat: number; exp: number };
    expect(claims).toMatchObject({ use: 'mail', sub: buyer.id, ent: entitlementId, file_id: documentId });
    expect(claims, 'bound to no session').not.toHaveProperty('sid');
    expect(claims.exp - claims.iat).toBe(24 * 3600);

    // The buyer signs out everywhere: the mailed link still serves the file (the terms send files by e-mail).
    await logout(session);
    expect((await fetchFile(url)).statusCode).toBe(200);

    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime((claims.iat + 24 * 3600 - 60) * 1000);
    expect((await fetchFile(url)).statusCode, 'a minute before its 24 hours are over').toBe(200);
    vi.setSystemTime((claims.iat + 24 * 3600 + 1) * 1000);
    await expectRefused(url, 'its 24 hours are over');
  });
});
