import { randomBytes, randomUUID } from 'node:crypto';
import type NodeFs from 'node:fs';
import { createRequire } from 'node:module';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BankDetails } from '@hls/contract';
import { customer, staff } from '../../../test/checkout-fixtures.ts';
import {
  bearer,
  build,
  login,
  outboxMails,
  readMails,
  registerUser,
  useApp,
  type TestApp,
} from '../../../test/helper.ts';
import { bankAccounts, bankAudit, mailOutbox, payoutRuns, payouts } from '../../db/schema.ts';
import { createBankService, type BankDeps } from './royalties.bank.ts';
import { bankAad, createBankCipher } from './royalties.crypto.ts';

/** A French IBAN (bank 30006, branch 00001, account 12345678901, RIB key 89) and its forms. */
const IBAN = 'FR7630006000011234567890189';
const TYPED = 'fr76 3000 6000 0112 3456 7890 189';
const MASKED = 'FR76 •••• •••• 0189';
const OTHER_IBAN = 'DE89370400440532013000';
const OTHER_MASKED = 'DE89 •••• •••• 3000';
/** The whole IBAN, or the account number in it, must never show. */
const leaks = (text: string) =>
  /30006000011234567890189|12345678901|370400440532013000/.test(text.replace(/\s/g, ''));

const body = (overrides: Record<string, string> = {}) => ({
  holder: 'Amira Ben Salah',
  iban: TYPED,
  bic: 'bnpa fr pp xxx',
  bankName: 'BNP Paribas',
  country: 'fr',
  holderStreet: '14 rue des Écoles',
  holderPostcode: '75005',
  holderCity: 'Paris',
  holderCountry: 'fr',
  residenceCountry: 'fr',
  ...overrides,
});

type Author = { id: string; email: string; headers: Record<string, string> };

async function newAuthor(app: FastifyInstance, language: 'fr' | 'en' = 'fr'): Promise<Author> {
  const registered = await registerUser(
    app,
    { firstName: 'Amira', lastName: 'Ben Salah', language },
    'author',
  );
  const { access } = await login(app, registered.email, registered.password);
  return { id: registered.user.id, email: registered.email, headers: bearer(access) };
}

const bankRequests = (app: FastifyInstance) => ({
  one: (headers: Record<string, string> = {}, url = '/api/checkout/bank/one') =>
    app.inject({ method: 'GET', url, headers }),
  create: (headers: Record<string, string>, payload: object = body(), remoteAddress = '203.0.113.7') =>
    app.inject({ method: 'POST', url: '/api/checkout/bank/create', headers, payload, remoteAddress }),
  update: (headers: Record<string, string>, payload: object = body(), remoteAddress = '203.0.113.8') =>
    app.inject({ method: 'PUT', url: '/api/checkout/bank/update', headers, payload, remoteAddress }),
});

const auditOf = (t: TestApp, ownerId: string) =>
  t.database.db.select().from(bankAudit).where(eq(bankAudit.ownerId, ownerId)).orderBy(bankAudit.id);
const rowOf = async (t: TestApp, userId: string) =>
  (await t.database.db.select().from(bankAccounts).where(eq(bankAccounts.userId, userId)))[0];
const mailsTo = (t: TestApp, email: string) =>
  outboxMails(t.database.db, and(eq(mailOutbox.to, email), eq(mailOutbox.template, 'bank_details_changed')));

/** What the process writes to its standard output and error (pino writes there through `fs`), kept from the screen. */
function captureOutput() {
  const fs = createRequire(import.meta.url)('node:fs') as typeof NodeFs;
  const written: string[] = [];
  const text = (data: unknown) => (Buffer.isBuffer(data) ? data.toString('utf8') : String(data));
  const writeSync = fs.writeSync.bind(fs);
  vi.spyOn(fs, 'writeSync').mockImplementation(((fd: number, data: unknown, ...rest: unknown[]) => {
    if (fd !== 1 && fd !== 2) return (writeSync as (...args: unknown[]) => number)(fd, data, ...rest);
    written.push(text(data));
    return Buffer.byteLength(text(data));
  }) as typeof fs.writeSync);
  const write = fs.write.bind(fs);
  vi.spyOn(fs, 'write').mockImplementation(((fd: number, data: unknown, ...rest: unknown[]) => {
    if (fd !== 1 && fd !== 2) return (write as (...args: unknown[]) => void)(fd, data, ...rest);
    written.push(text(data));
    const done = rest.at(-1) as (error: null, bytes: number) => void;
    process.nextTick(() => done(null, Buffer.byteLength(text(data))));
  }) as typeof fs.write);
  return written;
}

describe('bank details: the author’s own, validated, encrypted, masked, and every change e-mailed', () => {
  const t = useApp();
  const api = () => bankRequests(t.app);

  it('answers null while no details are saved', async () => {
    const author = await newAuthor(t.app);
    const response = await api().one(author.headers);
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('null');
  });

  it('saves details typed in lower case with spaces: normalised, encrypted, shown masked, audited and e-mailed', async () => {
    const author = await newAuthor(t.app);
    const created = await api().create(author.headers);
    expect(created.statusCode, created.body).toBe(201);
    const details = created.json<BankDetails>();
    expect(details).toMatchObject({
      holder: 'Amira Ben Salah',
      ibanMasked: MASKED,
      bic: 'BNPAFRPPXXX',
      bankName: 'BNP Paribas',
      country: 'FR',
    });
    expect(leaks(created.body)).toBe(false);

    const read = await api().one(author.headers);
    expect(read.json()).toEqual(details);
    expect(leaks(read.body)).toBe(false);

    // The column holds no IBAN text: a value under the current key, bound to the author.
    const row = (await rowOf(t, author.id))!;
    expect(row.ibanEncrypted).toMatch(/^v1\.[A-Za-z0-9_-]+\./);
    expect(leaks(row.ibanEncrypted)).toBe(false);
    expect(row.ibanEncrypted).not.toContain('FR76');
    expect(row.ibanMasked).toBe(MASKED);
    expect(createBankCipher(t.config.royalties.bankKeys).decrypt(row.ibanEncrypted, bankAad(author.id))).toBe(
      IBAN,
    );

    expect(await auditOf(t, author.id)).toMatchObject([
      { action: 'created', actorId: author.id, ip: '203.0.113.7', detail: 'POST /api/checkout/bank/create' },
    ]);

    const [queued, ...more] = await mailsTo(t, author.email);
    expect(more).toEqual([]);
    expect(queued).toMatchObject({
      language: 'fr',
      subject: 'Vos coordonnées bancaires ont été enregistrées',
    });
    await t.app.mail.sender.runOnce();
    const sent = readMails(t.mailDir).filter(
      (mail) => mail.to.includes(author.email) && mail.subject.includes('bancaires'),
    );
    expect(sent.map((mail) => mail.subject)).toEqual(['Vos coordonnées bancaires ont été enregistrées']);
    expect(sent[0]!.body).toContain(MASKED);
    expect(sent[0]!.body).toContain('BNPAFRPPXXX');
    expect(sent[0]!.body).toContain(t.config.site.contact.authors);
    expect(sent[0]!.body).toContain('http://shop.test/login-register');
    expect(leaks(sent[0]!.raw) || leaks(sent[0]!.body)).toBe(false);
  });

  it('refuses a second create (409: update them) and an update before any create (404), changing nothing', async () => {
    const author = await newAuthor(t.app);
    const early = await api().update(author.headers);
    expect(early.statusCode).toBe(404);
    expect(early.json()).toMatchObject({ error: { code: 'not_found' } });
    expect(await rowOf(t, author.id)).toBeUndefined();

    expect((await api().create(author.headers)).statusCode).toBe(201);
    const before = await rowOf(t, author.id);
    const again = await api().create(author.headers, body({ iban: OTHER_IBAN, bic: 'COBADEFFXXX' }));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: { code: 'invalid_transition' } });
    expect(again.json<{ error: { message: string } }>().error.message).toMatch(/already saved.*update/);
    expect(await rowOf(t, author.id)).toEqual(before);
    expect((await auditOf(t, author.id)).map((a) => a.action)).toEqual(['created']);
    expect(await mailsTo(t, author.email)).toHaveLength(1);
  });

  it('saves once when two creates race: the other is told to update', { tags: ['postgres'] }, async () => {
    const author = await newAuthor(t.app);
    const responses = await Promise.all([
      api().create(author.headers),
      api().create(author.headers, body({ iban: OTHER_IBAN, bic: 'COBADEFFXXX' })),
    ]);
    expect(responses.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const saved = responses.find((r) => r.statusCode === 201)!.json<BankDetails>();
    expect((await api().one(author.headers)).json()).toEqual(saved);
    expect((await auditOf(t, author.id)).map((a) => a.action)).toEqual(['created']);
    expect(await mailsTo(t, author.email)).toHaveLength(1);
  });

  it('replaces the details on update, re-encrypted, and tells the author in their language', async () => {
    const author = await newAuthor(t.app, 'en');
    await api().create(author.headers);
    const before = (await rowOf(t, author.id))!;
    const updated = await api().update(
      author.headers,
      body({
        holder: 'A. Ben Salah',
        iban: OTHER_IBAN,
        bic: 'COBADEFF',
        bankName: 'Commerzbank',
        country: 'DE',
      }),
    );
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({
      holder: 'A. Ben Salah',
      ibanMasked: OTHER_MASKED,
      bic: 'COBADEFF',
      bankName: 'Commerzbank',
      country: 'DE',
    });
    const after = (await rowOf(t, author.id))!;
    expect(after.ibanEncrypted).not.toBe(before.ibanEncrypted);
    expect(after.updatedAt.getTime()).toBeGreaterThanOrEqual(before.updatedAt.getTime());
    expect(after.createdAt).toEqual(before.createdAt);
    expect((await api().one(author.headers)).json()).toMatchObject({ ibanMasked: OTHER_MASKED });
    expect(await auditOf(t, author.id)).toMatchObject([
      { action: 'created' },
      { action: 'updated', actorId: author.id, ip: '203.0.113.8', detail: 'PUT /api/checkout/bank/update' },
    ]);

    const mails = await mailsTo(t, author.email);
    expect(mails.map((m) => m.subject)).toEqual([
      'Your bank details were saved',
      'Your bank details were changed',
    ]);
    expect(mails[1]!.text).toContain(`IBAN: ${OTHER_MASKED}`);
    expect(mails[1]!.text).toContain('If you did not make this change');
    for (const mail of mails) expect(leaks(mail.text) || leaks(mail.html)).toBe(false);
  });

  it.each([
    ['a wrong check digit (mod 97)', { iban: 'FR7730006000011234567890189' }, 'iban'],
    // mod 97 holds (FR54…) but the RIB key of the French account number does not: ibantools checks both.
    ['a French account whose RIB key is wrong', { iban: 'FR5430006000011234567890100' }, 'iban'],
    ['a wrong length for the country', { iban: 'FR76300060000112345678901' }, 'iban'],
    ['letters that are no IBAN', { iban: 'not an iban' }, 'iban'],
    ['no IBAN', { iban: '' }, 'iban'],
    ['a BIC of the wrong shape', { bic: 'BNPAFRP' }, 'bic'],
    ['a BIC with a bad country', { bic: 'BNPA12PP' }, 'bic'],
    ['a one-letter holder', { holder: 'A' }, 'holder'],
    ['a country that is no code', { country: 'France' }, 'country'],
  ])('refuses %s (400 naming the field) and changes nothing', async (_what, change, field) => {
    const author = await newAuthor(t.app);
    const refused = await api().create(author.headers, body(change));
    expect(refused.statusCode).toBe(400);
    expect(Object.keys(refused.json<{ error: { fields: object } }>().error.fields)).toEqual([field]);
    expect(leaks(refused.body)).toBe(false);

    expect((await api().create(author.headers)).statusCode).toBe(201);
    const before = await rowOf(t, author.id);
    expect((await api().update(author.headers, body(change))).statusCode).toBe(400);
    expect(await rowOf(t, author.id)).toEqual(before);
    expect((await auditOf(t, author.id)).map((a) => a.action)).toEqual(['created']);
    expect(await mailsTo(t, author.email)).toHaveLength(1);
  });

  it('refuses guests (401) and every role but authors (403), auditing and logging each refusal', async () => {
    const guests = [await api().one(), await api().create({}), await api().update({}, { iban: 'x' })];
    expect(guests.map((r) => r.statusCode)).toEqual([401, 401, 401]);
    const warn = vi.spyOn(t.app.log, 'warn');
    try {
      const people = [await customer(t.app), await staff(t.app, 'editor'), await staff(t.app, 'admin')];
      for (const person of people) {
        const headers = bearer(person.access);
        const responses = [
          await api().one(headers),
          await api().create(headers, body(), '198.51.100.4'),
          // A body that fails validation is refused for the role first: nothing is said about it.
          await api().update(headers, { iban: 'x' }, '198.51.100.4'),
        ];
        expect(responses.map((r) => r.statusCode)).toEqual([403, 403, 403]);
        for (const response of responses)
          expect(response.json()).toMatchObject({ error: { code: 'forbidden' } });
        expect(await rowOf(t, person.id)).toBeUndefined();
        const refusals = await t.database.db
          .select()
          .from(bankAudit)
          .where(eq(bankAudit.actorId, person.id))
          .orderBy(bankAudit.id);
        const role = person === people[0] ? 'customer' : person === people[1] ? 'editor' : 'admin';
        expect(refusals).toMatchObject([
          { action: 'refused', ownerId: null, detail: `GET /api/checkout/bank/one (${role})` },
          {
            action: 'refused',
            ownerId: null,
            detail: `POST /api/checkout/bank/create (${role})`,
            ip: '198.51.100.4',
          },
          {
            action: 'refused',
            ownerId: null,
            detail: `PUT /api/checkout/bank/update (${role})`,
            ip: '198.51.100.4',
          },
        ]);
        expect(warn).toHaveBeenCalledWith(
          expect.objectContaining({ actorId: person.id, role, route: 'PUT /api/checkout/bank/update' }),
          'bank details refused',
        );
      }
    } finally {
      warn.mockRestore();
    }
  });

  it('only ever reads and writes the token’s user: an author never reaches another’s details', async () => {
    const a = await newAuthor(t.app);
    const b = await newAuthor(t.app);
    await api().create(a.headers);
    await api().create(b.headers, body({ iban: OTHER_IBAN, bic: 'COBADEFFXXX', country: 'DE' }));

    // Naming B anywhere in A's request changes nothing: the routes have no owner but the token's user.
    const named = await api().one(a.headers, `/api/checkout/bank/one?userId=${b.id}&id=${b.id}`);
    expect(named.json()).toMatchObject({ ibanMasked: MASKED });
    const updated = await api().update(a.headers, {
      ...body({ holder: 'A only' }),
      userId: b.id,
      ownerId: b.id,
    });
    expect(updated.statusCode).toBe(200);
    expect((await rowOf(t, a.id))!.holder).toBe('A only');
    expect((await api().one(b.headers)).json()).toMatchObject({
      ibanMasked: OTHER_MASKED,
      holder: 'Amira Ben Salah',
    });
    expect((await auditOf(t, b.id)).map((x) => x.action)).toEqual(['created']);
  });

  it('binds each IBAN to its author: A’s value copied into B’s row does not decrypt', async () => {
    const a = await newAuthor(t.app);
    const b = await newAuthor(t.app);
    await api().create(a.headers);
    await api().create(b.headers, body({ iban: OTHER_IBAN, bic: 'COBADEFFXXX', country: 'DE' }));
    const { bank } = t.app.royalties;
    expect((await bank.decryptFor(b.id, null, 'test'))!.iban).toBe(OTHER_IBAN);

    const stolen = (await rowOf(t, a.id))!.ibanEncrypted;
    await t.database.db
      .update(bankAccounts)
      .set({ ibanEncrypted: stolen })
      .where(eq(bankAccounts.userId, b.id));
    await expect(bank.decryptFor(b.id, null, 'test')).rejects.toThrow(/cannot be decrypted/);
    await expect(bank.decryptCopy(b.id, stolen, null, 'test')).rejects.toThrow(/cannot be decrypted/);
    expect((await bank.decryptFor(a.id, null, 'test'))!.iban).toBe(IBAN);
    expect(await bank.decryptCopy(a.id, stolen, null, 'test')).toBe(IBAN);
  });

  it(
    'audits every decryption, in the caller’s transaction (gone if it rolls back)',
    { tags: ['postgres'] },
    async () => {
      const author = await newAuthor(t.app);
      const admin = await staff(t.app, 'admin');
      await api().create(author.headers);
      const { bank } = t.app.royalties;
      expect(await bank.decryptFor(randomUUID(), admin.id, 'nobody')).toBeNull();

      const plain = await bank.decryptFor(author.id, admin.id, 'payout run HLS-RUN-TEST');
      expect(plain).toMatchObject({
        holder: 'Amira Ben Salah',
        iban: IBAN,
        bic: 'BNPAFRPPXXX',
        ibanMasked: MASKED,
      });
      await expect(
        t.app.transaction(async (ctx) => {
          await bank.decryptFor(author.id, admin.id, 'rolled back', ctx);
          throw new Error('roll back');
        }),
      ).rejects.toThrow('roll back');
      expect((await auditOf(t, author.id)).map((a) => [a.action, a.actorId, a.detail])).toEqual([
        ['created', author.id, 'POST /api/checkout/bank/create'],
        ['decrypted', admin.id, 'payout run HLS-RUN-TEST'],
      ]);
    },
  );

  it('never writes the whole IBAN to the log, even at trace level', async () => {
    // The test app logs nothing; one at trace level shows what a request and its refusal would write.
    const loud = await build({ env: { LOG_LEVEL: 'trace' } });
    const written = captureOutput();
    try {
      const author = await newAuthor(loud.app);
      const routes = bankRequests(loud.app);
      expect((await routes.create(author.headers)).statusCode).toBe(201);
      expect(
        (await routes.update(author.headers, body({ iban: 'FR7630006000011234567890188' }))).statusCode,
      ).toBe(400);
      expect((await routes.one(author.headers)).statusCode).toBe(200);
    } finally {
      vi.restoreAllMocks();
      await loud.close();
    }
    const log = written.join('');
    expect(log).toContain('/api/checkout/bank/create');
    expect(leaks(log)).toBe(false);
  });

  it('limits writes to a few per author and window (429)', async () => {
    const author = await newAuthor(t.app);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1) statuses.push((await api().update(author.headers)).statusCode);
    expect(statuses.slice(0, 10).every((s) => s === 404)).toBe(true);
    expect(statuses[10]).toBe(429);
    // Another author is not held back by the first.
    expect((await api().create((await newAuthor(t.app)).headers)).statusCode).toBe(201);
  });
});

describe('bank details: key rotation', () => {
  const t = useApp({ env: { BANK_DATA_KEYS: `k1:${randomBytes(32).toString('base64')}` } });
  const k1 = () => t.config.royalties.bankKeys.keys.k1!;
  const k2 = randomBytes(32);
  const serviceWith = (keys: BankDeps['keys']) =>
    createBankService({
      db: t.app.db,
      transaction: t.app.transaction,
      keys,
      mail: t.app.mail,
      accounts: t.app.accounts,
      publicUrl: 'http://shop.test',
      contactEmail: 'authors@shop.test',
      log: t.app.log,
    });

  afterEach(() => vi.restoreAllMocks());

  it('reads rows under the old key, moves them and the payouts’ copies under the new one, then needs the old key no more', async () => {
    const api = bankRequests(t.app);
    const a = await newAuthor(t.app);
    const b = await newAuthor(t.app);
    expect((await api.create(a.headers)).statusCode).toBe(201);
    expect((await api.create(b.headers, body({ iban: OTHER_IBAN, bic: 'COBADEFFXXX' }))).statusCode).toBe(
      201,
    );
    const before = (await rowOf(t, a.id))!;
    expect(before.ibanEncrypted).toMatch(/^v1\.k1\./);

    // A payout that copied A's IBAN under k1.
    const [run] = await t.database.db
      .insert(payoutRuns)
      .values({ reference: 'HLS-RUN-TEST-1', executionDate: '2026-11-23', totalCents: 1000, count: 1 })
      .returning();
    await t.database.db.insert(payouts).values({
      runId: run!.id,
      authorId: a.id,
      reference: 'HLS-PO-TEST-1',
      amountCents: 1000,
      entries: 1,
      periodFrom: new Date('2026-10-01'),
      periodTo: new Date('2026-10-31'),
      holder: before.holder,
      ibanEncrypted: before.ibanEncrypted,
      ibanMasked: before.ibanMasked,
      bic: before.bic,
    });

    // The new key first, the old one kept: everything still reads.
    const rotated = serviceWith({ current: 'k2', keys: { k2, k1: k1() } });
    expect(await rotated.get(a.id)).toMatchObject({ ibanMasked: MASKED });
    expect((await rotated.decryptFor(a.id, null, 'test'))!.iban).toBe(IBAN);

    expect(await rotated.rekey()).toEqual({ bankAccounts: 2, payouts: 1 });
    expect(await rotated.rekey()).toEqual({ bankAccounts: 0, payouts: 0 });
    const moved = (await rowOf(t, a.id))!;
    expect(moved.ibanEncrypted).toMatch(/^v1\.k2\./);
    expect(moved.ibanMasked).toBe(MASKED);
    expect(moved.updatedAt).toEqual(before.updatedAt);
    const [payout] = await t.database.db.select().from(payouts).where(eq(payouts.reference, 'HLS-PO-TEST-1'));
    expect(payout!.ibanEncrypted).toMatch(/^v1\.k2\./);
    expect((await auditOf(t, a.id)).map((x) => [x.action, x.detail])).toEqual([
      ['created', 'POST /api/checkout/bank/create'],
      ['decrypted', 'test'],
      ['rekeyed', 'bank details: k1 → k2'],
      ['rekeyed', 'payout HLS-PO-TEST-1: k1 → k2'],
    ]);

    // The old key gone: the details and the payout's copy still decrypt.
    const newOnly = serviceWith({ current: 'k2', keys: { k2 } });
    expect((await newOnly.decryptFor(a.id, null, 'test'))!.iban).toBe(IBAN);
    expect((await newOnly.decryptFor(b.id, null, 'test'))!.iban).toBe(OTHER_IBAN);
    expect(await newOnly.decryptCopy(a.id, payout!.ibanEncrypted, null, 'test')).toBe(IBAN);
    expect(await newOnly.rekey()).toEqual({ bankAccounts: 0, payouts: 0 });

    // Without the rotation, the app's old ring can no longer read what moved.
    await expect(t.app.royalties.bank.decryptFor(a.id, null, 'test')).rejects.toThrow(/k2/);
  });

  it('stops, naming the author, on a value no key of the ring decrypts (nothing of the batch is half-moved)', async () => {
    const api = bankRequests(t.app);
    const a = await newAuthor(t.app);
    await api.create(a.headers);
    const stranger = createBankCipher({ current: 'k9', keys: { k9: randomBytes(32) } });
    await t.database.db
      .update(bankAccounts)
      .set({ ibanEncrypted: stranger.encrypt(IBAN, bankAad(a.id)) })
      .where(eq(bankAccounts.userId, a.id));
    await expect(serviceWith({ current: 'k2', keys: { k2, k1: k1() } }).rekey()).rejects.toThrow(a.id);
    expect((await rowOf(t, a.id))!.ibanEncrypted).toMatch(/^v1\.k9\./);
    await t.database.db.delete(bankAccounts).where(eq(bankAccounts.userId, a.id));
  });
});
