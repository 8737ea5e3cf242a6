import { parseArgs } from 'node:util';
import { openCliApp } from './cli-context.ts';

const usage = `Usage: npm run bank:rekey
Re-encrypts under the current key (the first of BANK_DATA_KEYS) every IBAN still under an older one, in the
authors' bank details and the payouts; running it again changes nothing. Afterwards the older keys may be removed
from BANK_DATA_KEYS.`;

let values;
try {
  ({ values } = parseArgs({ options: { help: { type: 'boolean', short: 'h' } } }));
} catch (error) {
  console.error(`${(error as Error).message}\n\n${usage}`);
  process.exit(1);
}
if (values.help) {
  console.log(usage);
  process.exit(0);
}

const { app, config, close } = await openCliApp();
try {
  const { current, keys } = config.royalties.bankKeys;
  const moved = await app.royalties.bank.rekey();
  console.log(
    `Re-encrypted under key ${current}: ${moved.bankAccounts} bank details, ${moved.payouts} payouts.`,
  );
  const older = Object.keys(keys).filter((id) => id !== current);
  console.log(
    older.length
      ? `Every IBAN is under key ${current}: ${older.join(', ')} may now be removed from BANK_DATA_KEYS.`
      : `Every IBAN is under key ${current}.`,
  );
} catch (error) {
  console.error(`Re-encryption stopped: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  await close();
}
