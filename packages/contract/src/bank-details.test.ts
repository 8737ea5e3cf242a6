import { describe, expect, it } from 'vitest';
import {
  BankDetailsBody,
  Bic,
  hasIban,
  Iban,
  maskAccountNumber,
  maskIban,
  normalizeIban,
  payoutSchemeOf,
} from './bank-details.ts';
import { withholdingOf } from './withholding.ts';

const IBAN = 'FR7630006000011234567890189';
const TN_IBAN = 'TN5910006035183598478831';

const address = {
  holderStreet: '12 rue de Marseille',
  holderPostcode: '1000',
  holderCity: 'Tunis',
  holderCountry: 'tn',
  residenceCountry: 'tn',
};

const issues = (body: Record<string, unknown>) =>
  Object.fromEntries(
    (BankDetailsBody.safeParse(body).error?.issues ?? []).map((i) => [String(i.path[0]), i.message]),
  );

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

  it('says precisely what is wrong with an IBAN: checksum, length, format, RIB key, unknown country', () => {
    const message = (iban: string) => Iban.safeParse(iban).error?.issues[0]?.message;
    expect(message('FR7730006000011234567890189')).toBe('iban.checksum');
    expect(message('FR763000600001123456789018')).toBe('iban.length');
    expect(message('TN59 1000 6035 1835 9847 88')).toBe('iban.length');
    expect(message('TN59 1000 6035 1835 9847 883A')).toBe('iban.format');
    // Mod 97 holds for FR54…00, the RIB key (00 instead of 89) does not.
    expect(message('FR5430006000011234567890100')).toBe('iban.bankKey');
    expect(message('US12 3456 7890 1234')).toBe('iban.noIbanCountry');
    expect(message('')).toBe('iban.required');
  });

  it('takes IBANs outside SEPA: Tunisia, Morocco, Algeria, Egypt; the United States and Canada have none', () => {
    expect(Iban.parse('tn59 1000 6035 1835 9847 8831')).toBe(TN_IBAN);
    for (const country of ['TN', 'MA', 'DZ', 'SN', 'EG', 'FR']) expect(hasIban(country), country).toBe(true);
    for (const country of ['US', 'CA', 'AU']) expect(hasIban(country), country).toBe(false);
  });

  it('takes a BIC of 8 or 11 characters in any case and refuses others', () => {
    expect(Bic.parse('bnpa frpp')).toBe('BNPAFRPP');
    expect(Bic.parse('BNPAFRPPXXX')).toBe('BNPAFRPPXXX');
    for (const bad of ['BNPAFRP', 'BNPAFRPPXX', 'BNPA12PP', ''])
      expect(Bic.safeParse(bad).success, bad).toBe(false);
    expect(Bic.safeParse('').error?.issues[0]?.message).toBe('bic.required');
  });

  it('normalises a Tunisian IBAN body: codes upper case, names trimmed, the bank country the IBAN’s', () => {
    expect(
      BankDetailsBody.parse({
        holder: ' Amira Ben Salah ',
        iban: 'tn59 1000 6035 1835 9847 8831',
        bic: 'stbk tntt',
        bankName: ' Société Tunisienne de Banque ',
        country: 'fr',
        ...address,
      }),
    ).toEqual({
      holder: 'Amira Ben Salah',
      accountKind: 'iban',
      iban: TN_IBAN,
      accountNumber: null,
      bic: 'STBKTNTT',
      bankName: 'Société Tunisienne de Banque',
      bankAddress: null,
      country: 'TN',
      holderStreet: '12 rue de Marseille',
      holderPostcode: '1000',
      holderCity: 'Tunis',
      holderCountry: 'TN',
      residenceCountry: 'TN',
    });
  });

  it('takes an account number with the bank’s BIC and address where the country has no IBAN', () => {
    const body = BankDetailsBody.parse({
      holder: 'Karim Haddad',
      accountKind: 'account',
      accountNumber: '0001-2345 6789',
      bic: 'chasus33',
      bankName: 'JPMorgan Chase Bank',
      bankAddress: '383 Madison Avenue, New York, NY 10179',
      country: 'us',
      ...address,
      holderCountry: 'US',
      residenceCountry: 'US',
    });
    expect(body).toMatchObject({ accountKind: 'account', iban: null, accountNumber: '000123456789' });
    expect(payoutSchemeOf(body)).toBe('international');
  });

  it('names each missing or wrong field, the address ones too', () => {
    expect(issues({ accountKind: 'iban' })).toEqual({
      holder: 'holder.required',
      iban: 'iban.required',
      bic: 'bic.required',
      bankName: 'bankName.required',
      country: 'country.required',
      holderStreet: 'holderStreet.required',
      holderPostcode: 'holderPostcode.required',
      holderCity: 'holderCity.required',
      holderCountry: 'holderCountry.required',
      residenceCountry: 'residenceCountry.required',
    });
    const base = { holder: 'Amira Ben Salah', bankName: 'STB', country: 'TN', ...address };
    expect(issues({ ...base, iban: TN_IBAN, bic: 'BNPAFRPP' })).toEqual({ bic: 'bic.notIbanCountry' });
    expect(issues({ ...base, bic: 'STBKTNTT' })).toEqual({ iban: 'iban.required' });
    expect(
      issues({ ...base, country: 'US', accountKind: 'account', bic: 'CHASUS33', accountNumber: '12' }),
    ).toEqual({
      accountNumber: 'accountNumber.invalid',
      bankAddress: 'bankAddress.required',
    });
    // Tunisia is in the IBAN registry: its accounts are given by their IBAN.
    expect(
      issues({
        ...base,
        accountKind: 'account',
        bic: 'STBKTNTT',
        accountNumber: '10006035183598478831',
        bankAddress: 'Rue Hédi Nouira, Tunis',
      }),
    ).toEqual({ accountNumber: 'accountNumber.useIban' });
    expect(issues({ ...base, iban: TN_IBAN, bic: 'STBKTNTT', residenceCountry: 'Tunisia' })).toEqual({
      residenceCountry: 'country.invalid',
    });
  });

  it('reports every wrong field at once: the account’s rules even when other fields failed', () => {
    // A bad IBAN with the address missing: both in one round, not the IBAN after the address is fixed.
    expect(
      issues({
        holder: 'A',
        iban: 'TN59 1000 6035 1835 9847 8832',
        bic: 'STBKTNTT',
        bankName: 'STB',
        country: 'TN',
      }),
    ).toEqual({
      holder: 'holder.required',
      iban: 'iban.checksum',
      holderStreet: 'holderStreet.required',
      holderPostcode: 'holderPostcode.required',
      holderCity: 'holderCity.required',
      holderCountry: 'holderCountry.required',
      residenceCountry: 'residenceCountry.required',
    });
    // A BIC of another country and a missing bank name, together.
    expect(
      issues({ ...address, holder: 'Amira Ben Salah', iban: TN_IBAN, bic: 'BNPAFRPP', country: 'TN' }),
    ).toEqual({ bankName: 'bankName.required', bic: 'bic.notIbanCountry' });
    // An account number's rules with a residence missing.
    expect(
      issues({
        ...address,
        residenceCountry: '',
        holder: 'Karim Haddad',
        accountKind: 'account',
        accountNumber: '12',
        bic: 'CHASUS33',
        bankName: 'Chase',
        country: 'US',
      }),
    ).toEqual({
      residenceCountry: 'residenceCountry.required',
      accountNumber: 'accountNumber.invalid',
      bankAddress: 'bankAddress.required',
    });
    // An unknown kind of account is named, and nothing else is judged of the account.
    expect(
      issues({
        ...address,
        holder: 'Amira',
        accountKind: 'cheque',
        bic: 'STBKTNTT',
        bankName: 'STB',
        country: 'TN',
      }),
    ).toEqual({
      accountKind: 'accountKind.invalid',
    });
  });

  it('pays a SEPA IBAN by SEPA transfer, any other account by international transfer', () => {
    expect(payoutSchemeOf({ accountKind: 'iban', iban: IBAN })).toBe('sepa');
    expect(payoutSchemeOf({ accountKind: 'iban', iban: 'GB33BUKB20201555555555' })).toBe('sepa');
    expect(payoutSchemeOf({ accountKind: 'iban', iban: TN_IBAN })).toBe('international');
    expect(payoutSchemeOf({ accountKind: 'account', iban: null })).toBe('international');
  });

  it('masks an IBAN and an account number', () => {
    expect(maskIban(TN_IBAN)).toBe('TN59 •••• •••• 8831');
    expect(maskAccountNumber('000123456789')).toBe('•••• •••• 6789');
  });
});

describe('withholding', () => {
  it('withholds floor(royalties × rate), never the whole payout, nothing at 0 or for nothing', () => {
    expect(withholdingOf(10_000, 1500)).toBe(1500);
    expect(withholdingOf(333, 1500)).toBe(49); // 49.95 rounded down once
    expect(withholdingOf(1, 5000)).toBe(0);
    expect(withholdingOf(10_000, 0)).toBe(0);
    expect(withholdingOf(0, 1500)).toBe(0);
    expect(withholdingOf(-500, 1500)).toBe(0);
    // 1.15 × 100 in floats is 114.99999999999999; integers only here.
    expect(withholdingOf(115, 10_000 / 10)).toBe(11);
  });
});
