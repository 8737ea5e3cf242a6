import { eq, inArray, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { EmailPreferences, EmailPreferencesPatch } from '@hls/contract';
import type { AppTxContext } from '../../plugins/database.ts';
import { toProfile, unknownUser, type AccountsDeps, type UserProfile } from './accounts.helpers.ts';
import { users } from './accounts.tables.ts';

/** A user as the e-mails about their work need them: where and in which language, and what they chose to hear. */
export type MailRecipient = UserProfile & EmailPreferences & { role: string };

const choices = {
  versionEmails: users.versionEmails,
  salesEmails: users.salesEmails,
  reviewEmails: users.reviewEmails,
};

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
        .select({
          id: users.id,
          email: users.email,
          firstName: users.firstName,
          lastName: users.lastName,
          language: users.language,
          role: users.role,
          ...choices,
        })
        .from(users)
        .where(inArray(users.id, ids));
      return new Map(rows.map((row) => [row.id, { ...row, ...toProfile(row) }]));
    },

    /**
     * The recipient whose id is `userId` (a column of another module's query) as one expression, so that query
     * reads its rows and the e-mail details of their users in one statement; null for an unknown id.
     */
    recipientOf(userId: SQLWrapper): SQL<MailRecipient | null> {
      return sql`(SELECT json_build_object('id', u.id, 'email', u.email, 'firstName', u.first_name, 'lastName', u.last_name, 'language', u.language, 'role', u.role, 'versionEmails', u.version_emails, 'salesEmails', u.sales_emails, 'reviewEmails', u.review_emails) FROM ${users} u WHERE u.id = ${userId})`.mapWith(
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
