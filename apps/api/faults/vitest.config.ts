import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// `npm run faults`: the fault suite, apart from the unit and API tests. It starts its own PostgreSQL cluster, mail
// server and API process, breaks them under checkout load and counts what must hold (see faults.test.ts).
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  test: {
    name: 'faults',
    include: ['**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
});
