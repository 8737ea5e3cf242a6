import { readFileSync } from 'node:fs';
import { validateXML } from 'xmllint-wasm';
import { describe, expect, it } from 'vitest';
import {
  internationalPainXml,
  type InternationalTransfer,
  type InternationalTransferFile,
} from './royalties.pain001.international.ts';
import { decimalOf } from './royalties.pain001.ts';

/** The ISO 20022 pain.001.001.09 schema itself (no SEPA restriction): what a bank's international import reads. */
const schema = readFileSync(
  new URL('../../../test/fixtures/pain.001.001.09.iso.xsd', import.meta.url),
  'utf8',
);

const validate = async (xml: string) => {
  const result = await validateXML({ xml: [{ fileName: 'run.xml', contents: xml }], schema: [schema] });
  return { valid: result.valid, errors: result.errors.map((e) => e.rawMessage) };
};

const texts = (xml: string, tag: string) =>
  [...xml.matchAll(new RegExp(`<${tag}(?: [^>]*)?>([^<]*)</${tag}>`, 'g'))].map((m) => m[1]!);

const centsOf = (decimal: string) => {
  const [units, fraction = ''] = decimal.split('.');
  return Number(units) * 100 + Number(fraction.padEnd(2, '0'));
};

const tunisian = (n: number, overrides: Partial<InternationalTransfer> = {}): InternationalTransfer => ({
  reference: `HLS-PO-2026-${String(n).padStart(6, '0')}`,
  holder: 'Amira Ben Salah',
  accountKind: 'iban',
  account: 'TN5910006035183598478831',
  bic: 'STBKTNTT',
  amountCents: 100,
  remittance: 'HLS royalties 2026-10-01 to 2026-10-31',
  creditor: {
    street: '12 rue de Marseille',
    postcode: '1000',
    city: 'Tunis',
    country: 'TN',
    bankName: 'Société Tunisienne de Banque',
    bankAddress: null,
    bankCountry: 'TN',
  },
  ...overrides,
});

const file = (
  transfers: InternationalTransfer[],
  overrides: Partial<InternationalTransferFile> = {},
): InternationalTransferFile => ({
  reference: 'HLS-RUN-2026-000007-INT',
  createdAt: new Date('2026-11-20T09:30:00Z'),
  executionDate: '2026-11-23',
  debtor: { name: 'HLS Éditions Ltd', iban: 'GB33 BUKB 2020 1555 5555 55', bic: 'BUKBGB22' },
  chargeBearer: 'SHAR',
  transfers,
  ...overrides,
});

describe('international credit transfer file (ISO 20022 pain.001.001.09)', () => {
  it('is valid against the ISO schema: an IBAN outside SEPA, an account number, the charges bearer', async () => {
    const xml = internationalPainXml(
      file(
        [
          tunisian(1, { holder: 'Amira Ben Salah — « Œuvres »', amountCents: 10 }),
          tunisian(2, {
            holder: 'Karim Haddad',
            accountKind: 'account',
            account: '0001 2345 6789',
            bic: 'CHASUS33',
            amountCents: 20,
            creditor: {
              street: '350 Fifth Avenue',
              postcode: '10118',
              city: 'New York',
              country: 'US',
              bankName: 'JPMorgan Chase Bank, N.A.',
              bankAddress:
                '383 Madison Avenue, New York, NY 10179, United States of America, Corporate & Investment Bank',
              bankCountry: 'US',
            },
          }),
          tunisian(3, { account: 'MA64011519000001205000534921', bic: 'BCMAMAMC', amountCents: 30 }),
        ],
        { chargeBearer: 'DEBT' },
      ),
    );
    const result = await validate(xml);
    expect(result.errors).toEqual([]);
    expect(result.valid).toBe(true);

    expect(xml).toContain('<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.001.001.09">');
    expect(xml).toContain('<CstmrCdtTrfInitn>');
    expect(texts(xml, 'ChrgBr')).toEqual(['DEBT']);
    expect(texts(xml, 'IBAN')).toEqual([
      'GB33BUKB20201555555555',
      'TN5910006035183598478831',
      'MA64011519000001205000534921',
    ]);
    // The account number goes in Othr/Id; its bank is named by BIC, name and address.
    expect(xml).toContain('<Othr><Id>000123456789</Id></Othr>');
    expect(texts(xml, 'BICFI')).toEqual(['BUKBGB22', 'STBKTNTT', 'CHASUS33', 'BCMAMAMC']);
    expect(texts(xml, 'Nm')).toContain('JPMorgan Chase Bank, N.A.');
    expect(texts(xml, 'TwnNm')).toEqual(['Tunis', 'New York', 'Tunis']);

    // 0.10 + 0.20 + 0.30 is 0.6000000000000001 in floats: the control sums are the cents' exact sum.
    const amounts = texts(xml, 'InstdAmt');
    expect(amounts).toEqual(['0.10', '0.20', '0.30']);
    const total = amounts.reduce((sum, amount) => sum + centsOf(amount), 0);
    expect(texts(xml, 'CtrlSum')).toEqual([decimalOf(total), decimalOf(total)]);
    expect(texts(xml, 'NbOfTxs')).toEqual(['3', '3']);
    expect(texts(xml, 'Ustrd')).toHaveLength(3);
  });

  it('writes the charges bearer of the settings, SHAR by default', async () => {
    for (const chargeBearer of ['SHAR', 'CRED'] as const) {
      const xml = internationalPainXml(file([tunisian(1)], { chargeBearer }));
      expect(texts(xml, 'ChrgBr')).toEqual([chargeBearer]);
      expect((await validate(xml)).valid).toBe(true);
    }
  });

  it('refuses an empty file and an amount that is not payable', () => {
    expect(() => internationalPainXml(file([]))).toThrow(/at least one/);
    expect(() => internationalPainXml(file([tunisian(1, { amountCents: 0 })]))).toThrow(RangeError);
    expect(() => internationalPainXml(file([tunisian(1, { amountCents: 1.5 })]))).toThrow(RangeError);
  });

  it('escapes what XML must escape and keeps names in the SWIFT character set', () => {
    const xml = internationalPainXml(file([tunisian(1, { holder: 'A <b> & "C"', remittance: 'x < y' })]));
    expect(texts(xml, 'Nm')).toContain('A b + C');
    expect(xml).not.toContain('<b>');
  });
});
