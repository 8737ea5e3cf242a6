import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { localesDir } from '@hls/locales';
import { readCheckout, readPayments, type CheckoutSettings } from './config/checkout.ts';
import { ConfigError, EnvSchema } from './config/env.ts';
import { readRoyalties, type RoyaltySettings } from './config/royalties.ts';
import { parseCorsOrigin, parseTrustProxy, readTimeouts, type TimeoutSettings } from './config/server.ts';
import { readSite, type SiteSettings } from './config/site.ts';
import { readS3, readUploads, type S3Settings, type UploadSettings } from './config/storage.ts';
import { readTax, type TaxSettings } from './config/tax.ts';

/**
 * The only module that reads the environment: everything else receives a validated `Config`. The schema of the
 * variables and the readers of its sections (server, storage, site, royalties, checkout, tax) are under config/.
 */

export { ConfigError, DEFAULT_SHIPPING_COUNTRIES, parseDuration, parseSize } from './config/env.ts';
export type { CheckoutSettings } from './config/checkout.ts';
export type { RoyaltySettings } from './config/royalties.ts';
export type { TimeoutSettings } from './config/server.ts';
export { socialNetworks, type SiteSettings, type SocialNetwork } from './config/site.ts';
export type { S3Settings, UploadSettings } from './config/storage.ts';
export type { TaxSettings } from './config/tax.ts';

const repoRoot = path.resolve(fileURLToPath(new URL('.', import.meta.url)), '../../..');

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  publicUrl: string;
  /** Unset: the embedded PGlite database under `dataDir/db`. */
  databaseUrl: string | undefined;
  /** Milliseconds a database statement may run: PostgreSQL cancels it; on PGlite the caller stops waiting. */
  databaseStatementTimeoutMs: number;
  dataDir: string;
  jwtSecret: string;
  /** Seconds. */
  accessTokenTtl: number;
  /** Seconds. */
  refreshTokenTtl: number;
  /** Seconds a session lasts from its login, whatever the refreshes (absolute lifetime). */
  sessionMaxAge: number;
  /** Seconds the links mailed about an address stay valid: a confirmation, and the old address's report link. */
  emailLinks: { confirmTtl: number; reportTtl: number };
  /** `false`: same origin only; `true`: any origin (reflected). */
  corsOrigin: boolean | string[];
  bodyLimit: number;
  /** How long a request may take to arrive, and how many connections are open at once (plugins/timeouts.ts). */
  timeouts: TimeoutSettings;
  smtpUrl: string | undefined;
  mailFrom: string;
  mailDir: string;
  /** Local-disk file storage (covers, downloadable files). */
  storageDir: string;
  /** An S3 bucket for the files instead of `storageDir` (null: local disk), shared by several instances. */
  s3: S3Settings | null;
  mailMaxAttempts: number;
  /** Milliseconds before a failed message is tried again; doubled at each failure, up to an hour. */
  mailRetryDelayMs: number;
  /** Milliseconds a sender holds the messages it claimed: one that died meanwhile leaves them to others after it. */
  mailSendLeaseMs: number;
  /** Run the outbox sender inside the API (off when `npm run worker` runs it separately). */
  mailSenderInApi: boolean;
  /** Whether the API instances run the job workers (false: only `npm run worker` does). */
  jobsInApi: boolean;
  /** The Redis the instances share their rate limits in; undefined: counted in each process. */
  redisUrl: string | undefined;
  /** Put before every Redis key (several shops on one Redis). */
  redisKeyPrefix: string;
  rateLimit: { authMax: number; authWindowMs: number; contactMax: number; contactWindowMs: number };
  /** Per account, beside the per-client limits (modules/accounts/accounts.throttle.ts, decision 0015). */
  accountThrottle: {
    /** Wrong passwords per account (unknown browsers), per known browser and per session's password change. */
    failures: { max: number; windowMs: number };
    /** Password reset requests per address, known or not. */
    resetMails: { max: number; windowMs: number };
    /** E-mail checks per address. */
    emailChecks: { max: number; windowMs: number };
  };
  /** Page views counted per client and window (POST /api/analytics/pageview). */
  pageViewRateLimit: { max: number; windowMs: number };
  /** Seconds kept: a sent message's body (its links) in the outbox; a day's page-view counters. */
  retention: { sentMail: number; pageViews: number };
  seedDemo: boolean;
  /** Public facts of the legal notice, the footer and the author contract (GET /api/site). */
  site: SiteSettings;
  /** Team inbox of the contact form. */
  contactTo: string;
  /** Default royalty rates in percent of net sales, per format. */
  royaltyRates: { paper: number; ebook: number; professionalFile: number };
  royalties: RoyaltySettings;
  checkout: CheckoutSettings;
  /** The evidence of a buyer's tax status and country: the VIES check of VAT numbers, the IP's country. */
  tax: TaxSettings;
  uploads: UploadSettings;
  logLevel: string;
  webDistDir: string;
  /** The translations, `{lng}/{ns}.json` (LOCALES_DIR; default the @hls/locales package's folder). */
  localesDir: string;
  /** False, a hop count, or the proxies' addresses (comma-separated); never `true` (any client believed). */
  trustProxy: false | number | string;
  /** Pages rendered by the server at once, and renders waiting their turn; past both the browser renders it. */
  pageRenders: { concurrency: number; queue: number };
  /** Serve the OpenAPI document and its UI at /api/docs (off by default in production). */
  apiDocs: boolean;
};

type Env = Record<string, string | undefined>;

/**
 * Outside production a missing JWT_SECRET is generated once and kept under DATA_DIR,
 * so tokens survive restarts without any setup.
 */
function developmentJwtSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) {
    const stored = readFileSync(file, 'utf8').trim();
    if (stored.length >= 32) return stored;
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret + '\n', { mode: 0o600 });
  chmodSync(file, 0o600);
  return secret;
}

/** Validates the environment; throws a `ConfigError` naming every bad setting. */
export function loadConfig(env: Env = process.env): Config {
  // Empty values in an .env file mean "not set".
  const cleaned = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  );
  const parsed = EnvSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map(
      (issue) => `  ${issue.path.join('.') || '(environment)'}: ${issue.message}`,
    );
    throw new ConfigError(`Invalid settings (see .env.example):\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const isProduction = e.NODE_ENV === 'production';
  const dataDir = path.resolve(e.DATA_DIR ?? path.join(repoRoot, 'data'));

  if (isProduction && !e.JWT_SECRET) {
    throw new ConfigError('Invalid settings (see .env.example):\n  JWT_SECRET: required in production');
  }
  if (isProduction && e.TEST_CLOCK) {
    throw new ConfigError('Invalid settings (see .env.example):\n  TEST_CLOCK: not allowed in production');
  }
  if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY)) {
    throw new ConfigError(
      'Invalid settings (see .env.example):\n  S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: set both or neither',
    );
  }
  const port = e.PORT;
  const jwtSecret = e.JWT_SECRET ?? developmentJwtSecret(dataDir);

  const payments = readPayments(e, isProduction);

  return {
    env: e.NODE_ENV,
    port,
    host: e.HOST,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${port || 3000}`).replace(/\/+$/, ''),
    databaseUrl: e.DATABASE_URL,
    databaseStatementTimeoutMs: e.DATABASE_STATEMENT_TIMEOUT,
    dataDir,
    jwtSecret,
    accessTokenTtl: e.ACCESS_TOKEN_TTL,
    refreshTokenTtl: e.REFRESH_TOKEN_TTL,
    sessionMaxAge: e.SESSION_MAX_AGE,
    emailLinks: { confirmTtl: e.EMAIL_CONFIRM_TTL, reportTtl: e.EMAIL_REPORT_TTL },
    corsOrigin: parseCorsOrigin(e.CORS_ORIGIN),
    bodyLimit: e.BODY_LIMIT,
    timeouts: readTimeouts(e),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    mailDir: path.resolve(e.MAIL_DIR ?? path.join(dataDir, 'mail')),
    storageDir: path.resolve(e.STORAGE_DIR ?? path.join(dataDir, 'storage')),
    s3: readS3(e),
    mailMaxAttempts: e.MAIL_MAX_ATTEMPTS,
    mailRetryDelayMs: e.MAIL_RETRY_DELAY * 1000,
    mailSendLeaseMs: e.MAIL_SEND_LEASE * 1000,
    mailSenderInApi: e.MAIL_SENDER_IN_API,
    jobsInApi: e.JOBS_IN_API,
    redisUrl: e.REDIS_URL,
    redisKeyPrefix: e.REDIS_KEY_PREFIX,
    rateLimit: {
      authMax: e.RATE_LIMIT_AUTH_MAX,
      authWindowMs: e.RATE_LIMIT_AUTH_WINDOW * 1000,
      contactMax: e.RATE_LIMIT_CONTACT_MAX,
      contactWindowMs: e.RATE_LIMIT_CONTACT_WINDOW * 1000,
    },
    accountThrottle: {
      failures: { max: e.ACCOUNT_LOCK_FAILURES, windowMs: e.ACCOUNT_LOCK_WINDOW * 1000 },
      resetMails: { max: e.RESET_MAIL_MAX, windowMs: e.RESET_MAIL_WINDOW * 1000 },
      emailChecks: { max: e.EMAIL_CHECK_MAX, windowMs: e.EMAIL_CHECK_WINDOW * 1000 },
    },
    pageViewRateLimit: { max: e.RATE_LIMIT_PAGEVIEW_MAX, windowMs: e.RATE_LIMIT_PAGEVIEW_WINDOW * 1000 },
    retention: { sentMail: e.MAIL_SENT_RETENTION, pageViews: e.PAGE_VIEW_RETENTION },
    seedDemo: e.SEED_DEMO ?? !isProduction,
    site: readSite(e),
    contactTo: e.CONTACT_TO ?? e.CONTACT_EMAIL_CUSTOMERS,
    royaltyRates: {
      paper: e.ROYALTY_RATE_PAPER,
      ebook: e.ROYALTY_RATE_EBOOK,
      professionalFile: e.ROYALTY_RATE_FILE,
    },
    royalties: readRoyalties(e, dataDir, isProduction),
    checkout: readCheckout(e, payments, jwtSecret),
    tax: readTax(e),
    uploads: readUploads(e),
    logLevel: e.LOG_LEVEL ?? (e.NODE_ENV === 'test' ? 'silent' : 'info'),
    webDistDir: path.resolve(e.WEB_DIST_DIR ?? path.join(repoRoot, 'apps/web/dist')),
    localesDir: path.resolve(e.LOCALES_DIR ?? localesDir),
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    pageRenders: { concurrency: e.PAGE_RENDER_CONCURRENCY, queue: e.PAGE_RENDER_QUEUE },
    apiDocs: e.API_DOCS ?? !isProduction,
  };
}
