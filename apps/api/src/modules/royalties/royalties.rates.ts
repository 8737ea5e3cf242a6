import { desc, eq } from 'drizzle-orm';
import type { RoyaltyRateBoard, RoyaltyRateChange, RoyaltyRateBody, RoyaltyRates } from '@hls/contract';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import type { AppTransaction, AppTxContext } from '../../plugins/database.ts';
import { AppError } from '../../plugins/app-error.ts';
import type { AccountsService } from '../accounts/index.ts';
import type { Ledger } from './royalties.ledger.ts';
import { royaltyRates } from './royalties.tables.ts';
import type { Clock } from './royalties.types.ts';
import { isUniqueViolation } from '../../db/errors.ts';

export type RateDeps = {
  db: Db;
  transaction: AppTransaction;
  clock: Clock;
  ledger: Pick<Ledger, 'defaults' | 'ratesAt'>;
  accounts: Pick<AccountsService, 'profileOf'>;
};

/**
 * How far in the past a new rate's date may be and still be taken (a form's minute-precision date of "now"): it
 * then starts now. The table refuses a rate effective more than a minute before it was written.
 */
export const RATE_TOLERANCE_MS = 60_000;

/** Rates in basis points as the settings state them (percent of the net sale): the site's and the calculator's. */
export function ratesInPercent(rates: RoyaltyRates): Config['royaltyRates'] {
  return {
    paper: rates.paper / 100,
    ebook: rates.ebook / 100,
    professionalFile: rates.professional_file / 100,
  };
}

const retroactive = () =>
  new AppError('validation_failed', 'A rate is never retroactive: its date cannot be in the past.', {
    effectiveFrom: 'rate.retroactive',
  });
const taken = () =>
  new AppError(
    'validation_failed',
    'This format already has a rate from that instant; a rate is never edited: choose another date.',
    { effectiveFrom: 'rate.taken' },
  );

/**
 * The royalty rates admins set: a rate per format from a date on, never before now (a sale keeps the rate of its
 * payment), never edited nor deleted. "Now" is the ledger's clock.
 */
export function createRateService(deps: RateDeps) {
  const { db, clock, ledger } = deps;

  const changeColumns = {
    id: royaltyRates.id,
    format: royaltyRates.format,
    rateBp: royaltyRates.rateBp,
    effectiveFrom: royaltyRates.effectiveFrom,
    createdAt: royaltyRates.createdAt,
    createdBy: deps.accounts.profileOf(royaltyRates.createdBy),
  };
  type ChangeRow = {
    id: number;
    format: RoyaltyRateChange['format'];
    rateBp: number;
    effectiveFrom: Date;
    createdAt: Date;
    createdBy: { name: string } | null;
  };
  const toChange = (row: ChangeRow): RoyaltyRateChange => ({
    id: row.id,
    format: row.format,
    rateBp: row.rateBp,
    effectiveFrom: row.effectiveFrom.toISOString(),
    createdAt: row.createdAt.toISOString(),
    createdBy: row.createdBy?.name ?? null,
  });

  return {
    /** The rates effective now, in basis points. */
    current: (): Promise<RoyaltyRates> => ledger.ratesAt(clock.now()),

    /** The rates effective now in percent, the settings' shape (GET /api/site, the price calculator). */
    currentPercent: async () => ratesInPercent(await ledger.ratesAt(clock.now())),

    /** GET /api/admin/royalty-rates: the rates now, the settings' defaults, every change (scheduled first). */
    async board(): Promise<RoyaltyRateBoard> {
      const [current, rows] = await Promise.all([
        ledger.ratesAt(clock.now()),
        db
          .select(changeColumns)
          .from(royaltyRates)
          .orderBy(desc(royaltyRates.effectiveFrom), desc(royaltyRates.id)),
      ]);
      return { current, defaults: { ...ledger.defaults }, changes: rows.map(toChange) };
    },

    /**
     * POST /api/admin/royalty-rates: a new rate for a format from `effectiveFrom` (now when omitted, or when it
     * is within the tolerance before now); a date before that is refused (never retroactive), as is a second
     * rate of the format from the same instant.
     */
    async add(
      body: { format: RoyaltyRateBody['format']; rateBp: number; effectiveFrom?: string | undefined },
      adminId: string | null,
      within?: AppTxContext,
    ): Promise<RoyaltyRateChange> {
      const now = clock.now();
      const asked = body.effectiveFrom ? new Date(body.effectiveFrom) : now;
      if (asked.getTime() < now.getTime() - RATE_TOLERANCE_MS) throw retroactive();
      const effectiveFrom = asked < now ? now : asked;
      try {
        return await deps.transaction(async ({ tx }) => {
          const [inserted] = await tx
            .insert(royaltyRates)
            .values({
              format: body.format,
              rateBp: body.rateBp,
              effectiveFrom,
              createdAt: now,
              createdBy: adminId,
            })
            .returning({ id: royaltyRates.id });
          const [row] = await tx
            .select(changeColumns)
            .from(royaltyRates)
            .where(eq(royaltyRates.id, inserted!.id));
          return toChange(row!);
        }, within);
      } catch (error) {
        if (isUniqueViolation(error)) throw taken();
        throw error;
      }
    },
  };
}

export type RateService = ReturnType<typeof createRateService>;
