import { and, desc, eq, inArray, lte } from 'drizzle-orm';
import type { WithholdingBoard, WithholdingRateChange } from '@hls/contract';
import type { Db, Tx } from '../../db/database.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { AppError } from '../../plugins/app-error.ts';
import type { AppTransaction } from '../../plugins/database.ts';
import type { AccountsService } from '../accounts/index.ts';
import { withholdingRates } from './royalties.tables.ts';
import type { Clock } from './royalties.types.ts';

export type WithholdingDeps = {
  db: Db;
  transaction: AppTransaction;
  clock: Clock;
  accounts: Pick<AccountsService, 'profileOf'>;
};

const isoDay = (at: Date) => at.toISOString().slice(0, 10);

/**
 * Withholding tax rates per country of residence, from a day on (UTC): 0 for a country without one. Admins add a
 * rate from today or a later day; a rate is never edited (a new one replaces it from its day), and a payout keeps
 * the rate it applied.
 */
export function createWithholdingService(deps: WithholdingDeps) {
  const { db, clock } = deps;
  const w = withholdingRates;
  const changeColumns = {
    id: w.id,
    country: w.country,
    rateBp: w.rateBp,
    effectiveFrom: w.effectiveFrom,
    createdAt: w.createdAt,
    createdBy: deps.accounts.profileOf(w.createdBy),
  };

  /** The rate in force on `day` for each country asked (0 when none is). */
  async function ratesOn(
    countries: string[],
    day: string,
    executor: Db | Tx = db,
  ): Promise<Map<string, number>> {
    const wanted = [...new Set(countries.filter(Boolean))];
    const rates = new Map<string, number>(wanted.map((country) => [country, 0]));
    if (wanted.length === 0) return rates;
    const rows = await executor
      .selectDistinctOn([w.country], { country: w.country, rateBp: w.rateBp })
      .from(w)
      .where(and(inArray(w.country, wanted), lte(w.effectiveFrom, day)))
      .orderBy(w.country, desc(w.effectiveFrom));
    for (const row of rows) rates.set(row.country, row.rateBp);
    return rates;
  }

  return {
    ratesOn,

    /** The rate in force today for one country of residence (0 without a country, or a rate). */
    async rateFor(country: string | null, executor: Db | Tx = db): Promise<number> {
      if (!country) return 0;
      return (await ratesOn([country], isoDay(clock.now()), executor)).get(country) ?? 0;
    },

    /** GET /api/admin/withholding-rates: the countries with a rate in force today, and every change. */
    async board(): Promise<WithholdingBoard> {
      const today = isoDay(clock.now());
      const [current, changes] = await Promise.all([
        db
          .selectDistinctOn([w.country], {
            country: w.country,
            rateBp: w.rateBp,
            effectiveFrom: w.effectiveFrom,
          })
          .from(w)
          .where(lte(w.effectiveFrom, today))
          .orderBy(w.country, desc(w.effectiveFrom)),
        db.select(changeColumns).from(w).orderBy(desc(w.effectiveFrom), desc(w.id)),
      ]);
      return {
        current: current.filter((row) => row.rateBp > 0),
        changes: changes.map((row): WithholdingRateChange => ({
          id: row.id,
          country: row.country,
          rateBp: row.rateBp,
          effectiveFrom: row.effectiveFrom,
          createdAt: row.createdAt.toISOString(),
          createdBy: row.createdBy?.name ?? null,
        })),
      };
    },

    /** POST /api/admin/withholding-rates: a country's rate from a day on (today when omitted; never before). */
    async add(
      body: { country: string; rateBp: number; effectiveFrom?: string | undefined },
      adminId: string,
    ): Promise<WithholdingRateChange> {
      const today = isoDay(clock.now());
      const effectiveFrom = body.effectiveFrom ?? today;
      if (effectiveFrom < today)
        throw new AppError('validation_failed', 'A withholding rate starts today or later.', {
          effectiveFrom: 'rate.retroactive',
        });
      try {
        return await deps.transaction(async ({ tx }) => {
          const [inserted] = await tx
            .insert(w)
            .values({ country: body.country, rateBp: body.rateBp, effectiveFrom, createdBy: adminId })
            .returning({ id: w.id });
          const [row] = await tx.select(changeColumns).from(w).where(eq(w.id, inserted!.id));
          return {
            id: row!.id,
            country: row!.country,
            rateBp: row!.rateBp,
            effectiveFrom: row!.effectiveFrom,
            createdAt: row!.createdAt.toISOString(),
            createdBy: row!.createdBy?.name ?? null,
          };
        });
      } catch (error) {
        if (isUniqueViolation(error))
          throw new AppError('validation_failed', 'This country already has a rate from that day.', {
            effectiveFrom: 'rate.taken',
          });
        throw error;
      }
    },
  };
}

export type WithholdingService = ReturnType<typeof createWithholdingService>;
