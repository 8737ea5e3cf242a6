import type { Role } from '@hls/contract';
import type { AppTxContext } from '../../plugins/database.ts';
import type { AccountsService } from '../accounts/index.ts';

export const DEMO_PASSWORD = 'Demo1234!';

/** One account per role, listed in the README. */
export const demoAccounts: {
  email: string;
  role: Role;
  firstName: string;
  lastName: string;
  displayName?: string;
  bio?: string;
}[] = [
  { email: 'customer@hls.test', role: 'customer', firstName: 'Camille', lastName: 'Martin' },
  {
    email: 'author@hls.test',
    role: 'author',
    firstName: 'Amira',
    lastName: 'Ben Salah',
    displayName: 'Amira Ben Salah',
    bio: 'Juriste et formatrice, Amira Ben Salah écrit des ouvrages de droit et de gestion pour les étudiants et les professionnels des PME.',
  },
  { email: 'editor@hls.test', role: 'editor', firstName: 'Élodie', lastName: 'Dubois' },
  { email: 'admin@hls.test', role: 'admin', firstName: 'Adam', lastName: 'Smith' },
];

/** Idempotent: existing accounts are left as they are. Returns the e-mails it created. */
export async function seedDemoAccounts(
  accounts: Pick<AccountsService, 'findUserByEmail' | 'createUser'>,
  ctx: AppTxContext,
): Promise<string[]> {
  const created: string[] = [];
  for (const account of demoAccounts) {
    if (await accounts.findUserByEmail(account.email, ctx)) continue;
    await accounts.createUser({ ...account, password: DEMO_PASSWORD, language: 'fr' }, ctx);
    created.push(account.email);
  }
  return created;
}
