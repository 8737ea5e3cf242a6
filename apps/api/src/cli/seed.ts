import { seedDemo } from '../modules/demo/demo.seed.ts';
import { DEMO_PASSWORD } from '../modules/demo/demo.accounts.ts';
import { openCliContext } from './cli-context.ts';

// Migrates, then adds the demo data set; safe to run again.
const { database } = await openCliContext();
try {
  const { accounts } = await seedDemo(database.db);
  console.log(
    accounts.length
      ? `Created demo accounts (password ${DEMO_PASSWORD}): ${accounts.join(', ')}`
      : 'Demo data already present.',
  );
} finally {
  await database.close();
}
