import { existsSync } from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance, type FastifyPluginAsync } from 'fastify';
import type { Config } from './config.ts';
import type { Database } from './db/database.ts';
import accounts from './modules/accounts/accounts.plugin.ts';
import analytics from './modules/analytics/analytics.plugin.ts';
import authorNews from './modules/author-news/author-news.plugin.ts';
import catalog from './modules/catalog/catalog.plugin.ts';
import checkout from './modules/checkout/checkout.plugin.ts';
import contact from './modules/contact/contact.plugin.ts';
import documents from './modules/documents/documents.plugin.ts';
import downloads from './modules/downloads/downloads.plugin.ts';
import health from './modules/health/health.plugin.ts';
import locales from './modules/locales/locales.plugin.ts';
import type { MailTransport } from './modules/mail/index.ts';
import mail from './modules/mail/mail.plugin.ts';
import orders from './modules/orders/orders.plugin.ts';
import payments from './modules/payments/payments.plugin.ts';
import reviews from './modules/reviews/reviews.plugin.ts';
import royalties from './modules/royalties/royalties.plugin.ts';
import seo from './modules/seo/seo.plugin.ts';
import site from './modules/site/site.plugin.ts';
import type { Storage } from './modules/storage/index.ts';
import storage from './modules/storage/storage.plugin.ts';
import submissions from './modules/submissions/submissions.plugin.ts';
import tax from './modules/tax/tax.plugin.ts';
import uploads from './modules/uploads/uploads.plugin.ts';
import auth from './plugins/auth.ts';
import bodyParsers from './plugins/body-parsers.ts';
import compression from './plugins/compression.ts';
import appConfig from './plugins/config.ts';
import database from './plugins/database.ts';
import errorHandler from './plugins/error-handler.ts';
import broadcast from './plugins/broadcast.ts';
import redis from './plugins/redis.ts';
import embeddedMaintenance from './plugins/embedded-maintenance.ts';
import events from './plugins/events.ts';
import jobs from './plugins/jobs.ts';
import { loggerOptions } from './plugins/logger.ts';
import openapi from './plugins/openapi.ts';
import rateLimit from './plugins/rate-limit.ts';
import security from './plugins/security.ts';
import timeouts from './plugins/timeouts.ts';
import { serializerCompiler } from './plugins/serializer.ts';
import { validatorCompiler } from './plugins/validator.ts';
import webApp from './plugins/web-app.ts';

export type AppDeps = {
  database: Database;
  /** Defaults to the transport the config names (SMTP_URL or .eml files in MAIL_DIR). */
  mailTransport?: MailTransport;
  /** Run the mail sender loop in this process (default true). */
  runMailSender?: boolean;
  /** Fetch and run background jobs in this process (default true); jobs are sent either way. */
  runJobs?: boolean;
  /** Defaults to local disk under the config's STORAGE_DIR. */
  storage?: Storage;
};

type Registration = (app: FastifyInstance) => PromiseLike<unknown>;
const use =
  <O extends object>(
    plugin: FastifyPluginAsync<O>,
    ...options: object extends O ? [O?] : [O]
  ): Registration =>
  (app) =>
    app.register(plugin, options[0] ?? ({} as O));

/** Builds the whole API (not listening): external plugins, then app plugins, then the modules, in order. */
export async function buildApp(config: Config, deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(config.logLevel),
    bodyLimit: config.bodyLimit,
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (_address: string, hop: number) => hop < (config.trustProxy as number)
        : config.trustProxy,
    // Download links carry their token in the path (a JWT of about 300 characters).
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 1024 },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const serveWebApp = existsSync(path.join(config.webDistDir, 'index.html'));

  const externalPlugins = [
    use(timeouts, config.timeouts),
    use(security, {
      corsOrigin: config.corsOrigin,
      stripe: config.checkout.payments.provider === 'stripe',
    }),
    use(compression),
    use(bodyParsers, { bodyLimit: config.bodyLimit }),
    use(redis, { url: config.redisUrl, keyPrefix: config.redisKeyPrefix }),
    use(rateLimit),
    use(openapi, { publicUrl: config.publicUrl, docs: config.apiDocs }),
  ];

  const appPlugins = [
    use(appConfig, { config }),
    use(events),
    use(database, { db: deps.database.db }),
    use(broadcast, { database: deps.database }),
    use(jobs, { pool: deps.database.pool, runWorkers: deps.runJobs ?? true }),
    ...(deps.database.kind === 'pglite' ? [use(embeddedMaintenance, { pool: deps.database.pool })] : []),
    use(errorHandler, { localesDir: config.localesDir, spaFallback: serveWebApp }),
    use(auth, { secret: config.jwtSecret, accessTokenTtl: config.accessTokenTtl }),
    ...(serveWebApp
      ? [
          use(webApp, {
            root: config.webDistDir,
            localesDir: config.localesDir,
            publicUrl: config.publicUrl,
            renders: config.pageRenders,
          }),
        ]
      : []),
  ];

  // Each module is a plugin that builds its service, decorates `app.<module>` and registers its routes.
  const modules = [
    use(storage, { storage: deps.storage }),
    use(uploads),
    use(mail, { transport: deps.mailTransport, runSender: deps.runMailSender ?? true }),
    use(health),
    use(analytics),
    use(accounts),
    use(locales),
    use(documents),
    use(contact),
    use(catalog),
    use(downloads),
    use(royalties),
    use(tax),
    use(site),
    use(orders),
    use(authorNews),
    use(checkout),
    use(payments),
    use(submissions),
    use(reviews),
    use(seo),
  ];

  for (const register of [...externalPlugins, ...appPlugins, ...modules]) await register(app);
  return app;
}
