import { describe, expect, it } from 'vitest';
import { BankDetailsBody, Bic, Iban, normalizeIban } from './royalties.ts';

const IBAN = 'FR7630006000011234567890189';

describe('bank details validation', () => {
  it('takes an IBAN as people type or paste it: any case, spaces (no-break ones too), dashes, dots', () => {
    for (const typed of [
      IBAN,
      'fr76 3000 6000 0112 3456 7890 189',
      'FR76\u00a03000\u00a06000\u00a00112\u00a03456\u00a07890\u00a0189',
      'FR76-3000-6000-0112-3456-7890-189',
      'FR76.3000.6000.0112.3456.7890.189',
      ' FR76\t30006000011234567890189 ',
    ]) {
      expect(normalizeIban(typed), typed).toBe(IBAN);
      expect(Iban.parse(typed), typed).toBe(IBAN);
    }
  });

  it('refuses a wrong check digit, a wrong length, and a French account whose RIB key is wrong', () => {
    expect(Iban.safeParse('FR7730006000011234567890189').success).toBe(false);
    expect(Iban.safeParse('FR763000600001123456789018').success).toBe(false);
    // Mod 97 holds for FR54…00, the RIB key (00 instead of 89) does not.
    expect(Iban.safeParse('FR5430006000011234567890100').error?.issues[0]?.message).toBe('iban.invalid');
    expect(Iban.safeParse('').error?.issues[0]?.message).toBe('iban.required');
  });

  it('refuses an account outside SEPA (payouts are SEPA transfers), with its own message', () => {
    // A valid Tunisian IBAN: mod 97 holds, Tunisia is not in SEPA.
    expect(Iban.safeParse('TN59 1000 6035 1835 9847 8831').error?.issues.map((i) => i.message)).toEqual([
      'iban.notSepa',
    ]);
    expect(Iban.parse('GB33 BUKB 2020 1555 5555 55')).toBe('GB33BUKB20201555555555');
  });

  it('takes a BIC of 8 or 11 characters in any case and refuses others', () => {
    expect(Bic.parse('bnpa frpp')).toBe('BNPAFRPP');
    expect(Bic.parse('BNPAFRPPXXX')).toBe('BNPAFRPPXXX');
    for (const bad of ['BNPAFRP', 'BNPAFRPPXX', 'BNPA12PP', ''])
      expect(Bic.safeParse(bad).success, bad).toBe(false);
  });

  it('normalises the whole body: codes upper case, names trimmed', () => {
    expect(
      BankDetailsBody.parse({
        holder: ' Amira Ben Salah ',
        iban: 'fr76 3000 6000 0112 3456 7890 189',
        bic: 'bnpafrpp',
        bankName: ' BNP Paribas ',
        country: 'fr',
      }),
    ).toEqual({
      holder: 'Amira Ben Salah',
      iban: IBAN,
      bic: 'BNPAFRPP',
      bankName: 'BNP Paribas',
      country: 'FR',
    });
  });
});
