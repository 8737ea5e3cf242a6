import { eq, sql } from 'drizzle-orm';
import type { TokenPair } from '@hls/contract';
import { AppError } from '../../plugins/app-error.ts';
import {
  accountSuspended,
  findUserByEmail,
  type AccountsDeps,
  type SessionTokens,
} from './accounts.helpers.ts';
import { createSessionCheck, endSession, lockActiveSession } from './accounts.sessions.ts';
import { refreshTokens, users } from './accounts.tables.ts';
import { hashOpaqueToken } from './opaque-tokens.ts';
import { verifyAgainstDummy, verifyPassword } from './passwords.ts';

export type LoginDeps = Pick<AccountsDeps, 'db' | 'transaction'> & { tokens: SessionTokens };

/** Sessions: login with a password, refresh tokens rotated, logout, and whether a session is still on. */
export function createLogin(deps: LoginDeps) {
  const { db, transaction, tokens } = deps;

  return {
    /**
     * Whether the user's session (login) is still on: not logged out, nor ended by a suspension or a password
     * change, nor past its end. `requireRole` asks it on every protected request, download links made on the
     * site at every download.
     */
    sessionActive: createSessionCheck(db),

    async login(email: string, password: string): Promise<TokenPair> {
      const user = await findUserByEmail(db, email);
      const valid = user
        ? await verifyPassword(user.passwordHash, password)
        : await verifyAgainstDummy(password);
      if (!user || !valid) throw new AppError('invalid_credentials', 'Wrong e-mail address or password.');
      // After the password check: someone without the password learns nothing of the suspension.
      if (user.suspendedAt) throw accountSuspended();
      return transaction(({ tx }) => tokens.startSession(tx, user));
    },

    /** Rotates a refresh token; presenting an already rotated one revokes its whole family (likely theft). */
    async refresh(presented: string): Promise<TokenPair> {
      const invalid = () =>
        new AppError('invalid_refresh_token', 'Your session has ended. Please log in again.');
      const outcome = await transaction(async ({ tx }) => {
        const [current] = await tx
          .select()
          .from(refreshTokens)
          .where(eq(refreshTokens.tokenHash, hashOpaqueToken(presented)))
          .for('update')
          .limit(1);
        if (!current) return { error: invalid() };
        if (current.revokedAt) {
          if (current.replacedBy) {
            await endSession(tx, current.familyId);
            return { error: invalid(), reuse: true };
          }
          return { error: invalid() };
        }
        if (current.expiresAt.getTime() <= Date.now()) return { error: invalid() };
        // Past the session's absolute end, or ended meanwhile: rotation never extends it.
        const session = await lockActiveSession(tx, current.familyId);
        if (!session) return { error: invalid() };
        const [user] = await tx.select().from(users).where(eq(users.id, current.userId)).limit(1);
        // A suspension revokes every refresh token; the check holds even for one issued meanwhile.
        if (!user || user.suspendedAt) return { error: invalid() };
        const next = await tokens.insertRefreshToken(tx, user.id, session);
        await tx
          .update(refreshTokens)
          .set({ revokedAt: sql`now()`, replacedBy: next.id })
          .where(eq(refreshTokens.id, current.id));
        return { user, sessionId: session.id, token: next.token };
      });
      // The session's end must commit, so the error is thrown after the transaction.
      if ('error' in outcome) throw outcome.error;
      return tokens.tokenPair(outcome.user, outcome.sessionId, outcome.token);
    },

    /** Ends the refresh token's session: its access tokens stop working at once too. */
    async logout(presented: string): Promise<void> {
      await transaction(async ({ tx }) => {
        const [token] = await tx
          .select({ familyId: refreshTokens.familyId })
          .from(refreshTokens)
          .where(eq(refreshTokens.tokenHash, hashOpaqueToken(presented)))
          .limit(1);
        if (token) await endSession(tx, token.familyId);
      });
    },
  };
}
export type Login = ReturnType<typeof createLogin>;
