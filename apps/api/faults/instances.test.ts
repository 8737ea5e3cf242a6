// Several API processes on one PostgreSQL, as a deployment behind a load balancer runs them.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { PDFDocument, StandardFonts } from '@cantoo/pdf-lib';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type ApiProcess } from './api-process.ts';
import { freePort, startCluster, type Cluster } from './postgres-cluster.ts';
import { startRedis, type RedisServer } from './redis-server.ts';
import { health, registerCustomers, waitFor } from './shop.ts';
import { consent, demoCard } from '../test/checkout-data.ts';
import { startTestS3, type TestS3 } from '../test/s3-server.ts';
import { startMailServer, type MailServer } from '../test/smtp-server.ts';

const run = promisify(execFile);

/** A small PDF of a few pages, as an author uploads one. */
async function samplePdf(title: string): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let i = 1; i <= 3; i += 1)
    doc.addPage([595, 842]).drawText(`${title} ${i}`, { x: 60, y: 760, size: 14, font });
  return doc.save();
}
const migrateCommand = fileURLToPath(new URL('../src/cli/migrate.ts', import.meta.url));

let cluster: Cluster;
let redis: RedisServer;
let s3: TestS3;
let mail: MailServer;
const folders: string[] = [];
const apis: ApiProcess[] = [];

beforeAll(async () => {
  [cluster, redis, s3, mail] = await Promise.all([
    startCluster(),
    startRedis(),
    startTestS3('hls-instances'),
    startMailServer(),
  ]);
});

afterAll(async () => {
  await Promise.all(apis.map((api) => api.kill('SIGKILL')));
  await cluster?.destroy();
  await redis?.stop();
  await s3?.close();
  await mail?.close();
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

/**
 * A JSON request, from the client address `from` as the load balancer names it (X-Forwarded-For, TRUST_PROXY=1):
 * each test comes from an address of its own, so that the per-client rate limits of one leave the others alone.
 */
const send = (
  api: ApiProcess,
  method: string,
  url: string,
  body?: unknown,
  token?: string,
  from = '127.0.0.1',
) =>
  fetch(`${api.base}${url}`, {
    method,
    headers: {
      'x-forwarded-for': from,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
const post = (api: ApiProcess, url: string, body: unknown, token?: string, from?: string) =>
  send(api, 'POST', url, body, token, from);

/**
 * Waits (at most a second) until a change made through one instance shows through the others, and says how long
 * it took.
 */
async function seenWithinASecond(shown: () => Promise<boolean>, what: string, lastSeen?: () => string) {
  const from = Date.now();
  try {
    await waitFor(async () => (await shown()) || undefined, what, 1000);
  } catch (error) {
    // What the instances said last: a slow answer, an error or the old state.
    if (!lastSeen) throw error;
    throw new Error(`${(error as Error).message}; last seen: ${lastSeen()}`, { cause: error });
  }
  console.info(`${what} after ${Date.now() - from} ms`);
}

/** The errors an instance logged, for a failure's message. */
const errorsOf = (api: ApiProcess) =>
  api
    .output()
    .split('\n')
    .filter((line) => line.includes('"level":50'))
    .slice(-3)
    .join('\n');

/** The access token of a demo account, logged in through `api`. */
async function demoLogin(api: ApiProcess, who: 'customer' | 'author' | 'editor' | 'admin', from?: string) {
  const login = await post(
    api,
    '/api/login',
    { email: `${who}@hls.test`, password: 'Demo1234!' },
    undefined,
    from,
  );
  expect(login.status, await login.clone().text()).toBe(200);
  return ((await login.json()) as { access: string }).access;
}

async function instanceEnv(databaseUrl: string): Promise<Record<string, string>> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'hls-instance-'));
  folders.push(dataDir);
  return {
    NODE_ENV: 'development',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    // The same secrets on every instance, as a deployment gives them.
    JWT_SECRET: 'instances-share-this-secret-of-at-least-32-chars',
    DOWNLOAD_TOKEN_SECRET: 'instances-share-this-download-secret-32-chars',
    SEED_DEMO: 'true',
    LOG_LEVEL: 'warn',
    // Behind a load balancer: the client's address is the one it forwards.
    TRUST_PROXY: '1',
    // What the instances share: PostgreSQL, Redis, the bucket and the mail server.
    REDIS_URL: redis.url,
    ...s3.env,
    SMTP_URL: mail.url,
  };
}

describe('instances started together', () => {
  it('on an empty database: one migrates and seeds under the start lock, the others wait and go on', async () => {
    const envs = await Promise.all([1, 2, 3].map(() => instanceEnv(cluster.url)));
    const started = await Promise.allSettled(envs.map((env) => startApi(env, 90_000)));
    for (const outcome of started) if (outcome.status === 'fulfilled') apis.push(outcome.value);
    expect(started.map((outcome) => (outcome.status === 'rejected' ? String(outcome.reason) : 'up'))).toEqual(
      ['up', 'up', 'up'],
    );
    const database = new pg.Client({ connectionString: cluster.url });
    await database.connect();
    try {
      const { rows } = await database.query<{ email: string; count: number }>(
        `SELECT lower(email) AS email, count(*)::int AS count FROM users GROUP BY 1 HAVING count(*) > 1`,
      );
      expect(rows).toEqual([]);
      const demo = await database.query<{ count: number }>(
        `SELECT count(*)::int AS count FROM users WHERE email = 'customer@hls.test'`,
      );
      expect(demo.rows[0]!.count).toBe(1);
    } finally {
      await database.end();
    }
    // Each of them serves the one catalogue.
    const totals = await Promise.all(
      apis.map(async (api) => {
        const response = await fetch(`${api.base}/api/books/filter/book`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: '{}',
        });
        expect(response.status).toBe(200);
        return ((await response.json()) as { count: number }).count;
      }),
    );
    expect(new Set(totals).size).toBe(1);
    expect(totals[0]).toBeGreaterThan(0);
  });

  it('a logout through one instance ends the session on the others within a second', async () => {
    const [a, b, c] = apis as [ApiProcess, ApiProcess, ApiProcess];
    const login = await post(a, '/api/login', { email: 'customer@hls.test', password: 'Demo1234!' });
    const { access, refresh } = (await login.json()) as { access: string; refresh: string };
    const me = (api: ApiProcess) =>
      fetch(`${api.base}/api/user`, { headers: { authorization: `Bearer ${access}` } }).then((r) => r.status);
    // B and C have checked the session, and remember it as active.
    expect([await me(b), await me(c)]).toEqual([200, 200]);
    const out = await post(a, '/api/logout', { refresh }, access);
    expect(out.status).toBeLessThan(300);
    const seen: string[] = [];
    await seenWithinASecond(
      async () => {
        const started = Date.now();
        const answers = [await me(b), await me(c)];
        seen.push(`${answers.join(' and ')} in ${Date.now() - started} ms`);
        return answers.every((status) => status === 401);
      },
      'logout seen by the other instances',
      () => seen.join(', '),
    );
  });

  it('an author renamed through one instance shows on the cached lists of the others within a second', async () => {
    const [a, b, c] = apis as [ApiProcess, ApiProcess, ApiProcess];
    const access = await demoLogin(a, 'author');
    const authorNames = async (api: ApiProcess) => {
      const response = await post(api, '/api/books/filter/book', {});
      const page = (await response.json()) as { results: { author: { name: string } }[] };
      return page.results.map((product) => product.author.name);
    };
    // The lists are read (and cached) on B and C before the change.
    await Promise.all([authorNames(b), authorNames(c)]);
    const name = `Renamed ${Date.now()}`;
    const changed = await fetch(`${a.base}/api/user/author-profile`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${access}`, 'content-type': 'application/json' },
      body: JSON.stringify({ displayName: name, bio: '' }),
    });
    expect(changed.status).toBe(200);
    await seenWithinASecond(
      async () => (await authorNames(b)).includes(name) && (await authorNames(c)).includes(name),
      'the new name shown by the other instances',
    );
  });

  it('the account lock and the reset mails count once across instances', async () => {
    const email = `locked-${Date.now()}@hls.test`;
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      const answer = await post(
        apis[i % 3]!,
        '/api/login',
        { email, password: 'Wrong-guess1' },
        undefined,
        '198.51.100.21',
      );
      statuses.push(answer.status);
    }
    // Five wrong passwords (ACCOUNT_LOCK_FAILURES) lock the account, whichever instances they went through.
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);

    const resets: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      const answer = await post(apis[i % 3]!, '/api/password/reset', { email }, undefined, '198.51.100.22');
      resets.push(answer.status);
    }
    // Three reset mails per address (RESET_MAIL_MAX), not three per instance.
    expect(resets).toEqual([200, 200, 200, 429, 429]);
    await waitFor(
      () => (mail.received.filter((m) => m.to.includes(email)).length >= 3 ? true : undefined),
      'the three reset mails',
      10_000,
    );
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(mail.received.filter((m) => m.to.includes(email))).toHaveLength(3);
  });

  it('a user suspended through one instance is refused by the others within a second', async () => {
    const [a, b, c] = apis as [ApiProcess, ApiProcess, ApiProcess];
    const [token] = await registerCustomers(a.base, mail, 1, 'suspended');
    const me = async (api: ApiProcess) =>
      (await send(api, 'GET', '/api/user', undefined, token)).json() as Promise<{ id: string }>;
    const { id } = await me(b);
    const status = (api: ApiProcess) => send(api, 'GET', '/api/user', undefined, token).then((r) => r.status);
    expect([await status(b), await status(c)]).toEqual([200, 200]);
    const admin = await demoLogin(a, 'admin', '198.51.100.31');
    expect((await post(a, `/api/admin/users/${id}/suspend`, {}, admin)).status).toBe(200);
    await seenWithinASecond(
      async () => (await status(b)) === 401 && (await status(c)) === 401,
      'suspension seen by the other instances',
    );
  });

  it('an upload through one instance is reviewed and published through another and served by the third, until unpublished', async () => {
    const [a, b, c] = apis as [ApiProcess, ApiProcess, ApiProcess];
    const from = '198.51.100.41';
    const author = await demoLogin(a, 'author', from);
    const categories = (await (await send(a, 'GET', '/api/category/list?section=academic')).json()) as {
      id: number;
    }[];
    const categoryId = categories[0]!.id;
    const subcategories = (await (
      await send(a, 'GET', `/api/category/list/subcategory?category=${categoryId}`)
    ).json()) as { id: number }[];
    const title = `Rapport partagé ${Date.now()}`;
    const form = new FormData();
    const fields: Record<string, string> = {
      section: 'academic',
      title,
      description: 'Un rapport de stage sur le contrôle de gestion d’une PME tunisienne, avec ses annexes.',
      language: 'fr',
      categoryId: String(categoryId),
      ...(subcategories[0] ? { subcategoryId: String(subcategories[0].id) } : {}),
      fileType: 'pdf',
      rights: 'own_work',
      licence: 'cc_by',
    };
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    form.append(
      'file',
      new Blob([new Uint8Array(await samplePdf(title))], { type: 'application/pdf' }),
      'rapport.pdf',
    );
    const proposed = await fetch(`${a.base}/api/category/file/create`, {
      method: 'POST',
      headers: { authorization: `Bearer ${author}`, 'x-forwarded-for': from },
      body: form,
    });
    expect(proposed.status, `${await proposed.clone().text()}\n${errorsOf(a)}`).toBe(201);
    const { id: submissionId } = (await proposed.json()) as { id: string };

    // The editor reads the upload and publishes it through B.
    const editor = await demoLogin(b, 'editor', from);
    const review = (await (
      await send(b, 'GET', `/api/editorial/submissions/${submissionId}`, undefined, editor)
    ).json()) as { working: { files: { slot: string; url: string }[] } };
    const uploaded = review.working.files.find((file) => file.slot === 'file')!;
    const upload = await send(b, 'GET', uploaded.url, undefined, editor);
    expect(upload.status).toBe(200);
    expect((await upload.text()).startsWith('%PDF-')).toBe(true);
    expect((await post(b, `/api/editorial/submissions/${submissionId}/claim`, {}, editor)).status).toBe(200);
    const decided = await post(
      b,
      `/api/editorial/submissions/${submissionId}/decision`,
      { decision: 'publish', comment: 'Bienvenue.', confidentialityChecked: true },
      editor,
    );
    expect(decided.status, await decided.clone().text()).toBe(200);
    const { productId } = (await decided.json()) as { productId: number };

    // C shows it at once, with its cover.
    const detail = await waitFor(
      async () => {
        const response = await send(c, 'GET', `/api/category/file/${productId}`);
        if (response.status !== 200) return undefined;
        return (await response.json()) as { title: string; coverUrl: string };
      },
      'the product on C',
      20_000,
    );
    expect(detail.title).toBe(title);
    expect((await send(c, 'GET', detail.coverUrl)).status).toBe(200);

    // A customer downloads it through C with a link asked for on A.
    const customer = await demoLogin(a, 'customer', from);
    const link = await post(a, `/api/category/file/${productId}/download`, {}, customer);
    expect(link.status, await link.clone().text()).toBe(200);
    const file = await send(c, 'GET', ((await link.json()) as { url: string }).url);
    expect(file.status).toBe(200);
    expect(
      Buffer.from(await file.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');

    // Unpublished through A: B's rendered page and sitemap, read (and kept) before, drop it within a second.
    const page = () =>
      send(b, 'GET', `/prodoc/${productId}?lng=fr`).then(async (r) => [r.status, await r.text()] as const);
    const sitemap = () => send(b, 'GET', '/sitemap.xml').then((r) => r.text());
    const [shown, html] = await page();
    expect(shown).toBe(200);
    expect(html).toContain(title);
    expect(await sitemap()).toContain(`/prodoc/${productId}`);
    const unpublished = await post(
      a,
      `/api/editorial/submissions/${submissionId}/unpublish`,
      { comment: 'Retiré.' },
      editor,
    );
    expect(unpublished.status, await unpublished.clone().text()).toBe(200);
    await seenWithinASecond(
      async () => (await page())[0] === 404 && !(await sitemap()).includes(`/prodoc/${productId}`),
      'unpublished product gone from the other instance',
    );
  });

  it('a PDF bought through one instance is stamped and downloaded through the others, and confirmed by one e-mail', async () => {
    const [a, b, c] = apis as [ApiProcess, ApiProcess, ApiProcess];
    const from = '198.51.100.51';
    const [token] = await registerCustomers(a.base, mail, 1, 'stamped');
    const files = (await (await post(a, '/api/category/filter/pro', {})).json()) as {
      results: { id: number; free: boolean; fileType: string }[];
    };
    const pdf = files.results.find((product) => !product.free && product.fileType === 'pdf')!;
    const created = await post(a, '/api/order/create', { lines: [{ productId: pdf.id }] }, token, from);
    expect(created.status, await created.clone().text()).toBe(201);
    const order = (await created.json()) as { id: string; number: string };
    const billed = await post(c, '/api/order/billing', { orderId: order.id, country: 'FR' }, token, from);
    expect(billed.status, await billed.clone().text()).toBe(200);
    const intent = (await (
      await post(b, '/api/order/intentPayement', { orderId: order.id, consent }, token, from)
    ).json()) as {
      intentId: string;
      clientSecret: string;
    };
    const paid = await post(c, `/api/payments/demo/${encodeURIComponent(intent.intentId)}/pay`, {
      clientSecret: intent.clientSecret,
      ...demoCard,
    });
    expect(paid.status).toBe(200);
    const confirmed = await post(a, '/api/order/confirm', { orderId: order.id }, token, from);
    expect(((await confirmed.json()) as { status: string }).status).toBe('paid');

    // The stamped copy is made by a job on whichever instance took it, and served by every one.
    const download = await waitFor(
      async () => {
        const list = (await (
          await send(b, 'GET', `/api/downloads?order=${order.id}`, undefined, token)
        ).json()) as {
          results: { entitlementId: string; status: string }[];
        };
        return list.results[0]?.status === 'ready' ? list.results[0] : undefined;
      },
      'the stamped copy',
      30_000,
    );
    for (const [asker, server] of [
      [b, c],
      [c, a],
    ] as const) {
      const link = await post(asker, `/api/downloads/${download.entitlementId}/link`, {}, token, from);
      expect(link.status, await link.clone().text()).toBe(200);
      const file = await send(server, 'GET', ((await link.json()) as { url: string }).url);
      expect(file.status).toBe(200);
      expect(
        Buffer.from(await file.arrayBuffer())
          .subarray(0, 5)
          .toString(),
      ).toBe('%PDF-');
    }

    // Three mail senders, one confirmation.
    await waitFor(
      () => (mail.received.some((m) => m.data.includes(order.number)) ? true : undefined),
      'the order confirmation',
      20_000,
    );
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const confirmations = mail.received.filter((m) => m.data.includes(order.number));
    expect(new Set(confirmations.map((m) => m.messageId)).size).toBe(1);
    expect(confirmations).toHaveLength(1);
  });

  it('the login limit counts across instances in Redis; without Redis requests go through, and it counts again once back', async () => {
    const badLogin = (api: ApiProcess, i: number) =>
      post(
        api,
        '/api/login',
        { email: `nobody-${i}-${Date.now()}@hls.test`, password: 'wrong-password' },
        undefined,
        '198.51.100.7',
      ).then((r) => r.status);
    const answers: number[] = [];
    for (let i = 0; i < 30; i += 1) answers.push(await badLogin(apis[i % apis.length]!, i));
    // 10 a minute from one address (RATE_LIMIT_AUTH_MAX) over the three instances, not 10 per instance.
    expect(answers.filter((status) => status !== 429)).toHaveLength(10);
    expect(answers.slice(-3)).toEqual([429, 429, 429]);

    await redis.stop();
    const redisSays = async (state: string) =>
      (await Promise.all(apis.map((api) => health(api.base)))).every((now) => now.redis === state) ||
      undefined;
    await waitFor(() => redisSays('unavailable'), 'Redis unavailable on every instance', 5000);
    // Requests are answered (uncounted), never failed, while Redis is away.
    expect(await Promise.all(apis.map((api, i) => badLogin(api, 100 + i)))).toEqual([401, 401, 401]);

    await redis.start();
    await waitFor(() => redisSays('ok'), 'Redis back on every instance', 10_000);
    const again: number[] = [];
    for (let i = 0; i < 12; i += 1) again.push(await badLogin(apis[i % apis.length]!, 200 + i));
    expect(again.filter((status) => status === 429).length).toBeGreaterThanOrEqual(2);
  });

  it('npm run migrate, run twice at once as a release step, migrates once and exits cleanly', async () => {
    const admin = new pg.Client({ connectionString: cluster.url });
    await admin.connect();
    await admin.query('CREATE DATABASE release_step');
    await admin.end();
    const url = cluster.url.replace(/\/hls$/, '/release_step');
    const env = { ...process.env, ...(await instanceEnv(url)), LOG_LEVEL: 'info' };
    const runs = await Promise.all(
      [1, 2].map(() => run(process.execPath, [migrateCommand], { env, timeout: 60_000 })),
    );
    for (const { stdout } of runs) expect(stdout).toContain('the database is migrated');
    const database = new pg.Client({ connectionString: url });
    await database.connect();
    try {
      const { rows } = await database.query<{ count: number }>(
        'SELECT count(*)::int AS count FROM drizzle.__drizzle_migrations',
      );
      expect(rows[0]!.count).toBeGreaterThan(0);
    } finally {
      await database.end();
    }
  });
});
