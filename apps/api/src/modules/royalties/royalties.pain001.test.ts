import { readFileSync } from 'node:fs';
import { validateXML } from 'xmllint-wasm';
import { describe, expect, it } from 'vitest';
import { decimalOf, painXml, sepaText, type Transfer, type TransferFile } from './royalties.pain001.ts';

/** The EPC's SEPA credit transfer guidelines (2023) for pain.001.001.09: the schema banks validate against. */
const schema = readFileSync(new URL('../../../test/fixtures/pain.001.001.09.xsd', import.meta.url), 'utf8');

const validate = async (xml: string) => {
  const result = await validateXML({ xml: [{ fileName: 'run.xml', contents: xml }], schema: [schema] });
  return { valid: result.valid, errors: result.errors.map((e) => e.rawMessage) };
};

const texts = (xml: string, tag: string) =>
  [...xml.matchAll(new RegExp(`<${tag}[^>]*>([^<]*)</${tag}>`, 'g'))].map((m) => m[1]!);

/** "12.34" → 1234, without a float. */
const centsOf = (decimal: string) => {
  const [units, fraction = ''] = decimal.split('.');
  return Number(units) * 100 + Number(fraction.padEnd(2, '0'));
};

const debtor = {
  name: 'Hautes Lettres Éditions SAS',
  iban: 'FR76 3000 6000 0112 3456 7890 189',
  bic: 'AGRIFRPP',
};

const transfer = (n: number, overrides: Partial<Transfer> = {}): Transfer => ({
  reference: `HLS-PO-2026-${String(n).padStart(6, '0')}`,
  holder: 'Amira Ben Salah',
  iban: 'DE89370400440532013000',
  bic: 'COBADEFFXXX',
  amountCents: 100,
  remittance: 'HLS royalties 2026-10-01 to 2026-10-31',
  ...overrides,
});

const file = (transfers: Transfer[], overrides: Partial<TransferFile> = {}): TransferFile => ({
  reference: 'HLS-RUN-2026-000007',
  createdAt: new Date('2026-11-20T09:30:00Z'),
  executionDate: '2026-11-23',
  debtor,
  transfers,
  ...overrides,
});

describe('SEPA credit transfer file (pain.001.001.09)', () => {
  it('is valid against the published schema, with accented names, several payouts and amounts floats cannot sum', async () => {
    const xml = painXml(
      file([
        transfer(1, { holder: 'Zoë Łukasz-Ørsted', amountCents: 10 }),
        transfer(2, {
          holder: 'Hélène Dupré & Fils — « Œuvres »',
          iban: 'FR7630006000011234567890189',
          bic: 'AGRIFRPP',
          amountCents: 20,
          remittance: 'HLS royalties 2026-09-01 to 2026-10-31 (Été)',
        }),
        transfer(3, {
          holder: 'José Núñez Ibáñez',
          iban: 'ES9121000418450200051332',
          bic: 'CAIXESBBXXX',
          amountCents: 30,
        }),
        transfer(4, { holder: 'Søren Kierkegaard', amountCents: 123_456_789 }),
        transfer(5, { holder: 'Ana Müller-Straße', amountCents: 1 }),
      ]),
    );
    const result = await validate(xml);
    expect(result.errors).toEqual([]);
    expect(result.valid).toBe(true);

    // 0.10 + 0.20 + 0.30 is 0.6000000000000001 in floats: the control sums are the cents' exact sum.
    const amounts = texts(xml, 'InstdAmt');
    expect(amounts).toEqual(['0.10', '0.20', '0.30', '1234567.89', '0.01']);
    const total = amounts.reduce((sum, amount) => sum + centsOf(amount), 0);
    expect(total).toBe(10 + 20 + 30 + 123_456_789 + 1);
    expect(texts(xml, 'CtrlSum')).toEqual([decimalOf(total), decimalOf(total)]);
    expect(texts(xml, 'NbOfTxs')).toEqual(['5', '5']);

    expect(texts(xml, 'MsgId')).toEqual(['HLS-RUN-2026-000007']);
    expect(texts(xml, 'EndToEndId')).toEqual([1, 2, 3, 4, 5].map((n) => transfer(n).reference));
    expect(texts(xml, 'Dt')).toEqual(['2026-11-23']);
    // Names in the SEPA character set: the debtor (initiating party and debtor), then each creditor.
    expect(texts(xml, 'Nm')).toEqual([
      'Hautes Lettres Editions SAS',
      'Hautes Lettres Editions SAS',
      'Zoe Lukasz-Orsted',
      'Helene Dupre + Fils - OEuvres',
      'Jose Nunez Ibanez',
      'Soren Kierkegaard',
      'Ana Muller-Strasse',
    ]);
    expect(texts(xml, 'Ustrd')[1]).toBe('HLS royalties 2026-09-01 to 2026-10-31 (Ete)');
    expect(texts(xml, 'IBAN')).toEqual([
      'FR7630006000011234567890189',
      'DE89370400440532013000',
      'FR7630006000011234567890189',
      'ES9121000418450200051332',
      'DE89370400440532013000',
      'DE89370400440532013000',
    ]);
  });

  it('writes only the SEPA character set, however the names are spelled', () => {
    const sepa = /^[A-Za-z0-9/\-?:().,'+ ]*$/;
    for (const name of [
      'Zoë Łukasz',
      'Ægir Þórsson',
      'Ðorđe Đoković',
      'Çağla Işık',
      'Œdipe l’Éditeur',
      'Ĳsselmeer ǅemal',
      'Ñandú "Ω" ☃ 北京',
      '\t  spaced\nout  ',
    ]) {
      expect(sepaText(name, 70), name).toMatch(sepa);
    }
    expect(sepaText('Ægir Þórsson', 70)).toBe('AEgir THorsson');
    expect(sepaText('Çağla Işık', 70)).toBe('Cagla Isik');
    expect(sepaText('Œdipe l’Éditeur', 70)).toBe("OEdipe l'Editeur");
    expect(sepaText('\t  spaced\nout  ', 70)).toBe('spaced out');
    expect(sepaText('x'.repeat(80), 70)).toHaveLength(70);
  });

  it('keeps a schema-valid file when a name has no Latin letter or a BIC names another country', async () => {
    const xml = painXml(
      file([
        transfer(1, { holder: '北京', amountCents: 5000 }),
        // A Monaco IBAN with a French bank's BIC: the BIC is left out (optional in SEPA) rather than refused.
        transfer(2, { iban: 'MC5811222000010123456789030', bic: 'AGRIFRPP', amountCents: 7000 }),
      ]),
    );
    const result = await validate(xml);
    expect(result.errors).toEqual([]);
    expect(texts(xml, 'Nm')).toContain('NOTPROVIDED');
    // The debtor's and the first creditor's; none for the second.
    expect(texts(xml, 'BICFI')).toEqual(['AGRIFRPP', 'COBADEFFXXX']);
  });

  it('is refused by the schema when a required part is missing (the check is real)', async () => {
    const xml = painXml(file([transfer(1)])).replace(/<Cdtr><Nm>[^<]*<\/Nm><\/Cdtr>/, '<Cdtr></Cdtr>');
    const result = await validate(xml);
    expect(result.valid).toBe(false);
    expect(result.errors.join('\n')).toMatch(/Nm/);
  });

  it('refuses amounts that are not payable and files without transfers', () => {
    expect(() => painXml(file([]))).toThrow(/at least one/);
    expect(() => painXml(file([transfer(1, { amountCents: 0 })]))).toThrow(/not payable/);
    expect(() => painXml(file([transfer(1, { amountCents: -500 })]))).toThrow(/not payable/);
    expect(decimalOf(5)).toBe('0.05');
    expect(decimalOf(100_000_000_01)).toBe('100000000.01');
  });
});
