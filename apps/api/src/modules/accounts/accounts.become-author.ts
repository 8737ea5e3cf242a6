import { eq, sql } from 'drizzle-orm';
import type { BecomeAuthorRequest, BecomeAuthorResponse } from '@hls/contract';
import { AppError } from '../../plugins/app-error.ts';
import type { EmailService } from './accounts.email.ts';
import {
  accountSuspended,
  publicName,
  toUser,
  type AccountsDeps,
  type SessionTokens,
} from './accounts.helpers.ts';
import { users } from './accounts.tables.ts';

export type BecomeAuthorDeps = Pick<AccountsDeps, 'transaction'> & {
  tokens: Pick<SessionTokens, 'startSession'>;
  email: Pick<EmailService, 'pendingEmail'>;
};

/** A customer becoming an author. */
export function createBecomeAuthor(deps: BecomeAuthorDeps) {
  const { transaction, tokens, email } = deps;

  return {
    /**
     * A customer becomes an author (with an optional public profile). The answer is a new token pair carrying the
     * new role; the user's other sessions get it at their next refresh (the role is read there).
     */
    async becomeAuthor(userId: string, profile: BecomeAuthorRequest): Promise<BecomeAuthorResponse> {
      const outcome = await transaction(async ({ tx, raise }) => {
        const [current] = await tx.select().from(users).where(eq(users.id, userId)).for('update').limit(1);
        if (!current) throw new AppError('unauthorized', 'This account no longer exists.');
        if (current.suspendedAt) throw accountSuspended();
        if (current.role !== 'customer') {
          throw new AppError(
            'invalid_transition',
            current.role === 'author'
              ? 'This account is already an author.'
              : 'Only a customer can become an author.',
            { role: current.role === 'author' ? 'role.alreadyAuthor' : 'role.notCustomer' },
          );
        }
        const [updated] = await tx
          .update(users)
          .set({
            role: 'author',
            displayName: profile.displayName || null,
            bio: profile.bio || null,
            updatedAt: sql`now()`,
          })
          .where(eq(users.id, userId))
          .returning();
        if (publicName(updated!) !== publicName(current)) raise('accounts.renamed', { userId });
        return { user: updated!, tokens: await tokens.startSession(tx, updated!) };
      });
      return { ...outcome.tokens, user: toUser(outcome.user, await email.pendingEmail(userId)) };
    },
  };
}
export type BecomeAuthor = ReturnType<typeof createBecomeAuthor>;
