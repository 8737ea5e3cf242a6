import { existsSync } from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Database } from './db/database.ts';
import accountsRoutes from './modules/accounts/accounts.routes.ts';
import { createAccountsService } from './modules/accounts/accounts.service.ts';
import analyticsRoutes from './modules/analytics/analytics.routes.ts';
import contactRoutes from './modules/contact/contact.routes.ts';
import documentsRoutes, { CONTRACT_PATH } from './modules/documents/documents.routes.ts';
import { createDocumentsService } from './modules/documents/documents.service.ts';
import catalogRoutes from './modules/catalog/catalog.routes.ts';
import { createCatalogQueries } from './modules/catalog/catalog.queries.ts';
import { onCatalogWrite } from './modules/catalog/catalog.service.ts';
import mediaRoutes from './modules/catalog/media.routes.ts';
import healthRoutes from './modules/health/health.routes.ts';
import localesRoutes from './modules/locales/locales.routes.ts';
import mail from './modules/mail/mail.plugin.ts';
import seoRoutes from './modules/seo/seo.routes.ts';
import { createMailTransport, type MailTransport } from './modules/mail/mail-transport.ts';
import siteRoutes, { siteInfo } from './modules/site/site.routes.ts';
import { createLocalStorage, type Storage } from './modules/storage/storage.ts';
import storagePlugin from './modules/storage/storage.plugin.ts';
import auth from './plugins/auth.ts';
import bodyParsers from './plugins/body-parsers.ts';
import compression from './plugins/compression.ts';
import errorHandler from './plugins/error-handler.ts';
import { loggerOptions } from './plugins/logger.ts';
import openapi from './plugins/openapi.ts';
import rateLimit from './plugins/rate-limit.ts';
import security from './plugins/security.ts';
import { serializerCompiler } from './plugins/serializer.ts';
import webApp from './plugins/web-app.ts';

export type AppDeps = {
  database: Database;
  /** Defaults to the transport the config names (SMTP_URL or .eml files in MAIL_DIR). */
  mailTransport?: MailTransport;
  /** Run the mail sender loop in this process (default true). */
  runMailSender?: boolean;
  /** Defaults to local disk under the config's STORAGE_DIR. */
  storage?: Storage;
};

/** Builds the whole API (not listening): external plugins, then app plugins, then the modules. */
export async function buildApp(config: Config, deps: AppDeps): Promise<FastifyInstance> {
  const { db } = deps.database;
  const app = Fastify({
    logger: loggerOptions(config.logLevel),
    bodyLimit: config.bodyLimit,
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (_address: string, hop: number) => hop < (config.trustProxy as number)
        : config.trustProxy,
    routerOptions: { ignoreTrailingSlash: true },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const serveWebApp = existsSync(path.join(config.webDistDir, 'index.html'));

  // External plugins.
  await app.register(security, { corsOrigin: config.corsOrigin });
  await app.register(compression);
  await app.register(bodyParsers, { bodyLimit: config.bodyLimit });
  await app.register(rateLimit);
  await app.register(openapi, { publicUrl: config.publicUrl });
  if (serveWebApp)
    await app.register(webApp, {
      root: config.webDistDir,
      localesDir: config.localesDir,
      onContentChange: onCatalogWrite,
    });

  // App plugins.
  await app.register(errorHandler, { localesDir: config.localesDir, spaFallback: serveWebApp });
  await app.register(auth, { secret: config.jwtSecret, accessTokenTtl: config.accessTokenTtl });
  await app.register(storagePlugin, { storage: deps.storage ?? createLocalStorage(config.storageDir) });
  await app.register(mail, {
    db,
    transport:
      deps.mailTransport ?? createMailTransport({ smtpUrl: config.smtpUrl, mailDir: config.mailDir }),
    from: config.mailFrom,
    maxAttempts: config.mailMaxAttempts,
    runSender: deps.runMailSender ?? true,
  });

  // Modules.
  const accounts = createAccountsService({
    db,
    publicUrl: config.publicUrl,
    refreshTokenTtl: config.refreshTokenTtl,
    signAccessToken: app.signAccessToken,
    mailQueued: () => app.mailSender.wake(),
  });
  const authRateLimit = { max: config.rateLimit.authMax, timeWindow: config.rateLimit.authWindowMs };
  await app.register(healthRoutes, { prefix: '/api', db });
  await app.register(analyticsRoutes, { prefix: '/api', db });
  await app.register(accountsRoutes, { prefix: '/api', accounts, rateLimit: authRateLimit });
  await app.register(localesRoutes, { localesDir: config.localesDir });
  const documents = createDocumentsService({ storage: app.storage, settings: config });
  await app.register(documentsRoutes, { prefix: '/api', documents });
  await app.register(siteRoutes, { prefix: '/api', info: siteInfo(config, CONTRACT_PATH) });
  await app.register(contactRoutes, {
    prefix: '/api',
    db,
    teamAddress: config.contactTo,
    rateLimit: { max: config.rateLimit.contactMax, timeWindow: config.rateLimit.contactWindowMs },
  });
  const catalogQueries = createCatalogQueries(db);
  await app.register(catalogRoutes, { prefix: '/api', queries: catalogQueries });
  await app.register(mediaRoutes, { prefix: '/api' });
  await app.register(seoRoutes, { publicUrl: config.publicUrl, queries: catalogQueries });

  return app;
}
