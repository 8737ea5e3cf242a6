import { and, asc, desc, eq, inArray, lte, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { RateOf, TaxCategory, VatRate, VatRateBody } from '@hls/contract';
import type { Db, Tx } from '../../db/database.ts';
import { AppError } from '../../plugins/app-error.ts';
import { vatRates } from './tax.tables.ts';

/** The day of `at` in UTC (rates change at midnight). */
export const dayOf = (at: Date): string => at.toISOString().slice(0, 10);

/**
 * The rates effective on a day for some countries: per country and category, the last one valid from that day or
 * before. A country with no row has no rate (`null`: the shop charges no VAT there).
 */
export async function ratesOn(executor: Db | Tx, countries: string[], day: string): Promise<RateOf> {
  const wanted = [...new Set(countries)];
  const rows = wanted.length
    ? await executor
        .selectDistinctOn([vatRates.country, vatRates.category], {
          country: vatRates.country,
          category: vatRates.category,
          rateBp: vatRates.rateBp,
        })
        .from(vatRates)
        .where(and(inArray(vatRates.country, wanted), lte(vatRates.validFrom, day)))
        .orderBy(vatRates.country, vatRates.category, desc(vatRates.validFrom))
    : [];
  return rateOfRows(rows);
}

/** A rate as `ratesJson` gives it. */
export type RateRow = { country: string; category: TaxCategory; rateBp: number };

/** The rates `rows` name, as `ratesOn` answers them. */
export function rateOfRows(rows: RateRow[]): RateOf {
  const rates = new Map(rows.map((r) => [`${r.country}:${r.category}`, r.rateBp]));
  return (country: string, category: TaxCategory) => rates.get(`${country}:${category}`) ?? null;
}

/**
 * The rates `ratesOn` reads, as a JSON array of `RateRow` computed inside a larger statement: `countries` is a
 * list of SQL expressions (a null one is no country).
 */
export function ratesJson(countries: SQL, day: string | Placeholder): SQL {
  return sql`(SELECT coalesce(json_agg(json_build_object('country', r.country, 'category', r.category, 'rateBp', r.rate_bp)), '[]'::json)
    FROM (SELECT DISTINCT ON (${vatRates.country}, ${vatRates.category}) ${vatRates.country} AS country, ${vatRates.category} AS category, ${vatRates.rateBp} AS rate_bp
      FROM ${vatRates} WHERE ${vatRates.country} IN (${countries}) AND ${vatRates.validFrom} <= ${day}::date
      ORDER BY ${vatRates.country}, ${vatRates.category}, ${vatRates.validFrom} DESC) AS r)`;
}

/** The rates as the back office reads and adds to them: every period, each valid until the next one. */
export function createRateBook(deps: { db: Db }) {
  const { db } = deps;
  return {
    async list(country?: string): Promise<VatRate[]> {
      const rows = await db
        .select({
          id: vatRates.id,
          country: vatRates.country,
          category: vatRates.category,
          rateBp: vatRates.rateBp,
          validFrom: vatRates.validFrom,
          source: vatRates.source,
          validTo: sql<
            string | null
          >`(lead(${vatRates.validFrom}) OVER (PARTITION BY ${vatRates.country}, ${vatRates.category} ORDER BY ${vatRates.validFrom}) - 1)::text`,
        })
        .from(vatRates)
        .where(country ? eq(vatRates.country, country) : undefined)
        .orderBy(asc(vatRates.country), asc(vatRates.category), desc(vatRates.validFrom));
      return rows;
    },

    /**
     * A new rate from a day on; the one before stays for the days before it. Never in the past (an order already
     * taxed keeps its rate, so a rate backdated would tell a false story), and once per country, category and day.
     */
    async add(input: z.output<typeof VatRateBody>, by: string, today = dayOf(new Date())): Promise<VatRate> {
      if (input.validFrom < today) {
        throw new AppError('validation_failed', 'A rate takes effect today or later.', {
          validFrom: 'validFrom.past',
        });
      }
      const [row] = await db
        .insert(vatRates)
        .values({
          country: input.country,
          category: input.category,
          rateBp: Math.round(input.ratePercent * 100),
          validFrom: input.validFrom,
          source: input.source ?? 'set in the back office',
          createdBy: by,
        })
        .onConflictDoNothing()
        .returning();
      if (!row) {
        throw new AppError(
          'validation_failed',
          'A rate of this country and category already starts that day.',
          {
            validFrom: 'validFrom.taken',
          },
        );
      }
      const [listed] = (await this.list(input.country)).filter((r) => r.id === row.id);
      return listed!;
    },
  };
}

export type RateBook = ReturnType<typeof createRateBook>;
