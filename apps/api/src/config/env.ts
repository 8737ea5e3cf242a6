import { z } from 'zod';

/**
 * Every setting the environment may give, as one schema (its issues are reported in this order), and the value
 * types the settings are written in: durations, sizes, booleans, lists of countries, partner links.
 */

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

export const EnvSchema = z.object({
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
  COMPANY_OSS_NUMBER: z.string().min(2).default('EU372045118'),
  COMPANY_IOSS_NUMBER: z.string().min(2).default('IM3720451186'),
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
  PAYOUT_CHARGES: z.enum(['SHAR', 'DEBT', 'CRED']).default('SHAR'),
  TEST_CLOCK: booleanText.default(false),
  ORDER_PAYMENT_WINDOW: duration.default(30 * 60),
  PAYMENT_QUIET_AFTER: duration.default(60),
  SHIPPING_COUNTRIES: countryList.default(countryList.parse(DEFAULT_SHIPPING_COUNTRIES)),
  PAPER_DELIVERY_DAYS: dayRange.default({ min: 5, max: 10 }),
  PRICES_INCLUDE_VAT: booleanText.default(true),
  VAT_IMPORT_THRESHOLD_EUR: z.coerce.number().int().min(0).max(10_000).default(150),
  VAT_REFERENCE_COUNTRY: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, 'expected a country code such as FR')
    .default('FR'),
  VIES_ENABLED: booleanText.default(false),
  VIES_URL: z
    .url({ protocol: /^https?$/ })
    .default('https://ec.europa.eu/taxation_customs/vies/rest-api/check-vat-number'),
  VIES_TIMEOUT_MS: positiveInt.max(120_000).default(8000),
  GEOIP_ENABLED: booleanText.default(true),
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
  /** Debian's `epubcheck` package; an uploaded EPUB's check says epubcheck is unavailable when it is missing. */
  EPUBCHECK_JAR: z.string().min(1).default('/usr/share/java/epubcheck.jar'),
  /** The system's Chromium (headless shell) DAISY's Ace drives; unset or missing: Ace is unavailable. */
  CHROMIUM_PATH: z.string().min(1).default('/usr/bin/chromium-headless-shell'),
  /** Whether uploaded EPUBs are also checked by Ace (a browser run per EPUB). */
  EPUB_ACE: booleanText.default(true),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
  WEB_DIST_DIR: z.string().min(1).optional(),
  LOCALES_DIR: z.string().min(1).optional(),
  TRUST_PROXY: z.string().optional(),
  PAGE_RENDER_CONCURRENCY: positiveInt.max(64).default(2),
  PAGE_RENDER_QUEUE: z.coerce.number().int().min(0).max(1000).default(16),
  API_DOCS: booleanText.optional(),
});

/** The environment once validated: what the sections' readers read. */
export type ParsedEnv = z.output<typeof EnvSchema>;
