import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { demoAccounts, demoProducts, demoSales } from './demo.dataset.ts';
import { loadDataset } from './load-dataset.ts';

describe('demo data set', () => {
  it('loads the JSON files: the catalogue, one account per role, the sales', () => {
    expect(demoProducts.length).toBeGreaterThanOrEqual(80);
    expect(demoAccounts.map((account) => account.role).sort()).toEqual([
      'admin',
      'author',
      'customer',
      'editor',
    ]);
    expect(demoSales.length).toBeGreaterThan(0);
  });

  it('stops on a file that does not match its schema, naming the file and the path of each problem', () => {
    const expectsNumbers = z.array(z.strictObject({ key: z.number() }).loose());
    expect(() => loadDataset('products.json', expectsNumbers)).toThrow(
      /^demo data set products\.json:\n✖ Invalid input: expected number, received string\n {2}→ at \[0\]\.key/,
    );
  });
});
