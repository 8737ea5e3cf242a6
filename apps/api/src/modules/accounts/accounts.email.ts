// Kept in one file: an address's confirmation, change and report share their tokens, links and mails.
import { and, count, desc, eq, gt, inArray, isNull, sql, type Placeholder } from 'drizzle-orm';
import type { EmailConfirmResponse, EmailReportResponse, Language } from '@hls/contract';
import { paths } from '@hls/contract/paths';
import type { Db, DbOrTx } from '../../db/database.ts';
import { AppError } from '../../plugins/app-error.ts';
import type { AppTransaction, AppTxContext } from '../../plugins/database.ts';
import type { MailService } from '../mail/index.ts';
import { cancelPasswordResets, endAllSessions } from './accounts.sessions.ts';
import { emailChanges, emailTokens, users, type emailTokenPurposes } from './accounts.tables.ts';
import { hashOpaqueToken, newOpaqueToken } from './opaque-tokens.ts';
import { isUniqueViolation } from '../../db/errors.ts';

/**
 * E-mail addresses: a new account confirms its address by following a mailed link (orders wait for it), and a
 * change of address takes effect only when a link mailed to the new address is followed. The old address is told
 * of the change, at the request and when it takes effect, with a link to report it: that cancels the change (or
 * puts the old address back), ends every session and cancels the password reset links.
 */

/**
 * The condition, in another module's statement, that the account `userId` has confirmed its e-mail address (what
 * `isConfirmed` answers), so that a write waiting for it needs no statement of its own.
 */
export const emailConfirmedCondition = (userId: string | Placeholder) =>
  sql`EXISTS (SELECT 1 FROM ${users} WHERE ${users.id} = ${userId} AND ${users.emailConfirmedAt} IS NOT NULL)`;

export type EmailDeps = {
  db: Db;
  transaction: AppTransaction;
  mail: Pick<MailService, 'queue'>;
  publicUrl: string;
  /** Seconds a confirmation link (new account, new address) and a report link (old address) stay valid. */
  links: { confirmTtl: number; reportTtl: number };
};

/** The account as the links and mails need it. */
export type EmailOwner = {
  id: string;
  email: string;
  firstName: string;
  language: Language;
  emailConfirmedAt: Date | null;
};

type Purpose = (typeof emailTokenPurposes)[number];

/** A confirmation link is mailed again at most once a minute per account (the first time, at once). */
export const RESEND_INTERVAL_SECONDS = 60;

const invalidLink = () =>
  new AppError('invalid_email_token', 'This link is not valid: it was already used or has expired.', {
    token: 'emailLink.invalid',
  });

const addressTaken = () =>
  new AppError('email_taken', 'An account already exists with this e-mail address.', {
    email: 'email.taken',
  });

/** The id of the account using this address (any case), if any. */
async function addressOwner(db: DbOrTx, email: string): Promise<string | undefined> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
    .limit(1);
  return row?.id;
}

async function insertToken(
  tx: DbOrTx,
  link: { userId: string; purpose: Purpose; email: string; changeId?: string; ttl: number },
): Promise<string> {
  const token = newOpaqueToken();
  await tx.insert(emailTokens).values({
    tokenHash: hashOpaqueToken(token),
    userId: link.userId,
    purpose: link.purpose,
    email: link.email,
    changeId: link.changeId ?? null,
    expiresAt: new Date(Date.now() + link.ttl * 1000),
  });
  return token;
}

/** Every unused link of these purposes stops working. */
async function retireTokens(tx: DbOrTx, userId: string, purposes: Purpose[]): Promise<void> {
  await tx
    .update(emailTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(eq(emailTokens.userId, userId), inArray(emailTokens.purpose, purposes), isNull(emailTokens.usedAt)),
    );
}

/**
 * Withdraws the user's changes still waiting for their link, which stops working; their report links keep
 * working, so the old address can still end the sessions of whoever asked.
 */
async function cancelPendingChanges(tx: DbOrTx, userId: string): Promise<void> {
  const cancelled = await tx
    .update(emailChanges)
    .set({ cancelledAt: sql`now()` })
    .where(
      and(
        eq(emailChanges.userId, userId),
        isNull(emailChanges.confirmedAt),
        isNull(emailChanges.cancelledAt),
      ),
    )
    .returning({ id: emailChanges.id });
  if (cancelled.length === 0) return;
  await tx
    .update(emailTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        inArray(
          emailTokens.changeId,
          cancelled.map((change) => change.id),
        ),
        eq(emailTokens.purpose, 'change'),
        isNull(emailTokens.usedAt),
      ),
    );
}

/** Marks a link used, once: undefined when it is unknown, used, expired or of another purpose. */
async function useToken(tx: DbOrTx, token: string, purposes: Purpose[]) {
  const [link] = await tx
    .update(emailTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(emailTokens.tokenHash, hashOpaqueToken(token)),
        inArray(emailTokens.purpose, purposes),
        isNull(emailTokens.usedAt),
        gt(emailTokens.expiresAt, sql`now()`),
      ),
    )
    .returning();
  return link;
}

export function createEmailService(deps: EmailDeps) {
  const { db, transaction, mail, links } = deps;
  const url = (path: string) => `${deps.publicUrl}${path}`;

  /** Tells the old address of a change (asked for, or done) with a link to report it. */
  async function noticeToOldAddress(
    ctx: AppTxContext,
    owner: Pick<EmailOwner, 'id' | 'firstName' | 'language'>,
    change: { id: string; oldEmail: string; newEmail: string },
    stage: 'requested' | 'done',
  ): Promise<void> {
    const token = await insertToken(ctx.tx, {
      userId: owner.id,
      purpose: 'report',
      email: change.oldEmail,
      changeId: change.id,
      ttl: links.reportTtl,
    });
    await mail.queue(ctx, {
      to: change.oldEmail,
      language: owner.language,
      template: 'email_change_notice',
      data: {
        firstName: owner.firstName,
        stage,
        newEmail: change.newEmail,
        reportUrl: url(paths.emailReport.getHref(token)),
        validFor: links.reportTtl,
      },
    });
  }

  /** A new confirmation link for the account's current address (stored hashed), as a URL to mail. */
  async function confirmationLink(
    ctx: AppTxContext,
    owner: Pick<EmailOwner, 'id' | 'email'>,
  ): Promise<string> {
    const token = await insertToken(ctx.tx, {
      userId: owner.id,
      purpose: 'confirm',
      email: owner.email,
      ttl: links.confirmTtl,
    });
    return url(paths.emailConfirm.getHref(token));
  }

  return {
    confirmationLink,

    async isConfirmed(userId: string, within?: AppTxContext): Promise<boolean> {
      const [row] = await (within?.tx ?? db)
        .select({ confirmedAt: users.emailConfirmedAt })
        .from(users)
        .where(eq(users.id, userId))
        .limit(1);
      return Boolean(row?.confirmedAt);
    },

    /** The new address a change waits to take effect with, or null. */
    async pendingEmail(userId: string, within?: AppTxContext): Promise<string | null> {
      const [row] = await (within?.tx ?? db)
        .select({ newEmail: emailChanges.newEmail })
        .from(emailChanges)
        .where(
          and(
            eq(emailChanges.userId, userId),
            isNull(emailChanges.confirmedAt),
            isNull(emailChanges.cancelledAt),
            gt(emailChanges.expiresAt, sql`now()`),
          ),
        )
        .orderBy(desc(emailChanges.createdAt))
        .limit(1);
      return row?.newEmail ?? null;
    },

    /**
     * Records a change to `newEmail` (the caller checked the password and that no other account uses it) in the
     * caller's transaction: it replaces any pending one, mails its link to the new address, and tells the old
     * address when it is a confirmed one (an unconfirmed address may not be the owner's: it gets no report link).
     */
    async requestChange(ctx: AppTxContext, owner: EmailOwner, newEmail: string): Promise<void> {
      const { tx } = ctx;
      await cancelPendingChanges(tx, owner.id);
      const [change] = await tx
        .insert(emailChanges)
        .values({
          userId: owner.id,
          oldEmail: owner.email,
          newEmail,
          expiresAt: new Date(Date.now() + links.confirmTtl * 1000),
        })
        .returning();
      const token = await insertToken(tx, {
        userId: owner.id,
        purpose: 'change',
        email: newEmail,
        changeId: change!.id,
        ttl: links.confirmTtl,
      });
      await mail.queue(ctx, {
        to: newEmail,
        language: owner.language,
        template: 'email_change_confirm',
        data: {
          firstName: owner.firstName,
          newEmail,
          link: url(paths.emailConfirm.getHref(token)),
          validFor: links.confirmTtl,
        },
      });
      if (owner.emailConfirmedAt) await noticeToOldAddress(ctx, owner, change!, 'requested');
    },

    /** The user withdraws the change waiting for its link. */
    async cancelChange(userId: string): Promise<void> {
      await transaction(({ tx }) => cancelPendingChanges(tx, userId));
    },

    /** Mails a new confirmation link to an unconfirmed address: once at once, then once a minute (429 otherwise). */
    async resendConfirmation(userId: string): Promise<void> {
      await transaction(async (ctx) => {
        const { tx } = ctx;
        const [owner] = await tx.select().from(users).where(eq(users.id, userId)).for('update').limit(1);
        if (!owner) throw new AppError('unauthorized', 'This account no longer exists.');
        if (owner.emailConfirmedAt) {
          throw new AppError('invalid_transition', 'This e-mail address is already confirmed.');
        }
        const [sent] = await tx
          .select({
            total: count(),
            recent: sql<number>`count(*) filter (where ${emailTokens.createdAt} > now() - ${RESEND_INTERVAL_SECONDS} * interval '1 second')`,
          })
          .from(emailTokens)
          .where(and(eq(emailTokens.userId, userId), eq(emailTokens.purpose, 'confirm')));
        // The first request may come right after the welcome mail (lost, or mistaken for spam): later ones wait.
        if (Number(sent?.total) > 1 && Number(sent?.recent) > 0) {
          throw new AppError(
            'rate_limited',
            `A link was sent less than ${RESEND_INTERVAL_SECONDS} s ago. Check your inbox, or try again in a moment.`,
          );
        }
        await mail.queue(ctx, {
          to: owner.email,
          language: owner.language,
          template: 'email_confirmation',
          data: {
            firstName: owner.firstName,
            link: await confirmationLink(ctx, owner),
            validFor: links.confirmTtl,
          },
        });
      });
    },

    /**
     * Follows a confirmation link: a new account's address is confirmed, or a change takes effect — the account
     * uses the new address (confirmed), every session ends, the reset links are cancelled and the old address is
     * told. A link works once, before it expires, and only while its address still concerns the account.
     */
    async confirm(token: string): Promise<EmailConfirmResponse> {
      try {
        return await transaction(async (ctx): Promise<EmailConfirmResponse> => {
          const { tx } = ctx;
          const link = await useToken(tx, token, ['confirm', 'change']);
          if (!link) throw invalidLink();
          const [owner] = await tx
            .select()
            .from(users)
            .where(eq(users.id, link.userId))
            .for('update')
            .limit(1);
          if (!owner) throw invalidLink();

          if (link.purpose === 'confirm') {
            if (owner.email !== link.email) throw invalidLink();
            await tx
              .update(users)
              .set({ emailConfirmedAt: sql`coalesce(${users.emailConfirmedAt}, now())` })
              .where(eq(users.id, owner.id));
            await retireTokens(tx, owner.id, ['confirm']);
            return { outcome: 'confirmed', email: owner.email };
          }

          const [change] = await tx
            .select()
            .from(emailChanges)
            .where(and(eq(emailChanges.id, link.changeId!), eq(emailChanges.userId, owner.id)))
            .for('update')
            .limit(1);
          if (
            !change ||
            change.confirmedAt ||
            change.cancelledAt ||
            change.expiresAt.getTime() <= Date.now() ||
            owner.email !== change.oldEmail
          ) {
            throw invalidLink();
          }
          const taker = await addressOwner(tx, change.newEmail);
          if (taker && taker !== owner.id) throw addressTaken();
          await tx
            .update(users)
            .set({ email: change.newEmail, emailConfirmedAt: sql`now()`, updatedAt: sql`now()` })
            .where(eq(users.id, owner.id));
          await tx
            .update(emailChanges)
            .set({ confirmedAt: sql`now()` })
            .where(eq(emailChanges.id, change.id));
          await retireTokens(tx, owner.id, ['confirm']);
          await endAllSessions(tx, owner.id);
          await cancelPasswordResets(tx, owner.id);
          const [told] = await tx
            .select({ id: emailTokens.id })
            .from(emailTokens)
            .where(and(eq(emailTokens.changeId, change.id), eq(emailTokens.purpose, 'report')))
            .limit(1);
          if (told) await noticeToOldAddress(ctx, owner, change, 'done');
          return { outcome: 'changed', email: change.newEmail };
        });
      } catch (error) {
        // Another account took the address between the check and the update.
        if (isUniqueViolation(error)) throw addressTaken();
        throw error;
      }
    },

    /**
     * Follows the old address's report link: the change is cancelled, or the old address is put back when it took
     * effect (kept when another account uses it now); in every case every session ends, the pending changes and
     * reset links are cancelled, and the owner is invited to choose a new password.
     */
    async report(token: string): Promise<EmailReportResponse> {
      try {
        return await transaction(async ({ tx }): Promise<EmailReportResponse> => {
          const link = await useToken(tx, token, ['report']);
          if (!link?.changeId) throw invalidLink();
          const [owner] = await tx
            .select()
            .from(users)
            .where(eq(users.id, link.userId))
            .for('update')
            .limit(1);
          const [change] = await tx
            .select()
            .from(emailChanges)
            .where(and(eq(emailChanges.id, link.changeId), eq(emailChanges.userId, link.userId)))
            .for('update')
            .limit(1);
          if (!owner || !change) throw invalidLink();
          // The other report link of this change (request and done notices) stops working too.
          await tx
            .update(emailTokens)
            .set({ usedAt: sql`now()` })
            .where(and(eq(emailTokens.changeId, change.id), isNull(emailTokens.usedAt)));

          let outcome: EmailReportResponse['outcome'] = 'cancelled';
          let email = owner.email;
          if (change.confirmedAt && !change.revertedAt) {
            const taker = await addressOwner(tx, change.oldEmail);
            if (taker && taker !== owner.id) {
              outcome = 'kept';
            } else {
              await tx
                .update(users)
                .set({ email: change.oldEmail, emailConfirmedAt: sql`now()`, updatedAt: sql`now()` })
                .where(eq(users.id, owner.id));
              await tx
                .update(emailChanges)
                .set({ revertedAt: sql`now()` })
                .where(eq(emailChanges.id, change.id));
              await retireTokens(tx, owner.id, ['confirm']);
              outcome = 'restored';
              email = change.oldEmail;
            }
          }
          await cancelPendingChanges(tx, owner.id);
          await endAllSessions(tx, owner.id);
          await cancelPasswordResets(tx, owner.id);
          return { outcome, email };
        });
      } catch (error) {
        // Another account took the old address meanwhile: nothing was done and the link still works (it then keeps).
        if (isUniqueViolation(error)) throw addressTaken();
        throw error;
      }
    },
  };
}

export type EmailService = ReturnType<typeof createEmailService>;
