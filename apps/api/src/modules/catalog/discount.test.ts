// @module-tag postgres — the final price is a generated column computed by the server.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { discountedPrice } from '@hls/contract';
import { useApp } from '../../../test/helper.ts';

/**
 * Every price from 0 to 400 cents, then prices where rounding or size could go wrong, up to the largest the
 * column's integer arithmetic holds (price × 100 + 50 must fit in an int: 21,474,835 cents).
 */
const prices = [
  ...Array.from({ length: 401 }, (_, cents) => cents),
  995,
  999,
  1001,
  1050,
  1250,
  1999,
  4995,
  9999,
  12_345,
  99_999,
  123_457,
  1_000_001,
  21_474_835,
];
const discounts = Array.from({ length: 101 }, (_, percent) => percent);

describe('the discount rule', () => {
  const t = useApp();

  it('gives the same final price in TypeScript (@hls/contract) and in the database’s generated column', async () => {
    // A scratch copy of book_editions with its generated final price, without its checks (discounts to 100 %).
    const rows = await t.app.transaction(async ({ tx }) => {
      await tx.execute(sql`CREATE TEMP TABLE discount_rule (LIKE book_editions
        INCLUDING DEFAULTS INCLUDING IDENTITY INCLUDING GENERATED) ON COMMIT DROP`);
      await tx.execute(sql`INSERT INTO discount_rule (product_id, format, price_cents, discount_percent)
        SELECT 1, 'ebook', p, d FROM unnest(${sql.param(prices)}::int[]) p, unnest(${sql.param(discounts)}::int[]) d`);
      const result = await tx.execute<{ price: number; discount: number; final: number }>(
        sql`SELECT price_cents AS price, discount_percent AS discount, final_price_cents AS final FROM discount_rule`,
      );
      return result.rows;
    });
    expect(rows).toHaveLength(prices.length * discounts.length);
    const differences = rows.filter((row) => discountedPrice(row.price, row.discount) !== row.final);
    expect(differences).toEqual([]);
  });
});
