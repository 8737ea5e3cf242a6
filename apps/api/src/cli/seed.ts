import { underStartLock } from '../db/migrate.ts';
import { DEMO_PASSWORD, seedDemo } from '../demo/index.ts';
import { openCliApp } from './cli-context.ts';

// Migrates, then adds the demo data set; safe to run again.
const { app, database, close } = await openCliApp();
try {
  const started = performance.now();
  // Under the start lock: an instance starting meanwhile waits, then finds the data.
  const { accounts, catalog } = await underStartLock(database, () => seedDemo(app));
  if (accounts.length)
    console.log(`Created demo accounts (password ${DEMO_PASSWORD}): ${accounts.join(', ')}`);
  if (catalog.products || catalog.categories) {
    console.log(
      `Created the demo catalogue: ${catalog.products} products, ${catalog.categories} categories, ` +
        `${catalog.authors} authors (${Math.round(performance.now() - started)} ms).`,
    );
  }
  if (!accounts.length && !catalog.products && !catalog.categories) console.log('Demo data already present.');
} finally {
  await close();
}
