import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { languages, roles, salesEmailChoices } from '@hls/contract';

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: text('role', { enum: roles }).notNull().default('customer'),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    phone: text('phone').notNull().default(''),
    country: text('country').notNull().default(''),
    language: text('language', { enum: languages }).notNull().default('fr'),
    displayName: text('display_name'),
    bio: text('bio'),
    /** A suspended user cannot log in (their refresh tokens are revoked at suspension). */
    suspendedAt: timestamp('suspended_at', { withTimezone: true }),
    /** When a link mailed to `email` was followed; null until then (orders wait for it). */
    emailConfirmedAt: timestamp('email_confirmed_at', { withTimezone: true }),
    /** E-mails the user may turn off: new versions of what they bought, their sales (authors), published reviews of their products. */
    versionEmails: boolean('version_emails').notNull().default(true),
    salesEmails: text('sales_emails', { enum: salesEmailChoices }).notNull().default('each'),
    reviewEmails: boolean('review_emails').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_email_lower_unique').on(sql`lower(${t.email})`)],
);

/** A login: its refresh tokens rotate within it, and its access tokens carry its id (`sid`). */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The absolute end (SESSION_MAX_AGE after the login): refreshing never moves it. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Logout, a password change or reset, a suspension, a role or e-mail change, a reused refresh token. */
    endedAt: timestamp('ended_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull().unique(),
    /** The session (every token of one login shares it). */
    familyId: uuid('family_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    replacedBy: uuid('replaced_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('refresh_tokens_user_idx').on(t.userId), index('refresh_tokens_family_idx').on(t.familyId)],
);

export const passwordResets = pgTable(
  'password_resets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('password_resets_user_idx').on(t.userId)],
);

/**
 * A change of a user's address: asked for with the password, it takes effect when the link mailed to the new
 * address is followed; the old address's report link cancels it, or puts the old address back once it took effect.
 */
export const emailChanges = pgTable(
  'email_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    oldEmail: text('old_email').notNull(),
    newEmail: text('new_email').notNull(),
    /** The new address's link stops working then. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** The new address's link was followed: the account uses `newEmail` since. */
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    /** Withdrawn before it took effect: by the user, by a newer request, or by a report. */
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** Reported from the old address after it took effect: the account got `oldEmail` back. */
    revertedAt: timestamp('reverted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('email_changes_user_idx').on(t.userId)],
);

export const emailTokenPurposes = ['confirm', 'change', 'report'] as const;

/**
 * One-time links mailed about an address (only their SHA-256 is kept): `confirm` an account's address, `change`
 * (the new address of a change) and `report` (sent to the old address of a change).
 */
export const emailTokens = pgTable(
  'email_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: emailTokenPurposes }).notNull(),
    /** The address the link was sent to: it works only while that address still concerns the account. */
    email: text('email').notNull(),
    changeId: uuid('change_id').references(() => emailChanges.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('email_tokens_user_idx').on(t.userId), index('email_tokens_change_idx').on(t.changeId)],
);

/**
 * A buyer's saved delivery addresses (the fields of the contract's `Address`), at most one the default (checkout
 * offers it first). Orders copy the address they are sent to: editing or removing one here never changes an order.
 */
export const addresses = pgTable(
  'addresses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    label: text('label'),
    fullName: text('full_name').notNull(),
    line1: text('line1').notNull(),
    line2: text('line2'),
    postalCode: text('postal_code').notNull(),
    city: text('city').notNull(),
    country: text('country').notNull(),
    phone: text('phone'),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('addresses_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('addresses_one_default')
      .on(t.userId)
      .where(sql`is_default`),
  ],
);
