import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  // Every module's tables (db/schema.ts), and the demo's own: the demo seed's record of what it made.
  schema: ['./src/db/schema.ts', './src/demo/demo.tables.ts'],
  out: './drizzle',
});
