import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Language } from '@hls/contract';
import { paths } from '@hls/contract/paths';
import { AppError } from '../../plugins/app-error.ts';
import { findUserByEmail, getUserRow, type AccountsDeps } from './accounts.helpers.ts';
import { cancelPasswordResets, endAllSessions } from './accounts.sessions.ts';
import { passwordResets, users } from './accounts.tables.ts';
import { hashOpaqueToken, newOpaqueToken } from './opaque-tokens.ts';
import { hashPassword as hashArgon2, verifyPassword } from './passwords.ts';

export type PasswordChangeDeps = Pick<
  AccountsDeps,
  'db' | 'transaction' | 'mail' | 'publicUrl' | 'hashPassword'
>;

const RESET_TOKEN_MINUTES = 60;

/**
 * Passwords changed: forgotten (a reset link mailed, then followed) or changed with the current one. Either
 * way every session ends, the other reset links stop working and the owner is told by mail.
 */
export function createPasswordChanges(deps: PasswordChangeDeps) {
  const { db, transaction, mail } = deps;
  const hashPassword = deps.hashPassword ?? hashArgon2;

  return {
    /**
     * Mails a reset link, or to an address no account uses a short note saying so (in `language`, the asker's):
     * the answer is the same either way, so nobody learns from it which addresses have an account.
     */
    async requestPasswordReset(email: string, language: Language): Promise<void> {
      const user = await findUserByEmail(db, email);
      if (!user) {
        await transaction(async (ctx) => {
          await mail.queue(ctx, {
            to: email,
            language,
            template: 'password_reset_unknown',
            data: { email, registerUrl: `${deps.publicUrl}${paths.loginRegister.getHref()}` },
          });
        });
        return;
      }
      const token = newOpaqueToken();
      await transaction(async (ctx) => {
        await ctx.tx.insert(passwordResets).values({
          tokenHash: hashOpaqueToken(token),
          userId: user.id,
          expiresAt: new Date(Date.now() + RESET_TOKEN_MINUTES * 60_000),
        });
        await mail.queue(ctx, {
          to: user.email,
          language: user.language,
          template: 'password_reset',
          data: {
            firstName: user.firstName,
            link: `${deps.publicUrl}${paths.passwordResetConfirm.getHref(token)}`,
            validMinutes: RESET_TOKEN_MINUTES,
          },
        });
      });
    },

    /** Sets the new password; answers the account's address. */
    async confirmPasswordReset(token: string, password: string): Promise<{ email: string }> {
      const passwordHash = await hashPassword(password);
      const done = await transaction(async (ctx) => {
        const { tx } = ctx;
        const [reset] = await tx
          .update(passwordResets)
          .set({ usedAt: sql`now()` })
          .where(
            and(
              eq(passwordResets.tokenHash, hashOpaqueToken(token)),
              isNull(passwordResets.usedAt),
              gt(passwordResets.expiresAt, sql`now()`),
            ),
          )
          .returning({ userId: passwordResets.userId });
        if (!reset) return undefined;
        const [user] = await tx
          .update(users)
          .set({ passwordHash, updatedAt: sql`now()` })
          .where(eq(users.id, reset.userId))
          .returning();
        await endAllSessions(tx, reset.userId);
        await cancelPasswordResets(tx, reset.userId);
        await mail.queue(ctx, {
          to: user!.email,
          language: user!.language,
          template: 'password_changed',
          data: { firstName: user!.firstName, resetUrl: `${deps.publicUrl}${paths.loginRegister.getHref()}` },
        });
        return { email: user!.email };
      });
      if (!done) {
        throw new AppError('invalid_reset_token', 'This reset link is invalid or has expired.', {
          token: 'token.invalid',
        });
      }
      return done;
    },

    async changePassword(userId: string, oldPassword: string, newPassword: string): Promise<void> {
      const user = await getUserRow(db, userId);
      if (!(await verifyPassword(user.passwordHash, oldPassword))) {
        throw new AppError('wrong_password', 'The current password is not correct.', {
          oldPassword: 'password.wrong',
        });
      }
      const passwordHash = await hashPassword(newPassword);
      await transaction(async (ctx) => {
        await ctx.tx
          .update(users)
          .set({ passwordHash, updatedAt: sql`now()` })
          .where(eq(users.id, userId));
        await endAllSessions(ctx.tx, userId);
        await cancelPasswordResets(ctx.tx, userId);
        await mail.queue(ctx, {
          to: user.email,
          language: user.language,
          template: 'password_changed',
          data: { firstName: user.firstName, resetUrl: `${deps.publicUrl}${paths.loginRegister.getHref()}` },
        });
      });
    },
  };
}
export type PasswordChanges = ReturnType<typeof createPasswordChanges>;
