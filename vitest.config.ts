import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Vitest's default is one worker less than the cores: one on a 2-core machine. API tests wait on their
    // database, their mail server or their timers much of the time, so two workers keep both cores busy.
    maxWorkers: 2,
    tags: [
      {
        name: 'postgres',
        description:
          'Runs on a PostgreSQL server too (TEST_DATABASE_URL): its behaviour can differ from the embedded PGlite.',
      },
    ],
    projects: [
      'packages/contract',
      'packages/locales',
      'apps/api',
      'apps/web',
      // The repository's own tooling (lint rules, scripts).
      { test: { name: 'tooling', include: ['scripts/**/*.test.ts'], testTimeout: 60_000 } },
    ],
  },
});
