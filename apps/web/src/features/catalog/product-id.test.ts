import { describe, expect, it } from 'vitest';
import { IdParams } from '@hls/contract';
import { parseProductId } from './product-id';

describe('parseProductId', () => {
  it("accepts and refuses exactly what the contract's IdParams does", () => {
    const samples = [
      '1',
      '17',
      ' 42 ',
      '0',
      '-3',
      '1.5',
      '1e3',
      '0x10',
      '',
      'abc',
      '2147483647',
      '2147483648',
      '12abc',
    ];
    for (const sample of [...samples, undefined]) {
      const parsed = IdParams.safeParse({ id: sample });
      expect(parseProductId(sample), String(sample)).toBe(parsed.success ? parsed.data.id : null);
    }
  });
});
