import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { localesDir } from '@hls/locales';
import { ConfigError, loadConfig, parseDuration, parseSize } from './config.ts';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'hls-config-test-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config).toMatchObject({
      env: 'development',
      port: 3000,
      publicUrl: 'http://localhost:3000',
      databaseUrl: undefined,
      dataDir,
      accessTokenTtl: 900,
      refreshTokenTtl: 30 * 86400,
      emailLinks: { confirmTtl: 24 * 3600, reportTtl: 7 * 86400 },
      corsOrigin: false,
      bodyLimit: 1024 * 1024,
      mailDir: path.join(dataDir, 'mail'),
      seedDemo: true,
      trustProxy: false,
    });
    expect(config.webDistDir).toMatch(/apps\/web\/dist$/);
    expect(config.localesDir).toBe(localesDir);
    expect(loadConfig({ DATA_DIR: dataDir, LOCALES_DIR: 'elsewhere' }).localesDir).toBe(
      path.resolve('elsewhere'),
    );
  });

  it('generates a development JWT secret once and keeps it under DATA_DIR', () => {
    const first = loadConfig({ DATA_DIR: dataDir }).jwtSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(loadConfig({ DATA_DIR: dataDir }).jwtSecret).toBe(first);
    const file = path.join(dataDir, 'jwt-secret');
    expect(readFileSync(file, 'utf8').trim()).toBe(first);
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  const bankKeys = `k1:${Buffer.alloc(32, 7).toString('base64')}`;

  it('requires the bank details’ keys in production, reads a ring, and refuses a bad one or the test clock', () => {
    const production = {
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      JWT_SECRET: 's'.repeat(40),
      PAYMENTS_DEMO: 'true',
    };
    expect(() => loadConfig(production)).toThrow(/BANK_DATA_KEYS: required in production/);
    const ring = `k2:${Buffer.alloc(32, 9).toString('base64')},${bankKeys}`;
    const { bankKeys: keys } = loadConfig({ ...production, BANK_DATA_KEYS: ring }).royalties;
    expect(keys.current).toBe('k2');
    expect(Object.keys(keys.keys).sort()).toEqual(['k1', 'k2']);
    expect(() => loadConfig({ ...production, BANK_DATA_KEYS: 'k1:c2hvcnQ=' })).toThrow(/32 bytes/);
    expect(() => loadConfig({ ...production, BANK_DATA_KEYS: `${bankKeys},${bankKeys}` })).toThrow(
      /ids unique/,
    );
    expect(() => loadConfig({ ...production, BANK_DATA_KEYS: bankKeys, TEST_CLOCK: 'true' })).toThrow(
      /TEST_CLOCK: not allowed in production/,
    );
    // Elsewhere a key is generated once and kept.
    const development = loadConfig({ NODE_ENV: 'development', DATA_DIR: dataDir }).royalties.bankKeys;
    expect(loadConfig({ NODE_ENV: 'development', DATA_DIR: dataDir }).royalties.bankKeys.keys).toEqual(
      development.keys,
    );
  });

  it('requires JWT_SECRET in production and does not seed demo data there', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir })).toThrow(
      /JWT_SECRET: required in production/,
    );
    const production = {
      NODE_ENV: 'production',
      JWT_SECRET: 's'.repeat(40),
      PAYMENTS_DEMO: 'true',
      BANK_DATA_KEYS: bankKeys,
    };
    const config = loadConfig({ ...production, DATA_DIR: dataDir });
    expect(config.seedDemo).toBe(false);
    expect(loadConfig({ ...production, SEED_DEMO: 'true' }).seedDemo).toBe(true);
  });

  it('takes payments with Stripe when its keys are set, and refuses the demo provider in production unless asked', () => {
    const production = {
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      JWT_SECRET: 's'.repeat(40),
      BANK_DATA_KEYS: bankKeys,
    };
    expect(() => loadConfig(production)).toThrow(/STRIPE_SECRET_KEY: required in production/);
    expect(loadConfig({ ...production, PAYMENTS_DEMO: 'true' }).checkout.payments).toEqual({
      provider: 'demo',
      allowedInProduction: true,
    });
    expect(loadConfig({ DATA_DIR: dataDir }).checkout.payments).toEqual({ provider: 'demo' });
    expect(() => loadConfig({ ...production, STRIPE_SECRET_KEY: 'sk_test_abc' })).toThrow(
      /STRIPE_PUBLISHABLE_KEY: required with STRIPE_SECRET_KEY/,
    );
    const stripe = loadConfig({
      ...production,
      STRIPE_SECRET_KEY: 'sk_test_abc',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_abc',
      STRIPE_WEBHOOK_SECRET: 'whsec_abc',
    }).checkout.payments;
    expect(stripe).toMatchObject({
      provider: 'stripe',
      secretKey: 'sk_test_abc',
      publishableKey: 'pk_test_abc',
    });
  });

  it('reads the checkout settings: payment window, shipping countries, VAT and download links', () => {
    const defaults = loadConfig({ DATA_DIR: dataDir }).checkout;
    expect(defaults.paymentWindow).toBe(30 * 60);
    expect(defaults.shippingCountries).toContain('TN');
    expect(defaults.vat).toEqual({
      pricesIncludeVat: true,
      importThresholdCents: 15_000,
      referenceCountry: 'FR',
    });
    expect(defaults.downloadTokenSecret).not.toBe(loadConfig({ DATA_DIR: dataDir }).jwtSecret);
    const custom = loadConfig({
      DATA_DIR: dataDir,
      ORDER_PAYMENT_WINDOW: '10m',
      SHIPPING_COUNTRIES: 'fr, be,FR',
      PRICES_INCLUDE_VAT: 'false',
      VAT_IMPORT_THRESHOLD_EUR: '100',
    }).checkout;
    expect(custom.paymentWindow).toBe(600);
    expect(custom.shippingCountries).toEqual(['FR', 'BE']);
    expect(custom.vat).toMatchObject({ pricesIncludeVat: false, importThresholdCents: 10_000 });
    expect(() => loadConfig({ DATA_DIR: dataDir, SHIPPING_COUNTRIES: 'France' })).toThrow(
      /SHIPPING_COUNTRIES/,
    );
  });

  it('reads the paper delivery estimate as working days min-max and refuses a range that makes no sense', () => {
    expect(loadConfig({ DATA_DIR: dataDir }).checkout.paperDeliveryDays).toEqual({ min: 5, max: 10 });
    expect(loadConfig({ DATA_DIR: dataDir, PAPER_DELIVERY_DAYS: '3–7' }).checkout.paperDeliveryDays).toEqual({
      min: 3,
      max: 7,
    });
    expect(loadConfig({ DATA_DIR: dataDir, PAPER_DELIVERY_DAYS: '4' }).checkout.paperDeliveryDays).toEqual({
      min: 4,
      max: 4,
    });
    for (const wrong of ['10-5', '0-3', 'a week', '5-90']) {
      expect(() => loadConfig({ DATA_DIR: dataDir, PAPER_DELIVERY_DAYS: wrong })).toThrow(
        /PAPER_DELIVERY_DAYS/,
      );
    }
  });

  it('parses lists, durations, sizes and switches', () => {
    const config = loadConfig({
      DATA_DIR: dataDir,
      CORS_ORIGIN: 'http://a.test, http://b.test',
      ACCESS_TOKEN_TTL: '5m',
      BODY_LIMIT: '2mb',
      SEED_DEMO: 'off',
      TRUST_PROXY: '1',
      PUBLIC_URL: 'https://shop.example/',
      DATABASE_URL: 'postgres://u@h/db',
    });
    expect(config).toMatchObject({
      corsOrigin: ['http://a.test', 'http://b.test'],
      accessTokenTtl: 300,
      bodyLimit: 2 * 1024 * 1024,
      seedDemo: false,
      trustProxy: 1,
      publicUrl: 'https://shop.example',
      databaseUrl: 'postgres://u@h/db',
    });
  });

  it('believes X-Forwarded-For only from a hop count or given proxy addresses, never from anyone (true)', () => {
    const load = (value: string) => loadConfig({ DATA_DIR: dataDir, TRUST_PROXY: value }).trustProxy;
    expect(load('2')).toBe(2);
    expect(load('false')).toBe(false);
    expect(load('127.0.0.1, 10.0.0.0/8,loopback, ::1')).toBe('127.0.0.1,10.0.0.0/8,loopback,::1');
    expect(() => load('true')).toThrow(/TRUST_PROXY: true would believe any X-Forwarded-For/);
    expect(() => load('10.0.0.1, proxy.example')).toThrow(/TRUST_PROXY: expected .*"proxy.example"/);
    expect(() => load('10.0.0.0/33')).toThrow(/TRUST_PROXY/);
  });

  it('names every bad setting in one clear error', () => {
    let error: unknown;
    try {
      loadConfig({
        DATA_DIR: dataDir,
        PORT: 'eighty',
        JWT_SECRET: 'short',
        DATABASE_URL: 'mysql://x',
        ACCESS_TOKEN_TTL: 'soon',
      });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    for (const key of ['PORT', 'JWT_SECRET', 'DATABASE_URL', 'ACCESS_TOKEN_TTL'])
      expect(message).toContain(`${key}:`);
  });

  it('bounds database statements (15 s) and page renders (2 at once, 16 waiting) unless told otherwise', () => {
    expect(loadConfig({ DATA_DIR: dataDir })).toMatchObject({
      databaseStatementTimeoutMs: 15_000,
      pageRenders: { concurrency: 2, queue: 16 },
    });
    const given = (DATABASE_STATEMENT_TIMEOUT: string) =>
      loadConfig({ DATA_DIR: dataDir, DATABASE_STATEMENT_TIMEOUT }).databaseStatementTimeoutMs;
    expect([given('500ms'), given('30s'), given('2m'), given('20')]).toEqual([500, 30_000, 120_000, 20_000]);
    expect(
      loadConfig({ DATA_DIR: dataDir, PAGE_RENDER_CONCURRENCY: '4', PAGE_RENDER_QUEUE: '0' }).pageRenders,
    ).toEqual({ concurrency: 4, queue: 0 });
    for (const [name, value] of [
      ['DATABASE_STATEMENT_TIMEOUT', '0ms'],
      ['DATABASE_STATEMENT_TIMEOUT', 'soon'],
      ['PAGE_RENDER_CONCURRENCY', '0'],
      ['PAGE_RENDER_QUEUE', '-1'],
    ] as const)
      expect(() => loadConfig({ DATA_DIR: dataDir, [name]: value }), `${name}=${value}`).toThrow(`${name}:`);
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ DATA_DIR: dataDir, DATABASE_URL: '', PORT: '' })).toMatchObject({
      databaseUrl: undefined,
      port: 3000,
    });
  });
});

describe('parsers', () => {
  it('reads durations and sizes', () => {
    expect([parseDuration('900'), parseDuration('15m'), parseDuration('12h'), parseDuration('30d')]).toEqual([
      900, 900, 43200, 2592000,
    ]);
    expect([parseDuration('0'), parseDuration('1w'), parseDuration('')]).toEqual([
      undefined,
      undefined,
      undefined,
    ]);
    expect([parseSize('100'), parseSize('512kb'), parseSize('2MB'), parseSize('x')]).toEqual([
      100,
      524288,
      2097152,
      undefined,
    ]);
  });
});
