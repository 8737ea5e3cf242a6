import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.ts';
import { ConfigError } from './config.ts';
import { runMigrations, underStartLock } from './db/migrate.ts';
import { loadConfigOrExit, openDatabaseOrExit } from './start.ts';

/** Opens the database, migrates it, builds the app (seeding the demo when asked) and listens. */
async function serve() {
  const config = loadConfigOrExit();
  const database = await openDatabaseOrExit(config);
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;

  closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
    if (err) app?.log.error({ err }, 'shutting down after an error');
    else app?.log.info({ signal }, 'shutting down');
    await app?.close();
    await database.close();
  });

  try {
    await runMigrations(database.db);
    app = await buildApp(config, {
      database,
      runMailSender: config.mailSenderInApi,
      runJobs: config.jobsInApi,
    });
    if (config.seedDemo) {
      // Loaded only to seed: a production start without SEED_DEMO never loads the demo.
      const { DEMO_PASSWORD, seedDemo } = await import('./demo/index.ts');
      const built = app;
      const { accounts, catalog } = await underStartLock(database, () => seedDemo(built));
      if (accounts.length) app.log.info({ accounts }, `demo accounts created (password ${DEMO_PASSWORD})`);
      if (catalog.products || catalog.categories) app.log.info(catalog, 'demo catalogue created');
    }
    await app.listen({ port: config.port, host: config.host });
    app.log.info(
      {
        database:
          database.kind === 'pglite' ? `embedded PGlite in ${config.dataDir}/db` : 'PostgreSQL server',
      },
      `HLS is ready on ${config.publicUrl}`,
    );
  } catch (error) {
    // A setting found wrong only once used (a bucket that is not there) says what to correct, without a stack.
    console.error(error instanceof ConfigError ? error.message : error);
    await app?.close();
    await database.close();
    process.exit(1);
  }
}

// Imported without being run by cli/compile-cache.ts, which fills Node's compile cache before `npm start`.
if (import.meta.main) await serve();
