import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../../db/database.ts';
import { createMailSender, type MailSender } from './mail-sender.ts';
import type { MailTransport } from './mail-transport.ts';

declare module 'fastify' {
  interface FastifyInstance {
    mailSender: MailSender;
  }
}

export type MailPluginOptions = {
  db: Db;
  transport: MailTransport;
  from: string;
  maxAttempts: number;
  /** Run the sender loop inside the API process (off when a separate `npm run worker` does it). */
  runSender: boolean;
};

/** Owns the outbox sender: other modules enqueue in their transactions, then call `app.mailSender.wake()`. */
export default fp(
  async function mail(app: FastifyInstance, options: MailPluginOptions) {
    const sender = createMailSender({
      db: options.db,
      transport: options.transport,
      from: options.from,
      maxAttempts: options.maxAttempts,
      logger: app.log.child({ module: 'mail' }),
    });
    app.decorate('mailSender', sender);
    if (options.runSender) app.addHook('onReady', async () => sender.start());
    app.addHook('onClose', async () => {
      await sender.stop();
      options.transport.close();
    });
  },
  { name: 'mail' },
);
