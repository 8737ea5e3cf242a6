import {
  and,
  count,
  desc,
  eq,
  gt,
  inArray,
  isNotNull,
  isNull,
  sql,
  type SQL,
  type SQLWrapper,
} from 'drizzle-orm';
import type {
  AdminUser,
  AdminUserPage,
  AuthorProfileRequest,
  BecomeAuthorRequest,
  BecomeAuthorResponse,
  Language,
  Role,
  TokenPair,
  UpdateUserRequest,
  User,
  UserStatus,
} from '@hls/contract';
import { paths } from '@hls/contract/paths';
import type { Db, DbOrTx } from '../../db/database.ts';
import { AppError } from '../../plugins/app-error.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import type { AppTransaction, AppTxContext } from '../../plugins/database.ts';
import type { MailService } from '../mail/index.ts';
import { createEmailService, type EmailDeps } from './accounts.email.ts';
import {
  cancelPasswordResets,
  createSessionCheck,
  endAllSessions,
  endSession,
  lockActiveSession,
  openSession,
} from './accounts.sessions.ts';
import { passwordResets, refreshTokens, users } from './accounts.tables.ts';
import { hashPassword as hashArgon2, verifyAgainstDummy, verifyPassword } from './passwords.ts';
import { hashOpaqueToken, newOpaqueToken } from './opaque-tokens.ts';
import { isUniqueViolation } from '../../db/errors.ts';

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

type UserRow = typeof users.$inferSelect;

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

const toProfile = (row: Omit<UserProfile, 'name'>): UserProfile => ({
  ...row,
  name: `${row.firstName} ${row.lastName}`.trim(),
});

const RESET_TOKEN_MINUTES = 60;

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

export function toAdminUser(row: UserRow): AdminUser {
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    role: row.role,
    status: row.suspendedAt ? 'suspended' : 'active',
    language: row.language,
    createdAt: row.createdAt.toISOString(),
    suspendedAt: row.suspendedAt?.toISOString() ?? null,
  };
}

export const ADMIN_USERS_PAGE_SIZE = 20;

/** The users list's filters, as parsed by the contract (`AdminUserQuery`). */
export type AdminUserFilters = {
  q?: string | undefined;
  role?: Role | undefined;
  status?: UserStatus | undefined;
  page: number;
};

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const unknownUser = () => new AppError('not_found', 404, 'No user has this id.');

/** An admin changing their own role or suspending themselves would lock the back office out: refused. */
const notOnYourself = (field: 'role' | 'status') =>
  new AppError('validation_failed', 400, 'An administrator cannot do this to their own account.', {
    [field]: 'user.self',
  });

/** What the `author_profiles` view shows as the name: a change of it changes the products' copies. */
const publicName = (row: Pick<UserRow, 'displayName' | 'firstName' | 'lastName'>) =>
  [row.displayName, row.firstName, row.lastName].join('\u0000');

const accountSuspended = () =>
  new AppError('account_suspended', 403, 'This account is suspended. Please contact the shop.');

const emailTaken = () =>
  new AppError('email_taken', 409, 'An account already exists with this e-mail address.', {
    email: 'email.taken',
  });

async function findUserByEmail(db: DbOrTx, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
    .limit(1);
  return row;
}

async function insertUser(
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

export function createAccountsService(deps: AccountsDeps) {
  const { db, transaction, mail } = deps;
  const email = createEmailService({
    db,
    transaction,
    mail,
    publicUrl: deps.publicUrl,
    links: deps.emailLinks,
  });
  const hashPassword = deps.hashPassword ?? hashArgon2;
  const sessionActive = createSessionCheck(db);

  async function getUserRow(id: string): Promise<UserRow> {
    const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
    // A valid token for a deleted account: treat it as logged out.
    if (!row) throw new AppError('unauthorized', 401, 'This account no longer exists.');
    return row;
  }

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

  return {
    /** Confirmation and change of the address: the links' routes call it. */
    email,

    /**
     * Whether the user's session (login) is still on: not logged out, nor ended by a suspension or a password
     * change, nor past its end. `requireRole` asks it on every protected request, download links made on the
     * site at every download.
     */
    sessionActive,

    /** Whether the user's address is confirmed (orders wait for it). */
    emailConfirmed: (userId: string, within?: AppTxContext) => email.isConfirmed(userId, within),

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

    async login(email: string, password: string): Promise<TokenPair> {
      const user = await findUserByEmail(db, email);
      const valid = user
        ? await verifyPassword(user.passwordHash, password)
        : await verifyAgainstDummy(password);
      if (!user || !valid)
        throw new AppError('invalid_credentials', 401, 'Wrong e-mail address or password.');
      // After the password check: someone without the password learns nothing of the suspension.
      if (user.suspendedAt) throw accountSuspended();
      return transaction(({ tx }) => startSession(tx, user));
    },

    /** Rotates a refresh token; presenting an already rotated one revokes its whole family (likely theft). */
    async refresh(presented: string): Promise<TokenPair> {
      const invalid = () =>
        new AppError('invalid_refresh_token', 401, 'Your session has ended. Please log in again.');
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
        const next = await insertRefreshToken(tx, user.id, session);
        await tx
          .update(refreshTokens)
          .set({ revokedAt: sql`now()`, replacedBy: next.id })
          .where(eq(refreshTokens.id, current.id));
        return { user, sessionId: session.id, token: next.token };
      });
      // The session's end must commit, so the error is thrown after the transaction.
      if ('error' in outcome) throw outcome.error;
      return tokenPair(outcome.user, outcome.sessionId, outcome.token);
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

    async emailExists(email: string): Promise<boolean> {
      return (await findUserByEmail(db, email)) !== undefined;
    },

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
        throw new AppError('invalid_reset_token', 400, 'This reset link is invalid or has expired.', {
          token: 'token.invalid',
        });
      }
      return done;
    },

    async changePassword(userId: string, oldPassword: string, newPassword: string): Promise<void> {
      const user = await getUserRow(userId);
      if (!(await verifyPassword(user.passwordHash, oldPassword))) {
        throw new AppError('wrong_password', 400, 'The current password is not correct.', {
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

    /** An account by e-mail (any case), read in the caller's transaction when given one. */
    async findUserByEmail(email: string, within?: AppTxContext): Promise<User | undefined> {
      const row = await findUserByEmail(within?.tx ?? db, email);
      return row && toUser(row);
    },

    /**
     * Creates an account of any role without mail (the user:create command, the demo data); whoever runs them
     * vouches for the address, so it counts as confirmed.
     */
    async createUser(account: NewAccount & { role: Role }, within?: AppTxContext): Promise<User> {
      const passwordHash = await hashPassword(account.password);
      return toUser(await insertUser(within?.tx ?? db, account, passwordHash, { emailConfirmed: true }));
    },

    /**
     * The name shown for an author (display name, else first and last name), from the `author_profiles` view
     * that other modules' SQL reads too; undefined for an unknown id.
     */
    async authorName(userId: string, within?: AppTxContext): Promise<string | undefined> {
      const result = await (within?.tx ?? db).execute<{ name: string }>(
        sql`SELECT name FROM author_profiles WHERE id = ${userId}`,
      );
      return result.rows[0]?.name;
    },

    /** Contact details of these users (orders, receipts, the back office), read in the caller's transaction if any. */
    async profiles(userIds: string[], within?: AppTxContext): Promise<Map<string, UserProfile>> {
      const ids = [...new Set(userIds)];
      const rows = ids.length
        ? await (within?.tx ?? db)
            .select({
              id: users.id,
              email: users.email,
              firstName: users.firstName,
              lastName: users.lastName,
              language: users.language,
            })
            .from(users)
            .where(inArray(users.id, ids))
        : [];
      return new Map(rows.map((row) => [row.id, toProfile(row)]));
    },

    /**
     * The profile of the user whose id is `userId` (a column of another module's query) as one expression, so
     * that query reads its row and the user's contact details in one statement; null for an unknown id.
     */
    profileOf(userId: SQLWrapper): SQL<UserProfile | null> {
      return sql`(SELECT json_build_object('id', u.id, 'email', u.email, 'firstName', u.first_name, 'lastName', u.last_name, 'language', u.language) FROM ${users} u WHERE u.id = ${userId})`.mapWith(
        (value: Omit<UserProfile, 'name'> | string | null) =>
          value === null ? null : toProfile(typeof value === 'string' ? JSON.parse(value) : value),
      );
    },

    /** Ids of the users whose e-mail or name contains `text` (any case), at most `limit` (the back office's search). */
    async findUserIds(text: string, limit = 500): Promise<string[]> {
      const pattern = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      const rows = await db
        .select({ id: users.id })
        .from(users)
        .where(
          sql`${users.email} ILIKE ${pattern} OR (${users.firstName} || ' ' || ${users.lastName}) ILIKE ${pattern}`,
        )
        .limit(limit);
      return rows.map((row) => row.id);
    },

    /** The back office's users: search on e-mail and names (any case, any accent), role and status, newest first. */
    async listUsers(filters: AdminUserFilters): Promise<AdminUserPage> {
      const where: SQL[] = [];
      if (filters.q) {
        const pattern = sql`hls_unaccent(lower(${likePattern(filters.q)}))`;
        const folded = (column: SQLWrapper) => sql`hls_unaccent(lower(${column})) LIKE ${pattern}`;
        where.push(
          sql`(${folded(users.email)} OR ${folded(sql`${users.firstName} || ' ' || ${users.lastName}`)} OR ${folded(sql`${users.lastName} || ' ' || ${users.firstName}`)} OR ${folded(sql`coalesce(${users.displayName}, '')`)})`,
        );
      }
      if (filters.role) where.push(eq(users.role, filters.role));
      if (filters.status === 'suspended') where.push(isNotNull(users.suspendedAt));
      if (filters.status === 'active') where.push(isNull(users.suspendedAt));
      const condition = where.length ? and(...where) : undefined;
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(users)
          .where(condition)
          .orderBy(desc(users.createdAt), desc(users.id))
          .limit(ADMIN_USERS_PAGE_SIZE)
          .offset((filters.page - 1) * ADMIN_USERS_PAGE_SIZE),
        db.select({ n: count() }).from(users).where(condition),
      ]);
      const n = total?.n ?? 0;
      return {
        results: rows.map(toAdminUser),
        count: n,
        page: filters.page,
        pageSize: ADMIN_USERS_PAGE_SIZE,
        pages: Math.ceil(n / ADMIN_USERS_PAGE_SIZE),
      };
    },

    /**
     * An admin gives a user another role. The role is in the access token: the user's sessions end at once, and
     * the next login carries the new role.
     */
    async changeRole(actorId: string, userId: string, role: Role): Promise<AdminUser> {
      if (actorId === userId) throw notOnYourself('role');
      return transaction(async ({ tx }) => {
        const [current] = await tx.select().from(users).where(eq(users.id, userId)).for('update').limit(1);
        if (!current) throw unknownUser();
        if (current.role === role) return toAdminUser(current);
        const [updated] = await tx
          .update(users)
          .set({ role, updatedAt: sql`now()` })
          .where(eq(users.id, userId))
          .returning();
        await endAllSessions(tx, userId);
        return toAdminUser(updated!);
      });
    },

    /** A suspended user cannot log in; every refresh token of theirs is revoked at once. */
    async suspend(actorId: string, userId: string): Promise<AdminUser> {
      if (actorId === userId) throw notOnYourself('status');
      return transaction(async ({ tx }) => {
        const [updated] = await tx
          .update(users)
          .set({ suspendedAt: sql`coalesce(${users.suspendedAt}, now())`, updatedAt: sql`now()` })
          .where(eq(users.id, userId))
          .returning();
        if (!updated) throw unknownUser();
        await endAllSessions(tx, userId);
        return toAdminUser(updated);
      });
    },

    async reactivate(actorId: string, userId: string): Promise<AdminUser> {
      if (actorId === userId) throw notOnYourself('status');
      const [updated] = await db
        .update(users)
        .set({ suspendedAt: null, updatedAt: sql`now()` })
        .where(eq(users.id, userId))
        .returning();
      if (!updated) throw unknownUser();
      return toAdminUser(updated);
    },

    /**
     * A customer becomes an author (with an optional public profile). The answer is a new token pair carrying the
     * new role; the user's other sessions get it at their next refresh (the role is read there).
     */
    async becomeAuthor(userId: string, profile: BecomeAuthorRequest): Promise<BecomeAuthorResponse> {
      const outcome = await transaction(async ({ tx, raise }) => {
        const [current] = await tx.select().from(users).where(eq(users.id, userId)).for('update').limit(1);
        if (!current) throw new AppError('unauthorized', 401, 'This account no longer exists.');
        if (current.suspendedAt) throw accountSuspended();
        if (current.role !== 'customer') {
          throw new AppError(
            'invalid_transition',
            409,
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
        return { user: updated!, tokens: await startSession(tx, updated!) };
      });
      return { ...outcome.tokens, user: toUser(outcome.user, await email.pendingEmail(userId)) };
    },

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
      return toUser(await getUserRow(userId), await email.pendingEmail(userId));
    },

    /**
     * Profile changes apply at once; a new e-mail address does not: asked for with the current password, it takes
     * effect when the link mailed to it is followed (`email.confirm`), and the old address is told.
     */
    async updateUser(
      userId: string,
      changes: UpdateUserRequest,
    ): Promise<{ user: User; emailChangeRequested: boolean }> {
      const current = await getUserRow(userId);
      const newEmail = changes.email.toLowerCase();
      const emailChanged = newEmail !== current.email.toLowerCase();
      if (emailChanged) {
        if (!changes.currentPassword) {
          const fields = { currentPassword: 'password.required' };
          throw new AppError(
            'validation_failed',
            400,
            'Enter your password to change the e-mail address.',
            fields,
          );
        }
        if (!(await verifyPassword(current.passwordHash, changes.currentPassword))) {
          throw new AppError('wrong_password', 400, 'The current password is not correct.', {
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

export type AccountsService = ReturnType<typeof createAccountsService>;
