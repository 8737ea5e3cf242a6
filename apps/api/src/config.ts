import { createHmac, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/** The only module that reads the environment: everything else receives a validated `Config`. */

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
  uploads: UploadSettings;
  logLevel: string;
  webDistDir: string;
  localesDir: string;
  /** False, a hop count, or the proxies' addresses (comma-separated); never `true` (any client believed). */
  trustProxy: false | number | string;
  /** Pages rendered by the server at once, and renders waiting their turn; past both the browser renders it. */
  pageRenders: { concurrency: number; queue: number };
  /** Serve the OpenAPI document and its UI at /api/docs (off by default in production). */
  apiDocs: boolean;
};

/** The ledger's holds, the payouts and the key ring of the bank details (modules/royalties). */
export type RoyaltySettings = {
  /** Seconds a digital sale's royalty is held after payment (ended at once by the first download). */
  digitalHold: number;
  /** Seconds a paper book's royalty is held after its delivery. */
  paperHold: number;
  /** Cents: the smallest available balance a payout run pays. */
  minimumPayoutCents: number;
  /**
   * AES-256 keys of the bank details, by id; `current` encrypts, every key decrypts (older keys stay until
   * `npm run bank:rekey` has re-encrypted what they hold).
   */
  bankKeys: { current: string; keys: Record<string, Buffer> };
  /** The account the transfers are paid from (the pain.001 debtor). */
  debtor: { name: string; iban: string; bic: string };
  /** Tests only: `POST /api/test/clock` moves the ledger's clock (refused in production). */
  testClock: boolean;
};

/** Slow clients' limits (plugins/timeouts.ts). */
export type TimeoutSettings = {
  /** A request's headers must all arrive within this (Node's `headersTimeout`). */
  headersMs: number;
  /** A body, on any route but an upload, must arrive whole within this. */
  bodyMs: number;
  /** An upload must bring at least this many bytes a second, counted over each window… */
  uploadMinBytesPerSecond: number;
  /** …of this length. */
  uploadRateWindowMs: number;
  /** No request, an upload included, lasts longer than this (Node's `requestTimeout`). */
  requestMs: number;
  /** A connection that brings nothing for this long is closed (between requests too). */
  idleMs: number;
  /** Connections open at once; the next are refused until one closes. */
  maxConnections: number;
};

/** An S3 or S3-compatible bucket (modules/storage/s3-storage.ts). */
export type S3Settings = {
  bucket: string;
  /** Unset: AWS S3, whose endpoint follows from the region. */
  endpoint: string | undefined;
  region: string;
  /** Unset: the AWS SDK's own credentials (AWS_* variables, instance or task role). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** `https://host/bucket/key` rather than `https://bucket.host/key`: what most non-AWS servers need. */
  forcePathStyle: boolean;
};

/** What an author may upload (modules/uploads): sizes per slot and the budget a zip is opened under. */
export type UploadSettings = {
  /** Bytes: a cover as sent (it is re-encoded to WebP). */
  coverMaxBytes: number;
  /** Bytes: a book's manuscript (its ebook file). */
  manuscriptMaxBytes: number;
  /** Bytes: a file product's file. */
  fileMaxBytes: number;
  zip: {
    /** Entries a zip (or Office file, EPUB) may hold. */
    maxEntries: number;
    /** Bytes: the uncompressed total, as declared by the zip's directory and as actually inflated. */
    maxUncompressedBytes: number;
    /** Uncompressed ÷ compressed size allowed for an entry of over 1 MB, and for the whole zip. */
    maxRatio: number;
  };
};

export const socialNetworks = ['facebook', 'instagram', 'linkedin', 'youtube', 'x'] as const;
export type SocialNetwork = (typeof socialNetworks)[number];

export type SiteSettings = {
  company: {
    name: string;
    registrationNumber: string;
    address: string;
    vatNumber: string;
    contactPerson: string;
  };
  host: { name: string; address: string; phone: string };
  contact: { customers: string; authors: string; claims: string; phone: string };
  social: { network: SocialNetwork; url: string }[];
  /** Partner links of the footer, in the order given; none by default. */
  partners: { name: string; url: string }[];
};

export type CheckoutSettings = {
  /** Seconds a pending order waits for payment before it is cancelled and its stock released. */
  paymentWindow: number;
  /**
   * Seconds after which a payment in flight with no word from the browser or the provider is asked about (a crash
   * may have cut its confirmation off); a card payment normally answers within seconds.
   */
  paymentQuietAfter: number;
  /** ISO 3166-1 alpha-2 codes of the countries paper books ship to, from the Tunisian centre. */
  shippingCountries: string[];
  /** VAT included in prices, in basis points per format; null when no VAT is configured (no VAT line). */
  vatRates: { paper: number; ebook: number; professionalFile: number } | null;
  /** Stripe when its secret key is set, else the demo provider (refused in production unless PAYMENTS_DEMO). */
  payments:
    | {
        provider: 'demo';
        /** PAYMENTS_DEMO=true: the demo provider may run in production (a shop that takes no money). */
        allowedInProduction?: true;
      }
    | {
        provider: 'stripe';
        secretKey: string;
        publishableKey: string;
        webhookSecret: string;
        /** Tests: a local Stripe stub (http://127.0.0.1:port). */
        apiUrl: string | undefined;
      };
  /** Key of the download tokens (HS256), distinct from the access tokens' key. */
  downloadTokenSecret: string;
  /** Seconds a download link stays valid. */
  downloadTokenTtl: number;
  /** Stamp purchased PDFs with the buyer's name, e-mail and order number. */
  stampPdfs: boolean;
  /** Where withdrawn paper books are sent back to (the Tunisian delivery centre). */
  returnAddress: string;
  /** Working days a paper book takes from the Tunisian centre to the door, as the pages promise them. */
  paperDeliveryDays: { min: number; max: number };
};

/** The EU, the United Kingdom, Switzerland, Norway and the Maghreb. */
export const DEFAULT_SHIPPING_COUNTRIES =
  'AT,BE,BG,HR,CY,CZ,DK,EE,FI,FR,DE,GR,HU,IE,IT,LV,LT,LU,MT,NL,PL,PT,RO,SK,SI,ES,SE,GB,CH,NO,TN,MA,DZ';

export class ConfigError extends Error {
  override name = 'ConfigError';
}

const durationUnits: Record<string, number> = { s: 1, m: 60, h: 3600, d: 86400 };

/** "900", "15m", "12h", "30d" → seconds. */
export function parseDuration(value: string): number | undefined {
  const match = /^(\d+)\s*([smhd]?)$/.exec(value.trim());
  if (!match) return undefined;
  const amount = Number(match[1]);
  const seconds = amount * (durationUnits[match[2] || 's'] ?? 1);
  return seconds > 0 ? seconds : undefined;
}

const sizeUnits: Record<string, number> = { '': 1, b: 1, kb: 1024, mb: 1024 ** 2 };

/** "1048576", "512kb", "2mb" → bytes. */
export function parseSize(value: string): number | undefined {
  const match = /^(\d+)\s*(b|kb|mb)?$/i.exec(value.trim());
  if (!match) return undefined;
  const bytes = Number(match[1]) * (sizeUnits[(match[2] ?? '').toLowerCase()] ?? 1);
  return bytes > 0 ? bytes : undefined;
}

const booleanText = z
  .string()
  .trim()
  .toLowerCase()
  .refine((v) => ['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'].includes(v), 'expected true or false')
  .transform((v) => ['true', '1', 'yes', 'on'].includes(v));

const duration = z.string().transform((v, ctx) => {
  const seconds = parseDuration(v);
  if (seconds === undefined) {
    ctx.addIssue({ code: 'custom', message: 'expected a duration such as 900, 15m, 12h or 30d' });
    return z.NEVER;
  }
  return seconds;
});

const size = z.string().transform((v, ctx) => {
  const bytes = parseSize(v);
  if (bytes === undefined) {
    ctx.addIssue({ code: 'custom', message: 'expected a size such as 1048576, 512kb or 2mb' });
    return z.NEVER;
  }
  return bytes;
});

/** "15s", "500ms", "1m" → milliseconds; a bare number is seconds, as in the other durations. */
const milliseconds = z.string().transform((v, ctx) => {
  const ms = /^(\d+)\s*ms$/.exec(v.trim());
  const value = ms ? Number(ms[1]) : (parseDuration(v) ?? 0) * 1000;
  if (!(value > 0)) {
    ctx.addIssue({ code: 'custom', message: 'expected a duration such as 15s, 500ms or 1m' });
    return z.NEVER;
  }
  return value;
});

const positiveInt = z.coerce.number().int().positive();
const email = z.email('expected an e-mail address');
const percent = z.coerce
  .number()
  .min(0, 'expected a percentage from 0 to 100')
  .max(100, 'expected a percentage from 0 to 100');
/** A social link, or `off` to hide it. */
const socialUrl = z.union([
  z.literal('off'),
  z.url({ protocol: /^https$/, error: 'expected an https:// address or off' }),
]);

const partnerUrl = z.url({ protocol: /^https?$/ });

/** "Name|https://a.example,Other|https://b.example" → [{ name, url }, …]; empty means none. */
const partners = z.string().transform((value, ctx) => {
  const list: { name: string; url: string }[] = [];
  for (const item of value.split(',')) {
    if (!item.trim()) continue;
    const [name = '', url = '', ...rest] = item.split('|').map((part) => part.trim());
    if (!name || rest.length > 0 || !partnerUrl.safeParse(url).success) {
      ctx.addIssue({
        code: 'custom',
        message: `expected Name|https://address pairs separated by commas, got "${item.trim()}"`,
      });
      return z.NEVER;
    }
    list.push({ name, url });
  }
  return list;
});

const countryList = z.string().transform((value, ctx) => {
  const codes = value
    .split(',')
    .map((code) => code.trim().toUpperCase())
    .filter(Boolean);
  const bad = codes.filter((code) => !/^[A-Z]{2}$/.test(code));
  if (codes.length === 0 || bad.length > 0) {
    ctx.addIssue({ code: 'custom', message: 'expected ISO country codes separated by commas (FR,BE,TN)' });
    return z.NEVER;
  }
  return [...new Set(codes)];
});

/** "5-10" (or "5–10") working days → { min: 5, max: 10 }; a single number is an exact estimate. */
const dayRange = z.string().transform((value, ctx) => {
  const match = /^\s*(\d{1,2})\s*(?:[-–]\s*(\d{1,2}))?\s*$/.exec(value);
  const min = Number(match?.[1]);
  const max = Number(match?.[2] ?? match?.[1]);
  if (!match || min < 1 || max < min || max > 60) {
    ctx.addIssue({ code: 'custom', message: 'expected working days as min-max, from 1 to 60 (5-10)' });
    return z.NEVER;
  }
  return { min, max };
});

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'expected a postgres:// connection string')
    .optional(),
  DATABASE_STATEMENT_TIMEOUT: milliseconds.default(15_000),
  DATA_DIR: z.string().min(1).optional(),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters long').optional(),
  ACCESS_TOKEN_TTL: duration.default(15 * 60),
  REFRESH_TOKEN_TTL: duration.default(30 * 86400),
  SESSION_MAX_AGE: duration.default(30 * 86400),
  EMAIL_CONFIRM_TTL: duration.default(24 * 3600),
  EMAIL_REPORT_TTL: duration.default(7 * 86400),
  CORS_ORIGIN: z.string().optional(),
  BODY_LIMIT: size.default(1024 * 1024),
  REQUEST_HEADERS_TIMEOUT: milliseconds.default(20_000),
  REQUEST_BODY_TIMEOUT: milliseconds.default(30_000),
  UPLOAD_MIN_RATE: size.default(16 * 1024),
  UPLOAD_RATE_WINDOW: milliseconds.default(15_000),
  REQUEST_TIMEOUT: milliseconds.default(15 * 60_000),
  SOCKET_IDLE_TIMEOUT: milliseconds.default(60_000),
  MAX_CONNECTIONS: positiveInt.default(2048),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'expected smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().min(3).default('HLS <no-reply@hls.test>'),
  MAIL_DIR: z.string().min(1).optional(),
  STORAGE_DIR: z.string().min(1).optional(),
  S3_BUCKET: z.string().trim().min(1).optional(),
  S3_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  S3_REGION: z.string().trim().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: booleanText.default(false),
  MAIL_MAX_ATTEMPTS: positiveInt.max(50).default(8),
  MAIL_RETRY_DELAY: duration.default(30),
  MAIL_SEND_LEASE: duration.default(5 * 60),
  MAIL_SENDER_IN_API: booleanText.default(true),
  JOBS_IN_API: booleanText.default(true),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'expected redis:// or rediss://')
    .optional(),
  REDIS_KEY_PREFIX: z.string().max(64).default('hls:'),
  RATE_LIMIT_AUTH_MAX: positiveInt.default(10),
  RATE_LIMIT_AUTH_WINDOW: duration.default(60),
  RATE_LIMIT_CONTACT_MAX: positiveInt.default(5),
  RATE_LIMIT_CONTACT_WINDOW: duration.default(10 * 60),
  ACCOUNT_LOCK_FAILURES: positiveInt.max(100).default(5),
  ACCOUNT_LOCK_WINDOW: duration.default(15 * 60),
  RESET_MAIL_MAX: positiveInt.max(100).default(3),
  RESET_MAIL_WINDOW: duration.default(3600),
  EMAIL_CHECK_MAX: positiveInt.default(10),
  EMAIL_CHECK_WINDOW: duration.default(15 * 60),
  RATE_LIMIT_PAGEVIEW_MAX: positiveInt.default(60),
  RATE_LIMIT_PAGEVIEW_WINDOW: duration.default(60),
  PAGE_VIEW_RETENTION: duration.default(400 * 86400),
  MAIL_SENT_RETENTION: duration.default(3 * 86400),
  SEED_DEMO: booleanText.optional(),
  COMPANY_NAME: z.string().min(2).default('HLS Editions Ltd'),
  COMPANY_NUMBER: z.string().min(2).default('15298734'),
  COMPANY_ADDRESS: z.string().min(5).default('20 Wenlock Road, London N1 7GU, United Kingdom'),
  COMPANY_VAT_NUMBER: z.string().min(2).default('GB 412 7795 31'),
  COMPANY_CONTACT: z.string().min(2).default('Hela Ben Salem, Director'),
  HOSTING_NAME: z.string().min(2).default('OVH SAS'),
  HOSTING_ADDRESS: z.string().min(5).default('2 rue Kellermann, 59100 Roubaix, France'),
  HOSTING_PHONE: z.string().min(5).default('+33 9 72 10 10 07'),
  CONTACT_EMAIL_CUSTOMERS: email.default('support@hls.test'),
  CONTACT_EMAIL_AUTHORS: email.default('authors@hls.test'),
  CONTACT_EMAIL_CLAIMS: email.default('claims@hls.test'),
  CONTACT_PHONE: z.string().min(5).default('+44 20 7946 0321'),
  CONTACT_TO: email.optional(),
  SOCIAL_FACEBOOK: socialUrl.default('https://www.facebook.com/hlseditions'),
  SOCIAL_INSTAGRAM: socialUrl.default('https://www.instagram.com/hlseditions'),
  SOCIAL_LINKEDIN: socialUrl.default('https://www.linkedin.com/company/hlseditions'),
  SOCIAL_YOUTUBE: socialUrl.default('https://www.youtube.com/@hlseditions'),
  SOCIAL_X: socialUrl.default('off'),
  PARTNERS: partners.optional(),
  ROYALTY_RATE_PAPER: percent.default(10),
  ROYALTY_RATE_EBOOK: percent.default(25),
  ROYALTY_RATE_FILE: percent.default(50),
  ROYALTY_HOLD_DIGITAL: duration.default(14 * 86400),
  ROYALTY_HOLD_PAPER: duration.default(14 * 86400),
  PAYOUT_MINIMUM_EUR: z.coerce.number().int().min(0).max(100_000).default(50),
  BANK_DATA_KEYS: z.string().optional(),
  PAYOUT_DEBTOR_NAME: z.string().min(2).max(70).optional(),
  PAYOUT_DEBTOR_IBAN: z.string().min(15).max(40).default('GB33BUKB20201555555555'),
  PAYOUT_DEBTOR_BIC: z.string().min(8).max(11).default('BUKBGB22'),
  TEST_CLOCK: booleanText.default(false),
  ORDER_PAYMENT_WINDOW: duration.default(30 * 60),
  PAYMENT_QUIET_AFTER: duration.default(60),
  SHIPPING_COUNTRIES: countryList.default(countryList.parse(DEFAULT_SHIPPING_COUNTRIES)),
  PAPER_DELIVERY_DAYS: dayRange.default({ min: 5, max: 10 }),
  VAT_RATE_PAPER: percent.optional(),
  VAT_RATE_EBOOK: percent.optional(),
  VAT_RATE_FILE: percent.optional(),
  PAYMENTS_DEMO: booleanText.optional(),
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_(test|live)_\w+$/, 'expected sk_test_… or sk_live_…')
    .optional(),
  STRIPE_PUBLISHABLE_KEY: z
    .string()
    .regex(/^pk_(test|live)_\w+$/, 'expected pk_test_… or pk_live_…')
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_\w+$/, 'expected whsec_…')
    .optional(),
  STRIPE_API_URL: z.url({ protocol: /^https?$/ }).optional(),
  DOWNLOAD_TOKEN_SECRET: z.string().min(32, 'must be at least 32 characters long').optional(),
  DOWNLOAD_TOKEN_TTL: duration.default(10 * 60),
  STAMP_PDFS: booleanText.default(true),
  RETURN_ADDRESS: z
    .string()
    .min(10)
    .default('HLS Distribution, Rue du Lac Biwa, Les Berges du Lac, 1053 Tunis, Tunisia'),
  UPLOAD_COVER_MAX_MB: positiveInt.max(100).default(5),
  UPLOAD_MANUSCRIPT_MAX_MB: positiveInt.max(2048).default(100),
  UPLOAD_FILE_MAX_MB: positiveInt.max(2048).default(100),
  UPLOAD_ZIP_MAX_ENTRIES: positiveInt.default(10_000),
  UPLOAD_ZIP_MAX_UNCOMPRESSED_MB: positiveInt.default(1024),
  UPLOAD_ZIP_MAX_RATIO: positiveInt.default(100),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
  WEB_DIST_DIR: z.string().min(1).optional(),
  LOCALES_DIR: z.string().min(1).optional(),
  TRUST_PROXY: z.string().optional(),
  PAGE_RENDER_CONCURRENCY: positiveInt.max(64).default(2),
  PAGE_RENDER_QUEUE: z.coerce.number().int().min(0).max(1000).default(16),
  API_DOCS: booleanText.optional(),
});

type Env = Record<string, string | undefined>;

function parseCorsOrigin(value: string | undefined): boolean | string[] {
  if (value === undefined || value.trim() === '' || value.trim() === 'false') return false;
  if (value.trim() === '*' || value.trim() === 'true') return true;
  return value
    .split(',')
    .map((origin) => origin.trim())
    .filter(Boolean);
}

const proxyNames = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** An address, a CIDR range (10.0.0.0/8) or one of proxy-addr's names (loopback…). */
function isProxyAddress(entry: string): boolean {
  if (proxyNames.has(entry)) return true;
  const [address = '', bits, ...rest] = entry.split('/');
  const version = isIP(address);
  if (!version || rest.length > 0) return false;
  return bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128));
}

/**
 * The proxies whose X-Forwarded-For is believed: a hop count or their addresses. `true` is refused: it would
 * believe whatever a client writes there, and a rotating value would escape every per-client limit.
 */
function parseTrustProxy(value: string | undefined): false | number | string {
  const text = value?.trim() ?? '';
  if (text === '' || text === 'false' || text === '0') return false;
  const invalid = (why: string) =>
    new ConfigError(`Invalid settings (see .env.example):\n  TRUST_PROXY: ${why}`);
  if (text === 'true') {
    throw invalid(
      'true would believe any X-Forwarded-For a client sends; give the number of proxies in front (1) or their addresses',
    );
  }
  if (/^\d+$/.test(text)) return Number(text);
  const entries = text.split(',').map((entry) => entry.trim());
  const bad = entries.filter((entry) => !isProxyAddress(entry));
  if (bad.length > 0) {
    throw invalid(
      `expected a hop count or addresses (127.0.0.1, 10.0.0.0/8, loopback), got "${bad.join(', ')}"`,
    );
  }
  return entries.join(',');
}

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

/**
 * "k2:<base64 of 32 bytes>,k1:<…>" → the key ring, the first key current. Outside production a missing ring is a
 * key generated once and kept under DATA_DIR (like the JWT secret).
 */
function parseBankKeys(
  value: string | undefined,
  dataDir: string,
  isProduction: boolean,
): RoyaltySettings['bankKeys'] {
  let text = value;
  if (!text) {
    if (isProduction)
      throw new ConfigError('Invalid settings (see .env.example):\n  BANK_DATA_KEYS: required in production');
    const file = path.join(dataDir, 'bank-keys');
    if (existsSync(file)) text = readFileSync(file, 'utf8').trim();
    else {
      mkdirSync(dataDir, { recursive: true });
      text = `dev1:${randomBytes(32).toString('base64')}`;
      writeFileSync(file, text + '\n', { mode: 0o600 });
      chmodSync(file, 0o600);
    }
  }
  const keys: Record<string, Buffer> = {};
  let current = '';
  for (const item of text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)) {
    const [id = '', encoded = '', ...rest] = item.split(':');
    const key = Buffer.from(encoded, 'base64');
    if (!/^[A-Za-z0-9_-]{1,16}$/.test(id) || rest.length > 0 || key.length !== 32 || keys[id]) {
      throw new ConfigError(
        'Invalid settings (see .env.example):\n  BANK_DATA_KEYS: expected id:base64-key pairs separated by commas, each key 32 bytes, ids unique',
      );
    }
    keys[id] = key;
    current ||= id;
  }
  if (!current) throw new ConfigError('Invalid settings (see .env.example):\n  BANK_DATA_KEYS: no key given');
  return { current, keys };
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

  let payments: CheckoutSettings['payments'] = {
    provider: 'demo',
    ...(e.PAYMENTS_DEMO ? { allowedInProduction: true as const } : {}),
  };
  if (e.STRIPE_SECRET_KEY) {
    const missing = [
      ['STRIPE_PUBLISHABLE_KEY', e.STRIPE_PUBLISHABLE_KEY],
      ['STRIPE_WEBHOOK_SECRET', e.STRIPE_WEBHOOK_SECRET],
    ].filter(([, value]) => !value);
    if (missing.length > 0) {
      throw new ConfigError(
        `Invalid settings (see .env.example):\n${missing.map(([name]) => `  ${name}: required with STRIPE_SECRET_KEY`).join('\n')}`,
      );
    }
    payments = {
      provider: 'stripe',
      secretKey: e.STRIPE_SECRET_KEY,
      publishableKey: e.STRIPE_PUBLISHABLE_KEY!,
      webhookSecret: e.STRIPE_WEBHOOK_SECRET!,
      apiUrl: e.STRIPE_API_URL,
    };
  } else if (isProduction && !e.PAYMENTS_DEMO) {
    throw new ConfigError(
      'Invalid settings (see .env.example):\n  STRIPE_SECRET_KEY: required in production (or PAYMENTS_DEMO=true for a shop that takes no money)',
    );
  }
  const vatGiven = [e.VAT_RATE_PAPER, e.VAT_RATE_EBOOK, e.VAT_RATE_FILE].some((rate) => rate !== undefined);
  const basisPoints = (percent: number | undefined) => Math.round((percent ?? 0) * 100);

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
    timeouts: {
      headersMs: e.REQUEST_HEADERS_TIMEOUT,
      bodyMs: e.REQUEST_BODY_TIMEOUT,
      uploadMinBytesPerSecond: e.UPLOAD_MIN_RATE,
      uploadRateWindowMs: e.UPLOAD_RATE_WINDOW,
      requestMs: e.REQUEST_TIMEOUT,
      idleMs: e.SOCKET_IDLE_TIMEOUT,
      maxConnections: e.MAX_CONNECTIONS,
    },
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    mailDir: path.resolve(e.MAIL_DIR ?? path.join(dataDir, 'mail')),
    storageDir: path.resolve(e.STORAGE_DIR ?? path.join(dataDir, 'storage')),
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          endpoint: e.S3_ENDPOINT,
          region: e.S3_REGION,
          credentials:
            e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
              ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
              : undefined,
          forcePathStyle: e.S3_FORCE_PATH_STYLE,
        }
      : null,
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
    site: {
      company: {
        name: e.COMPANY_NAME,
        registrationNumber: e.COMPANY_NUMBER,
        address: e.COMPANY_ADDRESS,
        vatNumber: e.COMPANY_VAT_NUMBER,
        contactPerson: e.COMPANY_CONTACT,
      },
      host: { name: e.HOSTING_NAME, address: e.HOSTING_ADDRESS, phone: e.HOSTING_PHONE },
      contact: {
        customers: e.CONTACT_EMAIL_CUSTOMERS,
        authors: e.CONTACT_EMAIL_AUTHORS,
        claims: e.CONTACT_EMAIL_CLAIMS,
        phone: e.CONTACT_PHONE,
      },
      social: (
        [
          ['facebook', e.SOCIAL_FACEBOOK],
          ['instagram', e.SOCIAL_INSTAGRAM],
          ['linkedin', e.SOCIAL_LINKEDIN],
          ['youtube', e.SOCIAL_YOUTUBE],
          ['x', e.SOCIAL_X],
        ] as const
      )
        .filter(([, url]) => url !== 'off')
        .map(([network, url]) => ({ network, url })),
      partners: e.PARTNERS ?? [],
    },
    contactTo: e.CONTACT_TO ?? e.CONTACT_EMAIL_CUSTOMERS,
    royaltyRates: {
      paper: e.ROYALTY_RATE_PAPER,
      ebook: e.ROYALTY_RATE_EBOOK,
      professionalFile: e.ROYALTY_RATE_FILE,
    },
    royalties: {
      digitalHold: e.ROYALTY_HOLD_DIGITAL,
      paperHold: e.ROYALTY_HOLD_PAPER,
      minimumPayoutCents: e.PAYOUT_MINIMUM_EUR * 100,
      bankKeys: parseBankKeys(e.BANK_DATA_KEYS, dataDir, isProduction),
      debtor: {
        name: e.PAYOUT_DEBTOR_NAME ?? e.COMPANY_NAME,
        iban: e.PAYOUT_DEBTOR_IBAN.replace(/\s+/g, '').toUpperCase(),
        bic: e.PAYOUT_DEBTOR_BIC.toUpperCase(),
      },
      testClock: e.TEST_CLOCK,
    },
    checkout: {
      paymentWindow: e.ORDER_PAYMENT_WINDOW,
      paymentQuietAfter: e.PAYMENT_QUIET_AFTER,
      shippingCountries: e.SHIPPING_COUNTRIES,
      vatRates: vatGiven
        ? {
            paper: basisPoints(e.VAT_RATE_PAPER),
            ebook: basisPoints(e.VAT_RATE_EBOOK),
            professionalFile: basisPoints(e.VAT_RATE_FILE),
          }
        : null,
      payments,
      downloadTokenSecret:
        e.DOWNLOAD_TOKEN_SECRET ??
        createHmac('sha256', jwtSecret).update('hls download tokens').digest('base64url'),
      downloadTokenTtl: e.DOWNLOAD_TOKEN_TTL,
      stampPdfs: e.STAMP_PDFS,
      returnAddress: e.RETURN_ADDRESS,
      paperDeliveryDays: e.PAPER_DELIVERY_DAYS,
    },
    uploads: {
      coverMaxBytes: e.UPLOAD_COVER_MAX_MB * 1024 * 1024,
      manuscriptMaxBytes: e.UPLOAD_MANUSCRIPT_MAX_MB * 1024 * 1024,
      fileMaxBytes: e.UPLOAD_FILE_MAX_MB * 1024 * 1024,
      zip: {
        maxEntries: e.UPLOAD_ZIP_MAX_ENTRIES,
        maxUncompressedBytes: e.UPLOAD_ZIP_MAX_UNCOMPRESSED_MB * 1024 * 1024,
        maxRatio: e.UPLOAD_ZIP_MAX_RATIO,
      },
    },
    logLevel: e.LOG_LEVEL ?? (e.NODE_ENV === 'test' ? 'silent' : 'info'),
    webDistDir: path.resolve(e.WEB_DIST_DIR ?? path.join(repoRoot, 'apps/web/dist')),
    localesDir: path.resolve(e.LOCALES_DIR ?? path.join(repoRoot, 'apps/web/locales')),
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    pageRenders: { concurrency: e.PAGE_RENDER_CONCURRENCY, queue: e.PAGE_RENDER_QUEUE },
    apiDocs: e.API_DOCS ?? !isProduction,
  };
}
