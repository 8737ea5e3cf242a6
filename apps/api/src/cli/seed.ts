import { seedDemo } from '../modules/demo/demo.seed.ts';
import { DEMO_PASSWORD } from '../modules/demo/demo.accounts.ts';
import { createLocalStorage } from '../modules/storage/storage.ts';
import { openCliContext } from './cli-context.ts';

// Migrates, then adds the demo data set; safe to run again.
const { config, database } = await openCliContext();
try {
  const started = performance.now();
  const { accounts, catalog } = await seedDemo(database.db, createLocalStorage(config.storageDir));
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
  await database.close();
}
