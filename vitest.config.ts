import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      'packages/contract',
      'apps/api',
      'apps/web',
      // The repository's own tooling (lint rules, scripts).
      { test: { name: 'tooling', include: ['scripts/**/*.test.ts'], testTimeout: 60_000 } },
    ],
  },
});
