import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, type SQL } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig, type Config } from '../src/config.ts';
import type { Database, Db } from '../src/db/database.ts';
import { mailOutbox } from '../src/db/schema.ts';
import { messageOf, type MailTransport } from '../src/modules/mail/index.ts';
import { decodeQuotedPrintable, headerOf } from './mail-text.ts';
import { startMailServer, type MailServer } from './smtp-server.ts';
import { openTestDatabase } from './test-database.ts';

export type TestApp = {
  app: FastifyInstance;
  database: Database;
  config: Config;
  mailDir: string;
  close(): Promise<void>;
};

export type BuildOptions = {
  /** Settings on top of the test defaults, as environment variables. */
  env?: Record<string, string>;
  mailTransport?: MailTransport;
  /** Off by default: tests deliver mail with `app.mail.sender.runOnce()` when they need it. */
  runMailSender?: boolean;
};

export const TEST_JWT_SECRET = 'test-secret-that-is-long-enough-0123456789';

/** Builds the app on a fresh migrated database with mail written to a temp directory. */
export async function build(options: BuildOptions = {}): Promise<TestApp> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'hls-api-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dir,
    JWT_SECRET: TEST_JWT_SECRET,
    PUBLIC_URL: 'http://shop.test',
    WEB_DIST_DIR: path.join(dir, 'no-web-build'),
    RATE_LIMIT_AUTH_MAX: '1000',
    ...options.env,
  });
  const database = await openTestDatabase({ statementTimeoutMs: config.databaseStatementTimeoutMs });
  const app = await buildApp(config, {
    database,
    runMailSender: options.runMailSender ?? false,
    ...(options.mailTransport ? { mailTransport: options.mailTransport } : {}),
  });
  await app.ready();
  return {
    app,
    database,
    config,
    mailDir: config.mailDir,
    async close() {
      await app.close();
      await database.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The app of `useApp`, read once `beforeAll` built it. */
function builtApp(current: () => TestApp): TestApp {
  return {
    get app() {
      return current().app;
    },
    get database() {
      return current().database;
    },
    get config() {
      return current().config;
    },
    get mailDir() {
      return current().mailDir;
    },
    close: () => current().close(),
  };
}

/** One app and database for the whole test file, closed after it. */
export function useApp(options: BuildOptions = {}): TestApp {
  let built: TestApp | undefined;
  beforeAll(async () => {
    built = await build(options);
  });
  afterAll(async () => {
    await built?.close();
  });
  return builtApp(() => {
    if (!built) throw new Error('the app is built in beforeAll');
    return built;
  });
}

/**
 * `useApp` whose mail goes over SMTP to a server in the test's process: what the app sent is `smtp.received`.
 */
export function useAppWithMailServer(options: BuildOptions = {}): TestApp & { readonly smtp: MailServer } {
  let smtp: MailServer | undefined;
  let built: TestApp | undefined;
  beforeAll(async () => {
    smtp = await startMailServer();
    built = await build({ ...options, env: { ...options.env, SMTP_URL: smtp.url } });
  });
  afterAll(async () => {
    await built?.close();
    await smtp?.close();
  });
  const current = () => {
    if (!built) throw new Error('the app is built in beforeAll');
    return built;
  };
  return Object.defineProperty(builtApp(current), 'smtp', {
    get: () => {
      if (!smtp) throw new Error('the mail server starts in beforeAll');
      return smtp;
    },
  }) as TestApp & { readonly smtp: MailServer };
}

let sequence = 0;
/** A unique e-mail per call, so tests sharing a database never collide. */
export function uniqueEmail(prefix = 'user'): string {
  sequence += 1;
  return `${prefix}.${process.pid}.${Date.now()}.${sequence}@example.test`;
}

export const json = <T = unknown>(response: LightMyRequestResponse) => response.json<T>();

export type SentMail = { file: string; to: string; subject: string; raw: string; body: string };

/** The .eml files the file transport wrote, oldest first, with decoded subject and body. */
export function readMails(mailDir: string): SentMail[] {
  let files: string[];
  try {
    files = readdirSync(mailDir).filter((f) => f.endsWith('.eml'));
  } catch {
    return [];
  }
  return files.sort().map((name) => {
    const file = path.join(mailDir, name);
    const raw = readFileSync(file, 'utf8');
    return {
      file,
      to: headerOf(raw, 'To'),
      subject: headerOf(raw, 'Subject'),
      raw,
      body: decodeQuotedPrintable(raw),
    };
  });
}

export async function registerUser(
  app: FastifyInstance,
  overrides: Record<string, string> = {},
  kind: 'customer' | 'author' = 'customer',
) {
  const payload = {
    firstName: 'Nadia',
    lastName: 'Haddad',
    email: uniqueEmail(kind),
    password: 'Secret123',
    ...overrides,
  };
  const response = await app.inject({ method: 'POST', url: `/api/register/${kind}`, payload });
  if (response.statusCode !== 201) throw new Error(`registration failed: ${response.body}`);
  return { ...payload, user: response.json<{ id: string; role: string }>() };
}

/**
 * The outbox's messages (sent or not) that match `where`, oldest first, each with its subject, text and HTML as the
 * sender renders them.
 */
export async function outboxMails(db: Db, where: SQL | undefined) {
  const rows = await db.select().from(mailOutbox).where(where).orderBy(mailOutbox.createdAt);
  return rows.map((row) => ({ ...row, ...messageOf(row) }));
}

/** The token of the newest confirmation link mailed to `email`, read from the outbox (sent or not). */
export async function confirmationToken(app: FastifyInstance, email: string): Promise<string> {
  const mails = (await outboxMails(app.db, eq(mailOutbox.to, email.toLowerCase()))).reverse();
  const token = mails.map((mail) => /\/email\/confirm\/([\w-]+)/.exec(mail.text)?.[1]).find(Boolean);
  if (!token) throw new Error(`no confirmation link was mailed to ${email}`);
  return token;
}

/** Follows the confirmation link mailed to `email`, as its owner does: the account may then order. */
export async function confirmEmail(app: FastifyInstance, email: string): Promise<void> {
  const token = await confirmationToken(app, email);
  const response = await app.inject({ method: 'POST', url: '/api/email/confirm', payload: { token } });
  if (response.statusCode !== 200) throw new Error(`e-mail confirmation failed: ${response.body}`);
}

export async function login(app: FastifyInstance, email: string, password: string) {
  const response = await app.inject({ method: 'POST', url: '/api/login', payload: { email, password } });
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.body}`);
  return response.json<{ access: string; refresh: string }>();
}

export const bearer = (access: string) => ({ authorization: `Bearer ${access}` });
