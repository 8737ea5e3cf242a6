import { eq, sql } from 'drizzle-orm';
import type { AuthorProfileRequest, UpdateUserRequest, User } from '@hls/contract';
import { AppError } from '../../plugins/app-error.ts';
import type { EmailService } from './accounts.email.ts';
import {
  emailTaken,
  findUserByEmail,
  getUserRow,
  publicName,
  toUser,
  unknownUser,
  type AccountsDeps,
} from './accounts.helpers.ts';
import { users } from './accounts.tables.ts';
import { verifyPassword } from './passwords.ts';

export type ProfileDeps = Pick<AccountsDeps, 'db' | 'transaction'> & {
  email: Pick<EmailService, 'pendingEmail' | 'requestChange'>;
};

/**
 * A user's own account: read, its details changed (a new address waits for its link), and an author's public
 * profile. A change of a public name is raised as `accounts.renamed`: products copy their author's name.
 */
export function createProfile(deps: ProfileDeps) {
  const { db, transaction, email } = deps;

  return {
    /**
     * An author's public profile: the name on their products (empty: first and last names) and the biography on
     * their book pages. The catalogue hears of it (`accounts.renamed`): its pages show both.
     */
    async updateAuthorProfile(userId: string, profile: AuthorProfileRequest): Promise<User> {
      const row = await transaction(async ({ tx, raise }) => {
        const [current] = await tx.select().from(users).where(eq(users.id, userId)).for('update').limit(1);
        if (!current) throw unknownUser();
        const [updated] = await tx
          .update(users)
          .set({ displayName: profile.displayName || null, bio: profile.bio || null, updatedAt: sql`now()` })
          .where(eq(users.id, userId))
          .returning();
        if (publicName(updated!) !== publicName(current) || updated!.bio !== current.bio) {
          raise('accounts.renamed', { userId });
        }
        return updated!;
      });
      return toUser(row, await email.pendingEmail(userId));
    },

    async getUser(userId: string): Promise<User> {
      return toUser(await getUserRow(db, userId), await email.pendingEmail(userId));
    },

    /**
     * Profile changes apply at once; a new e-mail address does not: asked for with the current password, it takes
     * effect when the link mailed to it is followed (`email.confirm`), and the old address is told.
     */
    async updateUser(
      userId: string,
      changes: UpdateUserRequest,
    ): Promise<{ user: User; emailChangeRequested: boolean }> {
      const current = await getUserRow(db, userId);
      const newEmail = changes.email.toLowerCase();
      const emailChanged = newEmail !== current.email.toLowerCase();
      if (emailChanged) {
        if (!changes.currentPassword) {
          const fields = { currentPassword: 'password.required' };
          throw new AppError(
            'validation_failed',
            'Enter your password to change the e-mail address.',
            fields,
          );
        }
        if (!(await verifyPassword(current.passwordHash, changes.currentPassword))) {
          throw new AppError('wrong_password', 'The current password is not correct.', {
            currentPassword: 'password.wrong',
          });
        }
      }
      const row = await transaction(async (ctx) => {
        const { tx, raise } = ctx;
        const [locked] = await tx.select().from(users).where(eq(users.id, userId)).for('update').limit(1);
        if (emailChanged) {
          const owner = await findUserByEmail(tx, newEmail);
          if (owner && owner.id !== userId) throw emailTaken();
          await email.requestChange(ctx, locked!, newEmail);
        }
        const [updated] = await tx
          .update(users)
          .set({
            firstName: changes.firstName,
            lastName: changes.lastName,
            ...(changes.phone !== undefined ? { phone: changes.phone } : {}),
            ...(changes.country !== undefined ? { country: changes.country.toUpperCase() } : {}),
            ...(changes.language !== undefined ? { language: changes.language } : {}),
            updatedAt: sql`now()`,
          })
          .where(eq(users.id, userId))
          .returning();
        // Products show their author's name (a copy kept by a trigger): the catalogue must hear of it.
        if (publicName(updated!) !== publicName(current)) raise('accounts.renamed', { userId });
        return updated!;
      });
      return { user: toUser(row, await email.pendingEmail(userId)), emailChangeRequested: emailChanged };
    },
  };
}
export type Profile = ReturnType<typeof createProfile>;
