import closeWithGrace from 'close-with-grace';
import { createMailSender, createMailTransport } from '../modules/mail/index.ts';
import { openCliContext } from './cli-context.ts';

// The outbox sender on its own, for deployments that run several API instances without their own sender.
const { config, database, logger } = await openCliContext();
const transport = createMailTransport({ smtpUrl: config.smtpUrl, mailDir: config.mailDir });
const sender = createMailSender({
  db: database.db,
  transport,
  from: config.mailFrom,
  maxAttempts: config.mailMaxAttempts,
  logger,
});
sender.start();
logger.info('mail worker started');

closeWithGrace({ delay: 10_000 }, async ({ signal }) => {
  logger.info({ signal }, 'mail worker stopping');
  await sender.stop();
  transport.close();
  await database.close();
});
