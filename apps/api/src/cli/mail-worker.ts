import closeWithGrace from 'close-with-grace';
import { buildApp } from '../app.ts';
import { openCliContext } from './cli-context.ts';

// The background worker on its own, for deployments that run several API instances: the mail outbox sender
// (MAIL_SENDER_IN_API=false on the API instances) and the job queue's workers (PDF stamping, webhooks, expiries),
// which pg-boss shares with any API instance that runs them too. The app is built without listening.
const { config, database, logger } = await openCliContext();
const app = await buildApp(config, { database, runMailSender: true, runJobs: true });
await app.ready();
logger.info('worker started: mail outbox and background jobs');

closeWithGrace({ delay: 10_000 }, async ({ signal }) => {
  logger.info({ signal }, 'worker stopping');
  await app.close();
  await database.close();
});
