import { defineConfig } from 'vitest/config';

// The whole API suite runs on the embedded PGlite, the database `npm start` gives users. When TEST_DATABASE_URL is
// set (CI), the tests tagged `postgres` run again on a PostgreSQL server: those whose behaviour can differ there
// (SQL and search, locks and races, several connections, timeouts and lost connections, jobs, migrations and seed,
// the money ledger). `npm test` selects them with `--tags-filter=postgres`; a plain `vitest run` runs every test
// on both. See docs/decisions/0021-test-suite-time.md.
const shared = {
  include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
  testTimeout: 20_000,
  hookTimeout: 60_000,
  // Every file builds its own app on its own fresh database, so the files of a worker share the modules they
  // import (the app, its drivers and libraries load once per worker, not once per file).
  isolate: false,
  // Two files at a time (see the root vitest.config.ts): each project sets its own.
  maxWorkers: 2,
};

export default defineConfig({
  // Projects are named "api (pglite)" and "api (postgres)": run both with --project 'api*'.
  test: {
    name: 'api',
    projects: [
      { test: { ...shared, name: 'pglite', globalSetup: ['test/global-setup-pglite.ts'] } },
      ...(process.env.TEST_DATABASE_URL
        ? [{ test: { ...shared, name: 'postgres', globalSetup: ['test/global-setup-postgres.ts'] } }]
        : []),
    ],
  },
});
