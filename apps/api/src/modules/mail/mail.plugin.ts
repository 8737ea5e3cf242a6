import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { redactSentMail, REDACT_SENT_JOB } from './mail-retention.ts';
import { createMailSender } from './mail-sender.ts';
import { createMailService, type MailService } from './mail.service.ts';
import type { MailTemplate } from './mail-templates.ts';
import { createMailTransport, type MailTransport } from './mail-transport.ts';

declare module 'fastify' {
  interface FastifyInstance {
    mail: MailService;
  }
}

declare module '../../plugins/events.ts' {
  interface AppEvents {
    /** A message was queued and its transaction committed. */
    'mail.queued': { template: MailTemplate };
  }
}

export type MailPluginOptions = {
  /** Defaults to the transport the config names (SMTP_URL or .eml files in MAIL_DIR). */
  transport?: MailTransport | undefined;
  /** Run the sender loop inside the API process (off when a separate `npm run worker` does it). */
  runSender: boolean;
};

/**
 * Owns the outbox, its sender and the job that empties old sent bodies: other modules queue with
 * `app.mail.queue(ctx, …)` inside their transaction.
 */
export default fp(
  async function mail(app: FastifyInstance, options: MailPluginOptions) {
    const { config } = app;
    const transport =
      options.transport ?? createMailTransport({ smtpUrl: config.smtpUrl, mailDir: config.mailDir });
    const sender = createMailSender({
      db: app.db,
      transport,
      from: config.mailFrom,
      maxAttempts: config.mailMaxAttempts,
      baseDelayMs: config.mailRetryDelayMs,
      leaseMs: config.mailSendLeaseMs,
      logger: app.log.child({ module: 'mail' }),
    });
    app.decorate('mail', createMailService({ db: app.db, sender }));
    // Hourly, the bodies of messages sent past the retention go: the links they carried are not kept.
    await app.jobs.work(REDACT_SENT_JOB, async () => {
      await redactSentMail(app.db, config.retention.sentMail);
    });
    await app.jobs.schedule(REDACT_SENT_JOB, '41 * * * *');
    const unsubscribe = app.events.on('mail.queued', () => sender.wake());
    if (options.runSender) {
      app.addHook('onReady', async () => sender.start());
      // The sender here sends what is queued here: the other instances' senders need not wake for it.
      app.actsOnItsOwn('mail.queued', () => true);
    }
    app.addHook('onClose', async () => {
      unsubscribe();
      await sender.stop();
      transport.close();
    });
  },
  { name: 'mail', dependencies: ['config', 'events', 'database', 'jobs'] },
);
