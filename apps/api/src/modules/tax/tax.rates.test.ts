import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { euMemberStates, type TaxCategory } from '@hls/contract';
import { useApp } from '../../../test/helper.ts';
import { ratesOn } from './tax.rates.ts';

/** The `sales-tax` package's table (kept up to date by its maintainers): each country's standard rate, with history. */
function salesTaxTable(): Record<string, { rate: number; before?: Record<string, { rate: number }> }> {
  const entry = createRequire(import.meta.url).resolve('sales-tax');
  let dir = path.dirname(entry);
  while (!dir.endsWith('sales-tax')) dir = path.dirname(dir);
  return JSON.parse(readFileSync(path.join(dir, 'res', 'sales_tax_rates.json'), 'utf8')) as ReturnType<
    typeof salesTaxTable
  >;
}

describe('the seeded VAT rates (migration 0018)', () => {
  const t = useApp();
  const countries = [...euMemberStates, 'GB'];

  it('give every EU member state and the UK a rate of each category', async () => {
    const rateOf = await ratesOn(t.app.db, countries, '2026-01-01');
    for (const country of countries) {
      for (const category of ['standard', 'ebook', 'printed_book'] as TaxCategory[]) {
        expect(rateOf(country, category), `${country} ${category}`).not.toBeNull();
      }
    }
    expect(rateOf('TN', 'standard')).toBeNull();
  });

  it('agree with a maintained table on every standard rate in force on 1 October 2025', async () => {
    const table = salesTaxTable();
    const rateOf = await ratesOn(t.app.db, countries, '2025-10-01');
    for (const country of countries) {
      expect(rateOf(country, 'standard'), country).toBe(Math.round(table[country]!.rate * 10_000));
    }
  });

  it('keep the changes of 2024 and 2025 from their day', async () => {
    const before = await ratesOn(t.app.db, ['FI', 'SK', 'EE'], '2024-08-31');
    const after = await ratesOn(t.app.db, ['FI', 'SK', 'EE'], '2025-07-01');
    expect([before('FI', 'standard'), after('FI', 'standard')]).toEqual([2400, 2550]);
    expect([before('FI', 'ebook'), after('FI', 'ebook')]).toEqual([1000, 1400]);
    expect([before('SK', 'standard'), after('SK', 'standard')]).toEqual([2000, 2300]);
    expect([before('EE', 'standard'), after('EE', 'standard')]).toEqual([2200, 2400]);
  });
});
