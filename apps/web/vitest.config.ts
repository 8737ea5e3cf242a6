import { defineProject } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

export default defineProject({
  plugins: [react()],
  resolve: {
    alias: [
      // The contract through src/lib/contract.ts: zod without its eval probe, which the CSP would report.
      {
        find: /^@hls\/contract$/,
        replacement: fileURLToPath(new URL('./src/lib/contract.ts', import.meta.url)),
      },
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
    ],
  },
  test: {
    name: 'web',
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/testing/setup-tests.ts'],
    restoreMocks: true,
    unstubGlobals: true,
    environmentOptions: { happyDOM: { url: 'http://localhost:3000/' } },
  },
});
