import { defineConfig } from 'vitest/config';

// The same tests run on the embedded PGlite and, when TEST_DATABASE_URL is set (CI), on a PostgreSQL server.
const shared = {
  include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
  testTimeout: 20_000,
  hookTimeout: 60_000,
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
