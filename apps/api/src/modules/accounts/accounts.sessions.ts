import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/database.ts';
import type { AppTransaction } from '../../plugins/database.ts';
import { passwordResets, refreshTokens, sessions } from './accounts.tables.ts';

/**
 * Sessions: one per login. Its refresh tokens rotate within it (one family), its access tokens carry its id
 * (`sid`), and `requireRole` asks the session check on every protected request, so ending a session ends its
 * access tokens at once instead of when they expire.
 *
 * The check keeps the sessions it found active in memory. Every session end clears that memory twice: when it
 * starts, and once its transaction is over (`trackSessionEnds`), so a check that read the row before the commit
 * cannot keep a stale "active"; the `accounts.sessions-ended` event then clears the other instances' memory.
 */

/** Bumped by every session end: a remembered "active" of an older generation is read again. */
let generation = 0;
/** Transactions that ended sessions; `trackSessionEnds` bumps the generation again once they are over. */
const endingTransactions = new WeakSet<object>();

function sessionsEnding(db: DbOrTx): void {
  generation += 1;
  endingTransactions.add(db);
}

/** Forgets every session remembered as active: the next check of each reads its row again. */
export function forgetActiveSessions(): void {
  generation += 1;
}

/**
 * The accounts' transactions, which forget the remembered sessions once one that ended sessions is over, and then
 * call `ended` (which tells the other instances, so their memory forgets too).
 */
export function trackSessionEnds(transaction: AppTransaction, ended: () => void = () => {}): AppTransaction {
  return async (work, within) => {
    let tx: object | undefined;
    try {
      return await transaction((ctx) => {
        tx = ctx.tx;
        return work(ctx);
      }, within);
    } finally {
      if (tx && endingTransactions.has(tx)) {
        generation += 1;
        ended();
      }
    }
  };
}

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
  sessionsEnding(db);
  await db
    .update(sessions)
    .set({ endedAt: sql`now()` })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.endedAt)));
  await db
    .update(refreshTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(refreshTokens.familyId, sessionId), isNull(refreshTokens.revokedAt)));
  // Outside a transaction the change is already committed.
  generation += 1;
}

/** Ends every session of a user: a password change or reset, a suspension, a role or e-mail change. */
export async function endAllSessions(db: DbOrTx, userId: string): Promise<void> {
  sessionsEnding(db);
  await db
    .update(sessions)
    .set({ endedAt: sql`now()` })
    .where(and(eq(sessions.userId, userId), isNull(sessions.endedAt)));
  await db
    .update(refreshTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
  generation += 1;
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

/** Sessions remembered at most; past that the memory starts again empty. */
const REMEMBERED_SESSIONS = 50_000;

/**
 * The check of `requireRole`: true while the session is neither ended nor past its absolute end. A primary-key
 * read (a statement prepared once), remembered until a session ends or this one reaches its end.
 */
export function createSessionCheck(db: Db): (sessionId: string, userId: string) => Promise<boolean> {
  const query = db
    .select({ expiresAt: sessions.expiresAt })
    .from(sessions)
    .where(
      and(
        eq(sessions.id, sql.placeholder('sessionId')),
        eq(sessions.userId, sql.placeholder('userId')),
        isNull(sessions.endedAt),
        gt(sessions.expiresAt, sql`now()`),
      ),
    )
    .limit(1)
    .prepare('hls_session_active');
  const active = new Map<string, { userId: string; expiresAt: number; generation: number }>();
  return async (sessionId, userId) => {
    const known = active.get(sessionId);
    if (known?.generation === generation && known.userId === userId && known.expiresAt > Date.now())
      return true;
    const readIn = generation;
    const [row] = await query.execute({ sessionId, userId });
    if (!row) {
      active.delete(sessionId);
      return false;
    }
    // A session end that started meanwhile may not be visible to this read: nothing is remembered then.
    if (readIn === generation) {
      if (active.size >= REMEMBERED_SESSIONS) active.clear();
      active.set(sessionId, { userId, expiresAt: row.expiresAt.getTime(), generation: readIn });
    }
    return true;
  };
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
