import { z } from 'zod';
import { languages, PASSWORD_MAX, PASSWORD_MIN, roles } from './values.ts';

/**
 * Account contracts shared by the API (validation + OpenAPI) and the web app (forms + typed calls).
 * Validation messages are keys of the `validation` translation namespace (locales/{lng}/validation.json);
 * the API turns them into sentences in the caller's language.
 */

export const Role = z.enum(roles);
export type Role = z.infer<typeof Role>;

export const Language = z.enum(languages);
export type Language = z.infer<typeof Language>;

export const Email = z
  .string({ error: 'email.required' })
  .trim()
  .min(1, 'email.required')
  .max(254, 'email.invalid')
  .pipe(z.email({ error: 'email.invalid' }))
  .transform((email) => email.toLowerCase());

/** A secure password: 8+ characters with at least one letter and one digit. */
export const NewPassword = z
  .string({ error: 'password.required' })
  .min(PASSWORD_MIN, 'password.tooShort')
  .max(PASSWORD_MAX, 'password.tooLong')
  .regex(/\p{L}/u, 'password.needsLetter')
  .regex(/\d/, 'password.needsDigit');

const Name = (key: 'firstName' | 'lastName') =>
  z
    .string({ error: `${key}.required` })
    .trim()
    .min(1, `${key}.required`)
    .max(80, `${key}.tooLong`);

export const Phone = z
  .string()
  .trim()
  .max(30, 'phone.invalid')
  .regex(/^[+()\d\s.-]*$/, 'phone.invalid');

export const RegisterRequest = z.object({
  firstName: Name('firstName'),
  lastName: Name('lastName'),
  email: Email,
  password: NewPassword,
  language: Language.optional(),
});
export type RegisterRequest = z.input<typeof RegisterRequest>;

/** An author registers like a customer and may add the public profile shown on their products. */
export const RegisterAuthorRequest = RegisterRequest.extend({
  displayName: z.string().trim().max(120, 'displayName.tooLong').optional(),
  bio: z.string().trim().max(2000, 'bio.tooLong').optional(),
});
export type RegisterAuthorRequest = z.input<typeof RegisterAuthorRequest>;

export const LoginRequest = z.object({
  email: Email,
  password: z
    .string({ error: 'password.required' })
    .min(1, 'password.required')
    .max(PASSWORD_MAX, 'password.tooLong'),
});
export type LoginRequest = z.input<typeof LoginRequest>;

export const TokenPair = z.object({ access: z.string(), refresh: z.string() });
export type TokenPair = z.infer<typeof TokenPair>;

export const RefreshRequest = z.object({
  refresh: z.string({ error: 'refresh.required' }).min(1, 'refresh.required'),
});
export type RefreshRequest = z.infer<typeof RefreshRequest>;

export const LogoutRequest = RefreshRequest;
export type LogoutRequest = RefreshRequest;

export const EmailCheckRequest = z.object({ email: Email });
export type EmailCheckRequest = z.input<typeof EmailCheckRequest>;
export const EmailCheckResponse = z.object({ exists: z.literal(true) });

export const PasswordResetRequest = z.object({ email: Email });
export type PasswordResetRequest = z.input<typeof PasswordResetRequest>;

export const PasswordConfirmRequest = z.object({
  token: z.string({ error: 'token.required' }).min(1, 'token.required').max(200, 'token.invalid'),
  password: NewPassword,
});
export type PasswordConfirmRequest = z.input<typeof PasswordConfirmRequest>;

export const EditPasswordRequest = z.object({
  oldPassword: z
    .string({ error: 'password.required' })
    .min(1, 'password.required')
    .max(PASSWORD_MAX, 'password.tooLong'),
  newPassword: NewPassword,
});
export type EditPasswordRequest = z.input<typeof EditPasswordRequest>;

/** A new `email` takes effect once the link mailed to it is followed; asking for it needs `currentPassword`. */
export const UpdateUserRequest = z.object({
  firstName: Name('firstName'),
  lastName: Name('lastName'),
  email: Email,
  phone: Phone.optional(),
  country: z.string().trim().max(2, 'country.invalid').optional(),
  language: Language.optional(),
  currentPassword: z.string().max(PASSWORD_MAX, 'password.tooLong').optional(),
});
export type UpdateUserRequest = z.input<typeof UpdateUserRequest>;

export const User = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  phone: z.string(),
  country: z.string(),
  language: Language,
  role: Role,
  createdAt: z.string(),
  /** Public author profile; null for other roles or when not filled in. */
  displayName: z.string().nullable().optional(),
  bio: z.string().nullable().optional(),
  /** The owner followed a link mailed to `email` (orders wait for it). */
  emailConfirmed: z.boolean(),
  /** A new address asked for, waiting for its link to be followed; null when none. */
  pendingEmail: z.string().nullable(),
});
export type User = z.infer<typeof User>;

/**
 * POST /api/user/become-author: a logged-in customer becomes an author, optionally with the public profile shown
 * on their products. The role is in the access token, so the answer is a new token pair (and the user).
 */
export const BecomeAuthorRequest = z.object({
  displayName: z.string().trim().max(120, 'displayName.tooLong').optional(),
  bio: z.string().trim().max(2000, 'bio.tooLong').optional(),
});
export type BecomeAuthorRequest = z.input<typeof BecomeAuthorRequest>;

/**
 * PUT /api/user/author-profile (authors): the name and biography shown on their products' pages. An empty
 * display name shows the first and last names instead; an empty bio shows none.
 */
export const AuthorProfileRequest = z.object({
  displayName: z.string({ error: 'displayName.tooLong' }).trim().max(120, 'displayName.tooLong'),
  bio: z.string({ error: 'bio.tooLong' }).trim().max(2000, 'bio.tooLong'),
});
export type AuthorProfileRequest = z.input<typeof AuthorProfileRequest>;
export const BecomeAuthorResponse = TokenPair.extend({ user: User });
export type BecomeAuthorResponse = z.infer<typeof BecomeAuthorResponse>;

/** `emailChangeRequested`: a link was mailed to the new address (`user.pendingEmail`); the address is unchanged. */
export const UpdateUserResponse = z.object({ user: User, emailChangeRequested: z.boolean() });
export type UpdateUserResponse = z.infer<typeof UpdateUserResponse>;

export const MessageResponse = z.object({ message: z.string() });

/** Payload of the access token (HS256 JWT); `sid` is the session (login) it belongs to. */
export const AccessTokenPayload = z.object({
  sub: z.string(),
  role: Role,
  sid: z.string(),
  exp: z.number(),
  iat: z.number(),
});
export type AccessTokenPayload = z.infer<typeof AccessTokenPayload>;

export const PageViewRequest = z.object({
  path: z.string().min(1).max(500).startsWith('/'),
});
export type PageViewRequest = z.infer<typeof PageViewRequest>;

export const HealthResponse = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['ok', 'unavailable']),
  /** Whether this instance hears the events of the others (`lost` while its listening connection is down). */
  instances: z.enum(['ok', 'lost']),
  /** The shared Redis (`off` when none is configured). */
  redis: z.enum(['ok', 'unavailable', 'off']),
  version: z.string(),
  uptimeSeconds: z.number(),
});
export type HealthResponse = z.infer<typeof HealthResponse>;
