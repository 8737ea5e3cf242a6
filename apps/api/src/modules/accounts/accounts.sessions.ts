import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.ts';
import { passwordResets, refreshTokens, sessions } from './accounts.tables.ts';

/**
 * Sessions: one per login. Its refresh tokens rotate within it (one family), its access tokens carry its id
 * (`sid`), and `requireRole` asks `isSessionActive` on every protected request, so ending a session ends its
 * access tokens at once instead of when they expire.
 */

export type OpenedSession = { id: string; expiresAt: Date };

/** A new session for a login, ending `maxAgeSeconds` later whatever the refreshes. */
export async function openSession(db: DbOrTx, userId: string, maxAgeSeconds: number): Promise<OpenedSession> {
  const [row] = await db
    .insert(sessions)
    .values({ userId, expiresAt: new Date(Date.now() + maxAgeSeconds * 1000) })
    .returning({ id: sessions.id, expiresAt: sessions.expiresAt });
  return row!;
}

/** Ends one session: its refresh tokens are revoked and its access tokens refused from now on. */
export async function endSession(db: DbOrTx, sessionId: string): Promise<void> {
  await db
    .update(sessions)
    .set({ endedAt: sql`now()` })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.endedAt)));
  await db
    .update(refreshTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(refreshTokens.familyId, sessionId), isNull(refreshTokens.revokedAt)));
}

/** Ends every session of a user: a password change or reset, a suspension, a role or e-mail change. */
export async function endAllSessions(db: DbOrTx, userId: string): Promise<void> {
  await db
    .update(sessions)
    .set({ endedAt: sql`now()` })
    .where(and(eq(sessions.userId, userId), isNull(sessions.endedAt)));
  await db
    .update(refreshTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
}

/**
 * Cancels every reset link of a user still waiting to be used: call it when another reset succeeded, and on a
 * password or e-mail change (a link sent to the old address must not outlive it).
 */
export async function cancelPasswordResets(db: DbOrTx, userId: string): Promise<void> {
  await db
    .delete(passwordResets)
    .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
}

/** True while the session is neither ended nor past its absolute end: one primary-key read. */
export async function isSessionActive(db: DbOrTx, sessionId: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(
      and(
        eq(sessions.id, sessionId),
        eq(sessions.userId, userId),
        isNull(sessions.endedAt),
        gt(sessions.expiresAt, sql`now()`),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** The session of a refresh token's family, locked for the rotation; undefined when it is over. */
export async function lockActiveSession(db: DbOrTx, sessionId: string): Promise<OpenedSession | undefined> {
  const [row] = await db
    .select({ id: sessions.id, expiresAt: sessions.expiresAt })
    .from(sessions)
    .where(and(eq(sessions.id, sessionId), isNull(sessions.endedAt), gt(sessions.expiresAt, sql`now()`)))
    .for('update')
    .limit(1);
  return row;
}
