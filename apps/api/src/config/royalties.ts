import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ConfigError, type ParsedEnv } from './env.ts';

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
  /**
   * Who bears the banks' charges of an international transfer (ISO 20022 ChargeBearer): SHAR each side its own
   * bank's, DEBT the company all of them, CRED the author all of them. SEPA transfers always share (SLEV).
   */
  chargeBearer: 'SHAR' | 'DEBT' | 'CRED';
  /** Tests only: `POST /api/test/clock` moves the ledger's clock (refused in production). */
  testClock: boolean;
};

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

/** The royalties' settings of the environment; the bank keys' ring is generated outside production if missing. */
export function readRoyalties(e: ParsedEnv, dataDir: string, isProduction: boolean): RoyaltySettings {
  return {
    digitalHold: e.ROYALTY_HOLD_DIGITAL,
    paperHold: e.ROYALTY_HOLD_PAPER,
    minimumPayoutCents: e.PAYOUT_MINIMUM_EUR * 100,
    bankKeys: parseBankKeys(e.BANK_DATA_KEYS, dataDir, isProduction),
    debtor: {
      name: e.PAYOUT_DEBTOR_NAME ?? e.COMPANY_NAME,
      iban: e.PAYOUT_DEBTOR_IBAN.replace(/\s+/g, '').toUpperCase(),
      bic: e.PAYOUT_DEBTOR_BIC.toUpperCase(),
    },
    chargeBearer: e.PAYOUT_CHARGES,
    testClock: e.TEST_CLOCK,
  };
}
