import { eq, sql } from 'drizzle-orm';
import type { Language, Role, TokenPair, User } from '@hls/contract';
import type { Db, DbOrTx } from '../../db/database.ts';
import { AppError } from '../../plugins/app-error.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import type { AppTransaction } from '../../plugins/database.ts';
import type { MailService } from '../mail/index.ts';
import type { EmailDeps } from './accounts.email.ts';
import { openSession } from './accounts.sessions.ts';
import { refreshTokens, users } from './accounts.tables.ts';
import { hashOpaqueToken, newOpaqueToken } from './opaque-tokens.ts';

/**
 * What the accounts' use cases (registration, login, passwords, profile, authors, the back office, the other
 * modules' reads) share: the user row and its shapes, the common refusals, and the tokens a new session gets.
 */

/** Everything the accounts module is built from (each use case takes only its part). */
export type AccountsDeps = {
  db: Db;
  transaction: AppTransaction;
  mail: Pick<MailService, 'queue'>;
  publicUrl: string;
  refreshTokenTtl: number;
  /** Seconds the links mailed about an address stay valid (confirmation, report). */
  emailLinks: EmailDeps['links'];
  /** Seconds a session lasts from its login, refreshes included. */
  sessionMaxAge: number;
  signAccessToken(user: AuthUser): Promise<string>;
  /** Argon2id by default; a test passes its own to see when hashing runs. */
  hashPassword?: (password: string) => Promise<string>;
};

export type NewAccount = {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  language?: Language | undefined;
  displayName?: string | undefined;
  bio?: string | undefined;
};

export type UserRow = typeof users.$inferSelect;

/** Who a user is to the shop's other modules: a name and an address to write to, in their language. */
export type UserProfile = {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  /** First and last name. */
  name: string;
  language: Language;
};

export const toProfile = (row: Omit<UserProfile, 'name'>): UserProfile => ({
  ...row,
  name: `${row.firstName} ${row.lastName}`.trim(),
});

/** `pendingEmail`: the new address a change waits for (read apart, see `email.pendingEmail`). */
export function toUser(row: UserRow, pendingEmail: string | null = null): User {
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    phone: row.phone,
    country: row.country,
    language: row.language,
    role: row.role,
    createdAt: row.createdAt.toISOString(),
    displayName: row.displayName,
    bio: row.bio,
    emailConfirmed: row.emailConfirmedAt !== null,
    pendingEmail,
  };
}

export const unknownUser = () => new AppError('not_found', 'No user has this id.');

/** What the `author_profiles` view shows as the name: a change of it changes the products' copies. */
export const publicName = (row: Pick<UserRow, 'displayName' | 'firstName' | 'lastName'>) =>
  [row.displayName, row.firstName, row.lastName].join('\u0000');

export const accountSuspended = () =>
  new AppError('account_suspended', 'This account is suspended. Please contact the shop.');

export const emailTaken = () =>
  new AppError('email_taken', 'An account already exists with this e-mail address.', {
    email: 'email.taken',
  });

export async function findUserByEmail(db: DbOrTx, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
    .limit(1);
  return row;
}

export async function insertUser(
  db: DbOrTx,
  account: NewAccount & { role: Role },
  passwordHash: string,
  { emailConfirmed = false } = {},
): Promise<UserRow> {
  const [row] = await db
    .insert(users)
    .values({
      email: account.email.toLowerCase(),
      passwordHash,
      role: account.role,
      firstName: account.firstName,
      lastName: account.lastName,
      language: account.language ?? 'fr',
      displayName: account.role === 'author' ? account.displayName || null : null,
      bio: account.role === 'author' ? account.bio || null : null,
      emailConfirmedAt: emailConfirmed ? new Date() : null,
    })
    .returning();
  return row!;
}

export async function getUserRow(db: DbOrTx, id: string): Promise<UserRow> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  // A valid token for a deleted account: treat it as logged out.
  if (!row) throw new AppError('unauthorized', 'This account no longer exists.');
  return row;
}

/** The tokens of a session: an access token carrying the role, and refresh tokens never valid past its end. */
export function createSessionTokens(
  deps: Pick<AccountsDeps, 'refreshTokenTtl' | 'sessionMaxAge' | 'signAccessToken'>,
) {
  /** A refresh token of the session, never valid past the session's end. */
  async function insertRefreshToken(tx: DbOrTx, userId: string, session: { id: string; expiresAt: Date }) {
    const token = newOpaqueToken();
    const expiresAt = Math.min(Date.now() + deps.refreshTokenTtl * 1000, session.expiresAt.getTime());
    const [row] = await tx
      .insert(refreshTokens)
      .values({
        tokenHash: hashOpaqueToken(token),
        familyId: session.id,
        userId,
        expiresAt: new Date(expiresAt),
      })
      .returning({ id: refreshTokens.id });
    return { token, id: row!.id };
  }

  async function tokenPair(user: UserRow, sessionId: string, refresh: string): Promise<TokenPair> {
    return { access: await deps.signAccessToken({ id: user.id, role: user.role, sessionId }), refresh };
  }

  async function startSession(tx: DbOrTx, user: UserRow): Promise<TokenPair> {
    const session = await openSession(tx, user.id, deps.sessionMaxAge);
    const { token } = await insertRefreshToken(tx, user.id, session);
    return tokenPair(user, session.id, token);
  }

  return { insertRefreshToken, tokenPair, startSession };
}
export type SessionTokens = ReturnType<typeof createSessionTokens>;
