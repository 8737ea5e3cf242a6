import { inArray, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { User } from '@hls/contract';
import type { AppTxContext } from '../../plugins/database.ts';
import type { EmailService } from './accounts.email.ts';
import {
  findUserByEmail,
  toProfile,
  toUser,
  type AccountsDeps,
  type UserProfile,
} from './accounts.helpers.ts';
import { users } from './accounts.tables.ts';

export type DirectoryDeps = Pick<AccountsDeps, 'db'> & { email: Pick<EmailService, 'isConfirmed'> };

/**
 * What the other modules read of the users (orders, receipts, royalties, submissions, the back office): an
 * account by address, names and contact details, whether an address is confirmed.
 */
export function createDirectory(deps: DirectoryDeps) {
  const { db, email } = deps;

  return {
    /** Whether the user's address is confirmed (orders wait for it). */
    emailConfirmed: (userId: string, within?: AppTxContext) => email.isConfirmed(userId, within),

    /** An account by e-mail (any case), read in the caller's transaction when given one. */
    async findUserByEmail(email: string, within?: AppTxContext): Promise<User | undefined> {
      const row = await findUserByEmail(within?.tx ?? db, email);
      return row && toUser(row);
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
  };
}
export type Directory = ReturnType<typeof createDirectory>;
