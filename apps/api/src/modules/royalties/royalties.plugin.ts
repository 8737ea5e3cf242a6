import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import authorRoutes from './royalties.author.routes.ts';
import bankRoutes from './royalties.bank.routes.ts';
import { createBankService, type BankService } from './royalties.bank.ts';
import { createClock, testClockRoute } from './royalties.clock.ts';
import { createLedger, type Ledger } from './royalties.ledger.ts';
import payoutRoutes from './royalties.payouts.routes.ts';
import { createPayoutService, type PayoutService } from './royalties.payouts.ts';
import {
  createProposalService,
  PROPOSE_PAYOUTS_CRON,
  PROPOSE_PAYOUTS_JOB,
  type ProposalService,
} from './royalties.proposals.ts';
import rateRoutes from './royalties.rates.routes.ts';
import { createRateService, type RateService } from './royalties.rates.ts';
import { createStatementService, type StatementService } from './royalties.statements.ts';
import treatyRoutes from './royalties.treaty.routes.ts';
import { createTreatyService, type TreatyService } from './royalties.treaty.ts';
import type { Clock } from './royalties.types.ts';
import { createWithholdingService, type WithholdingService } from './royalties.withholding.ts';

declare module 'fastify' {
  interface FastifyInstance {
    royalties: {
      ledger: Ledger;
      rates: RateService;
      bank: BankService;
      payouts: PayoutService;
      proposals: ProposalService;
      withholding: WithholdingService;
      treaty: TreatyService;
      statements: StatementService;
      clock: Clock;
    };
  }
}

/**
 * Royalties: the ledger (accruals written by the orders' payment, reversals by their refunds, holds ended by a
 * delivery or a first download), the rates per format, the authors' statements and bank details, and the admins'
 * payout runs with their SEPA and international transfer files, the withholding tax per country of residence and
 * the monthly proposal of a run (a job), and the treaty forms authors file with their residence.
 */
export default fp(
  async function royalties(app: FastifyInstance) {
    const { config } = app;
    const clock = createClock();
    const ledger = createLedger({
      db: app.db,
      transaction: app.transaction,
      clock,
      defaultRates: config.royaltyRates,
      settings: config.royalties,
    });
    const rates = createRateService({
      db: app.db,
      transaction: app.transaction,
      clock,
      ledger,
      accounts: app.accounts,
    });
    const bank = createBankService({
      db: app.db,
      transaction: app.transaction,
      keys: config.royalties.bankKeys,
      mail: app.mail,
      accounts: app.accounts,
      publicUrl: config.publicUrl,
      contactEmail: config.site.contact.authors,
      log: app.log,
    });
    const withholding = createWithholdingService({
      db: app.db,
      transaction: app.transaction,
      clock,
      accounts: app.accounts,
    });
    // The uploads module is registered before this one (app.ts): treaty forms are taken in as submissions' files are.
    const treaty = createTreatyService({
      db: app.db,
      transaction: app.transaction,
      uploads: app.uploads,
      storage: app.storage,
      log: app.log,
    });
    const payouts = createPayoutService({
      db: app.db,
      transaction: app.transaction,
      clock,
      bank,
      withholding,
      treaty,
      mail: app.mail,
      accounts: app.accounts,
      settings: config.royalties,
      publicUrl: config.publicUrl,
    });
    const proposals = createProposalService({
      db: app.db,
      transaction: app.transaction,
      clock,
      payouts,
      log: app.log,
    });
    const statements = createStatementService({
      db: app.db,
      clock,
      ledger,
      bank,
      payouts,
      withholding,
      accounts: app.accounts,
      settings: config.royalties,
      company: config.site.company,
    });
    app.decorate('royalties', {
      ledger,
      rates,
      bank,
      payouts,
      proposals,
      withholding,
      treaty,
      statements,
      clock,
    });

    // On the 1st of each month a run is proposed for an admin to approve (once, whatever the instances).
    await app.jobs.work(PROPOSE_PAYOUTS_JOB, async () => {
      await proposals.propose();
    });
    await app.jobs.schedule(PROPOSE_PAYOUTS_JOB, PROPOSE_PAYOUTS_CRON);

    await app.register(authorRoutes, { prefix: '/api' });
    await app.register(bankRoutes, { prefix: '/api' });
    await app.register(rateRoutes, { prefix: '/api' });
    await app.register(payoutRoutes, { prefix: '/api' });
    await app.register(treatyRoutes, { prefix: '/api' });
    if (config.royalties.testClock) {
      await app.register((scope) => testClockRoute(scope, clock), { prefix: '/api' });
      // Browser journeys propose the month's run as the job does on the 1st (test clock only, never in production).
      await app.register(
        async (scope) => {
          scope.post('/test/payouts/propose', { schema: { hide: true } }, async () => ({
            proposal: await proposals.propose(),
          }));
        },
        { prefix: '/api' },
      );
    }
  },
  {
    name: 'royalties',
    dependencies: ['config', 'database', 'jobs', 'auth', 'storage', 'uploads', 'mail', 'accounts'],
  },
);
