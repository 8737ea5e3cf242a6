import { desc, eq } from 'drizzle-orm';
import type { PayoutProposal, PayoutProposalList, PayoutRun } from '@hls/contract';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../plugins/app-error.ts';
import type { AppTransaction } from '../../plugins/database.ts';
import type { PayoutService } from './royalties.payouts.ts';
import { payoutProposals, payoutRuns } from './royalties.tables.ts';
import type { Clock } from './royalties.types.ts';

export type ProposalDeps = {
  db: Db;
  transaction: AppTransaction;
  clock: Clock;
  payouts: Pick<PayoutService, 'due' | 'run'>;
  log: { info(obj: object, msg: string): void };
};

/** The job that proposes the month's payout run, and when it runs: the 1st of each month, 06:00 UTC. */
export const PROPOSE_PAYOUTS_JOB = 'royalties.propose-payouts';
export const PROPOSE_PAYOUTS_CRON = '0 6 1 * *';

/** Proposals listed in the back office. */
const LIST_LIMIT = 24;

const monthOf = (at: Date) => at.toISOString().slice(0, 7);

/** The 1st of the month after `at` (YYYY-MM-DD, UTC): when the next run is proposed. */
export function nextRunDate(at: Date): string {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 1)).toISOString().slice(0, 10);
}

type ProposalRow = typeof payoutProposals.$inferSelect;

type Payee = PayoutProposal['payees'][number];

const toProposal = (row: ProposalRow, runReference: string | null, payees: Payee[] = []): PayoutProposal => ({
  id: row.id,
  month: row.month,
  status: row.status,
  createdAt: row.createdAt.toISOString(),
  authorIds: row.authorIds,
  totalCents: row.totalCents,
  decidedAt: row.decidedAt?.toISOString() ?? null,
  decidedBy: row.decidedBy,
  runId: row.runId,
  runReference,
  payees,
});

/**
 * The monthly payout proposal: a job proposes, on the 1st, a run of every author payable then; an admin approves
 * it (the run is made as by "Run payouts", for those authors, in the same transaction that marks the proposal
 * approved) or dismisses it. One proposal per month: the month is unique, so a second instance's job, or a job
 * run again, inserts nothing.
 */
export function createProposalService(deps: ProposalDeps) {
  const { db, clock } = deps;

  async function load(id: string): Promise<PayoutProposal> {
    const [row] = await db
      .select({ proposal: payoutProposals, runReference: payoutRuns.reference })
      .from(payoutProposals)
      .leftJoin(payoutRuns, eq(payoutRuns.id, payoutProposals.runId))
      .where(eq(payoutProposals.id, id));
    if (!row) throw new AppError('not_found', 'No such payout proposal.');
    return toProposal(row.proposal, row.runReference);
  }

  return {
    /**
     * Proposes this month's run when some author is payable and no proposal exists for the month; returns the
     * proposal made, or null (nothing payable, or proposed already).
     */
    async propose(): Promise<PayoutProposal | null> {
      const now = clock.now();
      const month = monthOf(now);
      const due = await deps.payouts.due();
      const payable = due.results.filter((row) => row.payable);
      if (payable.length === 0) {
        deps.log.info({ month }, 'payout proposal: nobody is payable');
        return null;
      }
      const [row] = await db
        .insert(payoutProposals)
        .values({
          month,
          authorIds: payable.map((row) => row.authorId),
          totalCents: payable.reduce((sum, row) => sum + row.availableCents, 0),
          createdAt: now,
        })
        .onConflictDoNothing({ target: payoutProposals.month })
        .returning();
      if (row) deps.log.info({ month, authors: payable.length }, 'payout run proposed');
      return row ? toProposal(row, null) : null;
    },

    /** GET /api/admin/payouts/proposals: the latest proposals, newest first. */
    async list(): Promise<PayoutProposalList> {
      const rows = await db
        .select({ proposal: payoutProposals, runReference: payoutRuns.reference })
        .from(payoutProposals)
        .leftJoin(payoutRuns, eq(payoutRuns.id, payoutProposals.runId))
        .orderBy(desc(payoutProposals.month))
        .limit(LIST_LIMIT);
      // A proposal still to decide names its authors as they stand now: what approving it would pay them.
      const open = rows.some((row) => row.proposal.status === 'proposed');
      const due = open ? new Map((await deps.payouts.due()).results.map((row) => [row.authorId, row])) : null;
      return {
        results: rows.map((row) => {
          const payees =
            row.proposal.status === 'proposed' && due
              ? row.proposal.authorIds.flatMap((authorId): Payee[] => {
                  const author = due.get(authorId);
                  return author
                    ? [
                        {
                          authorId,
                          name: author.name,
                          email: author.email,
                          availableCents: author.availableCents,
                          scheme: author.scheme,
                          withholdingBp: author.withholdingBp,
                          payable: author.payable,
                        },
                      ]
                    : [];
                })
              : [];
          return toProposal(row.proposal, row.runReference, payees);
        }),
      };
    },

    /**
     * POST /api/admin/payouts/proposals/{id}/approve: the run of the proposal's authors (what is payable to them
     * now), and the proposal approved, in one transaction; 409 when it was decided already or nothing is payable.
     */
    async approve(id: string, actorId: string, executionDate?: string): Promise<PayoutRun> {
      return deps.transaction(async (ctx) => {
        const [row] = await ctx.tx
          .select()
          .from(payoutProposals)
          .where(eq(payoutProposals.id, id))
          .for('update');
        if (!row) throw new AppError('not_found', 'No such payout proposal.');
        if (row.status !== 'proposed')
          throw new AppError('invalid_transition', `This proposal was ${row.status} already.`);
        const run = await deps.payouts.run(actorId, { authorIds: row.authorIds, executionDate }, ctx);
        await ctx.tx
          .update(payoutProposals)
          .set({ status: 'approved', decidedAt: clock.now(), decidedBy: actorId, runId: run.id })
          .where(eq(payoutProposals.id, id));
        return run;
      });
    },

    /** POST /api/admin/payouts/proposals/{id}/dismiss: no run this time; 409 when decided already. */
    async dismiss(id: string, actorId: string): Promise<PayoutProposal> {
      await deps.transaction(async ({ tx }) => {
        const [row] = await tx.select().from(payoutProposals).where(eq(payoutProposals.id, id)).for('update');
        if (!row) throw new AppError('not_found', 'No such payout proposal.');
        if (row.status !== 'proposed')
          throw new AppError('invalid_transition', `This proposal was ${row.status} already.`);
        await tx
          .update(payoutProposals)
          .set({ status: 'dismissed', decidedAt: clock.now(), decidedBy: actorId })
          .where(eq(payoutProposals.id, id));
      });
      return load(id);
    },
  };
}

export type ProposalService = ReturnType<typeof createProposalService>;
