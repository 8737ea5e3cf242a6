import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'hls-config-tax-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('config.tax', () => {
  it('checks VAT numbers by their format only and looks up IP countries by default', () => {
    expect(loadConfig({ DATA_DIR: dataDir }).tax).toEqual({
      vies: {
        enabled: false,
        url: 'https://ec.europa.eu/taxation_customs/vies/rest-api/check-vat-number',
        timeoutMs: 8000,
      },
      geoip: true,
    });
  });

  it('reads VIES_ENABLED, VIES_URL, VIES_TIMEOUT_MS and GEOIP_ENABLED', () => {
    const config = loadConfig({
      DATA_DIR: dataDir,
      VIES_ENABLED: 'true',
      VIES_URL: 'http://127.0.0.1:4010/check-vat-number',
      VIES_TIMEOUT_MS: '2500',
      GEOIP_ENABLED: 'false',
    });
    expect(config.tax).toEqual({
      vies: { enabled: true, url: 'http://127.0.0.1:4010/check-vat-number', timeoutMs: 2500 },
      geoip: false,
    });
  });

  it('names a bad setting', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir, VIES_TIMEOUT_MS: '8s' })).toThrow(/VIES_TIMEOUT_MS/);
    expect(() => loadConfig({ DATA_DIR: dataDir, VIES_URL: 'ftp://vies' })).toThrow(/VIES_URL/);
    expect(() => loadConfig({ DATA_DIR: dataDir, GEOIP_ENABLED: 'maybe' })).toThrow(/GEOIP_ENABLED/);
  });
});
