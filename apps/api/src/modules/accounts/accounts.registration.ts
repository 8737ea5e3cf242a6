import type { Role, User } from '@hls/contract';
import { isUniqueViolation } from '../../db/errors.ts';
import type { AppTxContext } from '../../plugins/database.ts';
import type { EmailService } from './accounts.email.ts';
import {
  emailTaken,
  findUserByEmail,
  insertUser,
  toUser,
  type AccountsDeps,
  type NewAccount,
  type UserRow,
} from './accounts.helpers.ts';
import { hashPassword as hashArgon2 } from './passwords.ts';

export type RegistrationDeps = Pick<
  AccountsDeps,
  'db' | 'transaction' | 'mail' | 'emailLinks' | 'hashPassword'
> & {
  email: Pick<EmailService, 'confirmationLink'>;
};

/**
 * New accounts: a customer or an author registering (welcomed with a link confirming the address), whether an
 * address is taken, and the accounts the commands and the demo data create without mail.
 */
export function createRegistration(deps: RegistrationDeps) {
  const { db, transaction, mail, email } = deps;
  const hashPassword = deps.hashPassword ?? hashArgon2;

  return {
    async register(account: NewAccount, role: 'customer' | 'author'): Promise<User> {
      // Hashed before the transaction: it would hold a connection (the embedded database's only one) meanwhile.
      const passwordHash = await hashPassword(account.password);
      let row: UserRow;
      try {
        row = await transaction(async (ctx) => {
          const created = await insertUser(ctx.tx, { ...account, role }, passwordHash);
          await mail.queue(ctx, {
            to: created.email,
            language: created.language,
            template: 'welcome',
            data: {
              firstName: created.firstName,
              role,
              confirmUrl: await email.confirmationLink(ctx, created),
              validFor: deps.emailLinks.confirmTtl,
            },
          });
          return created;
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw emailTaken();
        throw error;
      }
      return toUser(row);
    },

    async emailExists(email: string): Promise<boolean> {
      return (await findUserByEmail(db, email)) !== undefined;
    },

    /**
     * Creates an account of any role without mail (the user:create command, the demo data); whoever runs them
     * vouches for the address, so it counts as confirmed.
     */
    async createUser(account: NewAccount & { role: Role }, within?: AppTxContext): Promise<User> {
      const passwordHash = await hashPassword(account.password);
      return toUser(await insertUser(within?.tx ?? db, account, passwordHash, { emailConfirmed: true }));
    },
  };
}
export type Registration = ReturnType<typeof createRegistration>;
