import { eq, inArray, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { EmailPreferences, EmailPreferencesPatch } from '@hls/contract';
import type { AppTxContext } from '../../plugins/database.ts';
import { toProfile, unknownUser, type AccountsDeps, type UserProfile } from './accounts.helpers.ts';
import { users } from './accounts.tables.ts';

/** A user as the e-mails about their work need them: where and in which language, and what they chose to hear. */
export type MailRecipient = UserProfile & EmailPreferences & { role: string };

/** The users' table under the name `recipient`, for `recipientOf`'s subquery inside another table's query. */
const RECIPIENT = 'recipient';
const recipient = alias(users, RECIPIENT);
/** `FROM` of that subquery (an aliased table in `sql` names only its alias). */
const fromRecipient = sql`${users} AS ${sql.identifier(RECIPIENT)}`;

const choicesOf = (t: typeof users | typeof recipient) => ({
  versionEmails: t.versionEmails,
  salesEmails: t.salesEmails,
  reviewEmails: t.reviewEmails,
});
const choices = choicesOf(users);

/** The columns of a `MailRecipient` (its name is made from them). */
const recipientColumns = (t: typeof users | typeof recipient) => ({
  id: t.id,
  email: t.email,
  firstName: t.firstName,
  lastName: t.lastName,
  language: t.language,
  role: t.role,
  ...choicesOf(t),
});

/**
 * The e-mails a user may turn off (new versions of what they bought; an author's sales, each or in a daily
 * digest, and the published reviews of their products): read and changed by the user, read by the modules that
 * send them.
 */
export function createEmailPreferences(deps: Pick<AccountsDeps, 'db' | 'transaction'>) {
  const { db, transaction } = deps;
  return {
    async emailPreferences(userId: string): Promise<EmailPreferences> {
      const [row] = await db.select(choices).from(users).where(eq(users.id, userId));
      if (!row) throw unknownUser();
      return row;
    },

    /** Changes the choices given; the others stay. */
    async updateEmailPreferences(userId: string, patch: EmailPreferencesPatch): Promise<EmailPreferences> {
      return transaction(async ({ tx }) => {
        const [row] = await tx
          .update(users)
          .set({ ...patch, updatedAt: sql`now()` })
          .where(eq(users.id, userId))
          .returning(choices);
        if (!row) throw unknownUser();
        return row;
      });
    },

    /** These users' addresses, languages and choices, read in the caller's transaction when given one. */
    async mailRecipients(userIds: string[], within?: AppTxContext): Promise<Map<string, MailRecipient>> {
      const ids = [...new Set(userIds)];
      if (ids.length === 0) return new Map();
      const rows = await (within?.tx ?? db)
        .select(recipientColumns(users))
        .from(users)
        .where(inArray(users.id, ids));
      return new Map(rows.map((row) => [row.id, { ...row, ...toProfile(row) }]));
    },

    /**
     * The recipient whose id is `userId` (a column of another module's query) as one expression, so that query
     * reads its rows and the e-mail details of their users in one statement; null for an unknown id.
     */
    recipientOf(userId: SQLWrapper): SQL<MailRecipient | null> {
      const fields = sql.join(
        Object.entries(recipientColumns(recipient)).map(([key, column]) => sql`${key}::text, ${column}`),
        sql`, `,
      );
      return sql`(SELECT json_build_object(${fields}) FROM ${fromRecipient} WHERE ${recipient.id} = ${userId})`.mapWith(
        (value: Omit<MailRecipient, 'name'> | string | null) => {
          if (value === null) return null;
          const row: Omit<MailRecipient, 'name'> = typeof value === 'string' ? JSON.parse(value) : value;
          return { ...row, ...toProfile(row) };
        },
      );
    },

    /** The authors who chose one e-mail a day about their sales. */
    async dailySalesAuthors(within?: AppTxContext): Promise<string[]> {
      const rows = await (within?.tx ?? db)
        .select({ id: users.id })
        .from(users)
        .where(sql`${users.salesEmails} = 'daily' AND ${users.suspendedAt} IS NULL`);
      return rows.map((row) => row.id);
    },
  };
}

export type EmailPreferencesService = ReturnType<typeof createEmailPreferences>;
