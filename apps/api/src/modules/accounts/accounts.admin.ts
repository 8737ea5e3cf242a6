import { and, count, desc, eq, isNotNull, isNull, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { AdminUser, AdminUserPage, Role, UserStatus } from '@hls/contract';
import { AppError } from '../../plugins/app-error.ts';
import { unknownUser, type AccountsDeps, type UserRow } from './accounts.helpers.ts';
import { endAllSessions } from './accounts.sessions.ts';
import { users } from './accounts.tables.ts';
import { likePattern } from '../../db/like.ts';

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

/** An admin changing their own role or suspending themselves would lock the back office out: refused. */
const notOnYourself = (field: 'role' | 'status') =>
  new AppError('validation_failed', 'An administrator cannot do this to their own account.', {
    [field]: 'user.self',
  });

export type AccountsAdminDeps = Pick<AccountsDeps, 'db' | 'transaction'>;

/** The back office's users: the list and its search, a role given, a suspension and its end. */
export function createAccountsAdmin(deps: AccountsAdminDeps) {
  const { db, transaction } = deps;

  return {
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
  };
}
export type AccountsAdmin = ReturnType<typeof createAccountsAdmin>;
