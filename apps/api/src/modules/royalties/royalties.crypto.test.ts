import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { bankAad, BankCryptoError, createBankCipher, maskIban } from './royalties.crypto.ts';

const k1 = randomBytes(32);
const k2 = randomBytes(32);
const IBAN = 'FR7630006000011234567890189';
const alice = bankAad('11111111-1111-4111-8111-111111111111');
const bob = bankAad('22222222-2222-4222-8222-222222222222');

/** Flips one bit of the base64url part `index` of a value (1 key id, 2 IV, 3 ciphertext, 4 tag). */
function tamper(value: string, index: number): string {
  const parts = value.split('.');
  const bytes = Buffer.from(parts[index]!, 'base64url');
  bytes[0]! ^= 1;
  parts[index] = bytes.toString('base64url');
  return parts.join('.');
}

describe('bank details encryption', () => {
  const cipher = createBankCipher({ current: 'k1', keys: { k1 } });

  it('binds the value to its row: the AAD is bank:<user id>', () => {
    expect(alice).toBe('bank:11111111-1111-4111-8111-111111111111');
  });

  it('decrypts what it encrypted, with a fresh IV each time and no IBAN text in the value', () => {
    const a = cipher.encrypt(IBAN, alice);
    const b = cipher.encrypt(IBAN, alice);
    expect(a).not.toBe(b);
    expect(a).toMatch(/^v1\.k1\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{22}$/);
    expect(a).not.toContain('FR76');
    expect(a).not.toContain('1234567890');
    expect(cipher.decrypt(a, alice)).toBe(IBAN);
    expect(cipher.decrypt(b, alice)).toBe(IBAN);
    expect(cipher.keyIdOf(a)).toBe('k1');
  });

  it('refuses a value decrypted for another row (another author’s additional data)', () => {
    const value = cipher.encrypt(IBAN, alice);
    expect(() => cipher.decrypt(value, bob)).toThrow(BankCryptoError);
  });

  it.each([
    [2, 'the IV'],
    [3, 'the ciphertext'],
    [4, 'the tag'],
  ])('refuses a value whose %s-th part (%s) was altered', (index) => {
    const value = cipher.encrypt(IBAN, alice);
    expect(() => cipher.decrypt(tamper(value, index), alice)).toThrow(BankCryptoError);
  });

  it('refuses malformed values and a key id not in the ring', () => {
    const value = cipher.encrypt(IBAN, alice);
    for (const bad of [
      '',
      IBAN,
      value.replace(/^v1\./, 'v2.'),
      value.split('.').slice(0, 4).join('.'),
      `${value}.x`,
      value.replace(/\.[^.]+$/, '.AAAA'),
    ]) {
      expect(() => cipher.decrypt(bad, alice), bad).toThrow(BankCryptoError);
    }
    expect(() => cipher.decrypt(value.replace(/^v1\.k1\./, 'v1.k9.'), alice)).toThrow(/k9/);
  });

  it('rotates keys: the old key still decrypts until the values are moved, then may go', () => {
    const old = cipher.encrypt(IBAN, alice);
    const ring = createBankCipher({ current: 'k2', keys: { k2, k1 } });
    expect(ring.needsRekey(old)).toBe(true);
    expect(ring.decrypt(old, alice)).toBe(IBAN);
    const moved = ring.encrypt(ring.decrypt(old, alice), alice);
    expect(ring.needsRekey(moved)).toBe(false);
    expect(ring.keyIdOf(moved)).toBe('k2');

    const withoutOld = createBankCipher({ current: 'k2', keys: { k2 } });
    expect(withoutOld.decrypt(moved, alice)).toBe(IBAN);
    expect(() => withoutOld.decrypt(old, alice)).toThrow(BankCryptoError);
    // A key under another id is another key: a value names the key it needs.
    expect(() => createBankCipher({ current: 'k1', keys: { k1: k2 } }).decrypt(old, alice)).toThrow(
      BankCryptoError,
    );
  });

  it('will not start without its current key in the ring', () => {
    expect(() => createBankCipher({ current: 'k3', keys: { k1 } })).toThrow(/k3/);
  });

  it('encrypts and decrypts 10,000 values without a noticeable cost', () => {
    const values = Array.from({ length: 10_000 }, (_, i) => cipher.encrypt(`FR76${i}`, bankAad(String(i))));
    expect(values.every((value, i) => cipher.decrypt(value, bankAad(String(i))) === `FR76${i}`)).toBe(true);
  });
});

describe('maskIban', () => {
  it('shows the country, the check digits and the last four characters only', () => {
    expect(maskIban(IBAN)).toBe('FR76 •••• •••• 0189');
    expect(maskIban('de89 3704 0044 0532 0130 00')).toBe('DE89 •••• •••• 3000');
    // The length of the hidden part is not told either.
    expect(maskIban('NO9386011117947')).toBe('NO93 •••• •••• 7947');
  });
});
