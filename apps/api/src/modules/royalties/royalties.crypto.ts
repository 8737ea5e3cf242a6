import { createCipheriv, createDecipheriv, createSecretKey, randomBytes, type KeyObject } from 'node:crypto';
import type { Config } from '../../config.ts';

export type BankKeyRing = Config['royalties']['bankKeys'];

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;
const base64url = /^[A-Za-z0-9_-]*$/;

/**
 * The additional data an author's IBAN is bound to, in their bank details and in the payouts that copied it: a
 * value moved to another author's row does not decrypt.
 */
export const bankAad = (userId: string) => `bank:${userId}`;

export class BankCryptoError extends Error {
  override name = 'BankCryptoError';
}

type Parsed = { keyId: string; iv: Buffer; ciphertext: Buffer; tag: Buffer };

/** `v1.<key id>.<iv>.<ciphertext>.<tag>` (base64url parts) → its parts; throws on anything else. */
function parse(value: string): Parsed {
  const parts = value.split('.');
  const [version, keyId, iv, ciphertext, tag] = parts;
  if (
    parts.length !== 5 ||
    version !== VERSION ||
    !keyId ||
    !iv ||
    !tag ||
    ![iv, ciphertext, tag].every((part) => base64url.test(part ?? ''))
  ) {
    throw new BankCryptoError('Not an encrypted bank value.');
  }
  const parsed = {
    keyId,
    iv: Buffer.from(iv, 'base64url'),
    ciphertext: Buffer.from(ciphertext ?? '', 'base64url'),
    tag: Buffer.from(tag, 'base64url'),
  };
  if (parsed.iv.length !== IV_BYTES || parsed.tag.length !== TAG_BYTES)
    throw new BankCryptoError('Not an encrypted bank value.');
  return parsed;
}

/**
 * AES-256-GCM under the key ring of the settings: the current key encrypts, any key of the ring decrypts the
 * values that name it. A value holds its key id, a random 12-byte IV, the ciphertext and the tag; the additional
 * data (the row's identity, `bankAad`) is not stored but must be given again to decrypt.
 */
export function createBankCipher(ring: BankKeyRing) {
  const keys = new Map<string, KeyObject>(
    Object.entries(ring.keys).map(([id, key]) => [id, createSecretKey(key)]),
  );
  if (!keys.has(ring.current)) throw new Error(`The current bank key "${ring.current}" is not in the ring.`);
  const currentPrefix = `${VERSION}.${ring.current}.`;

  return {
    currentKeyId: ring.current,

    encrypt(plain: string, aad: string): string {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', keys.get(ring.current)!, iv, { authTagLength: TAG_BYTES });
      cipher.setAAD(Buffer.from(aad, 'utf8'));
      const ciphertext = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [
        VERSION,
        ring.current,
        iv.toString('base64url'),
        ciphertext.toString('base64url'),
        cipher.getAuthTag().toString('base64url'),
      ].join('.');
    },

    /** Throws a `BankCryptoError` for a value altered, bound to other data, or under a key not in the ring. */
    decrypt(value: string, aad: string): string {
      const { keyId, iv, ciphertext, tag } = parse(value);
      const key = keys.get(keyId);
      if (!key) throw new BankCryptoError(`The bank key "${keyId}" is not in the ring.`);
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
        decipher.setAAD(Buffer.from(aad, 'utf8'));
        decipher.setAuthTag(tag);
        return Buffer.concat([decipher.update(ciphertext), decipher.final()]).toString('utf8');
      } catch {
        throw new BankCryptoError(
          'The encrypted bank value does not authenticate (altered, or of another row).',
        );
      }
    },

    /** True for a value encrypted under another key than the current one (`npm run bank:rekey` moves it). */
    needsRekey(value: string): boolean {
      return !value.startsWith(currentPrefix);
    },

    /** The key id a value names (what a rotation still needs), without decrypting it. */
    keyIdOf(value: string): string {
      return parse(value).keyId;
    },
  };
}

export type BankCipher = ReturnType<typeof createBankCipher>;

/** The masked form of an IBAN, as the contract writes it (kept here for the key ring's tests and commands). */
export { maskIban } from '@hls/contract';
