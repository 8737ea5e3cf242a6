import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AuthorProfileRequest,
  EditPasswordRequest,
  EmailCheckRequest,
  EmailCheckResponse,
  LoginRequest,
  LogoutRequest,
  MessageResponse,
  PasswordConfirmRequest,
  PasswordResetRequest,
  RefreshRequest,
  RegisterAuthorRequest,
  RegisterRequest,
  roles,
  TokenPair,
  UpdateUserRequest,
  UpdateUserResponse,
  User,
} from '@hls/contract';
import * as endpoints from '@hls/contract/endpoints';
import { AppError } from '../../plugins/app-error.ts';
import { errorResponses } from '../../plugins/error-responses.ts';
import { requestLanguage } from '../../plugins/validation-messages.ts';
import type { AccountThrottles, DeviceCookies } from './accounts.throttle.ts';

export type AccountsRoutesOptions = { rateLimit: { max: number; timeWindow: number } };
/** The limits per account, address or session, beside the per-client `rateLimit` (decision 0015). */
export type AccountsThrottleOptions = { throttles: AccountThrottles; devices: DeviceCookies };

const isAppError = (error: unknown, code: string) => error instanceof AppError && error.code === code;

export default async function accountsRoutes(
  app: FastifyInstance,
  options: AccountsRoutesOptions & AccountsThrottleOptions,
) {
  const { accounts } = app;
  const { throttles, devices } = options;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const limited = { rateLimit: options.rateLimit };
  const anyRole = app.requireRole(...roles);
  const tags = ['accounts'];
  const bearer = [{ bearerAuth: [] }];

  api.post(endpoints.registerCustomer.path, {
    config: limited,
    schema: {
      tags,
      summary: 'Create a customer account (JSON, urlencoded or multipart form data)',
      consumes: ['application/json', 'application/x-www-form-urlencoded', 'multipart/form-data'],
      body: RegisterRequest,
      response: { 201: User, ...errorResponses(400, 409, 429) },
    },
    handler: async (request, reply) =>
      reply.code(201).send(await accounts.register(request.body, 'customer')),
  });

  api.post(endpoints.registerAuthor.path, {
    config: limited,
    schema: {
      tags,
      summary: 'Create an author account (the "Author" option at sign-up)',
      consumes: ['application/json', 'application/x-www-form-urlencoded', 'multipart/form-data'],
      body: RegisterAuthorRequest,
      response: { 201: User, ...errorResponses(400, 409, 429) },
    },
    handler: async (request, reply) => reply.code(201).send(await accounts.register(request.body, 'author')),
  });

  api.post(endpoints.login.path, {
    config: limited,
    schema: {
      tags,
      summary:
        'Log in; the access token is a short-lived HS256 JWT holding sub, role and exp (403 when suspended)',
      body: LoginRequest,
      response: { 200: TokenPair, ...errorResponses(400, 401, 403, 429) },
    },
    handler: async (request, reply) => {
      const { email, password } = request.body;
      // A browser that logged in to this account before keeps its own allowance while unknown ones are locked.
      const device = devices.read(request, email);
      const key = device ? `login:${email}:${device}` : `login:${email}`;
      await throttles.failures.ensureAllowed(key);
      try {
        const tokens = await accounts.login(email, password);
        await throttles.failures.clear(key);
        devices.issue(request, reply, email, device);
        return tokens;
      } catch (error) {
        if (isAppError(error, 'invalid_credentials')) await throttles.failures.hit(key);
        throw error;
      }
    },
  });

  api.post(endpoints.tokenRefresh.path, {
    config: limited,
    schema: {
      tags,
      summary: 'Exchange a refresh token for a new pair (the old one stops working)',
      body: RefreshRequest,
      response: { 200: TokenPair, ...errorResponses(400, 401, 429) },
    },
    handler: async (request) => accounts.refresh(request.body.refresh),
  });

  api.post(endpoints.logout.path, {
    schema: {
      tags,
      summary: 'Revoke a refresh token',
      body: LogoutRequest,
      response: { 204: z.null(), ...errorResponses(400) },
    },
    handler: async (request, reply) => {
      await accounts.logout(request.body.refresh);
      return reply.code(204).send(null);
    },
  });

  api.post(endpoints.emailCheck.path, {
    config: limited,
    schema: {
      tags,
      summary: 'Tell whether an account uses this e-mail (404 when none does)',
      body: EmailCheckRequest,
      response: { 200: EmailCheckResponse, ...errorResponses(400, 404, 429) },
    },
    handler: async (request) => {
      const key = `check:${request.body.email}`;
      await throttles.emailChecks.take(key);
      if (!(await accounts.emailExists(request.body.email))) {
        throw new AppError('email_not_found', 'No account uses this e-mail address.', {
          email: 'email.notFound',
        });
      }
      return { exists: true as const };
    },
  });

  api.post(endpoints.passwordReset.path, {
    config: limited,
    schema: {
      tags,
      summary:
        'E-mail a one-time password reset link (valid one hour); the same answer for an address no account uses, which is told so by mail',
      body: PasswordResetRequest,
      response: { 200: MessageResponse, ...errorResponses(400, 429) },
    },
    handler: async (request) => {
      const { email } = request.body;
      const key = `reset:${email}`;
      await throttles.resetMails.take(key);
      await accounts.requestPasswordReset(
        email,
        requestLanguage(request.query, request.headers['accept-language']),
      );
      return { message: 'A message was sent to this address. It holds a reset link if an account uses it.' };
    },
  });

  api.post(endpoints.passwordConfirm.path, {
    config: limited,
    schema: {
      tags,
      summary: 'Set a new password with the token from the reset link; closes every session',
      body: PasswordConfirmRequest,
      response: { 200: MessageResponse, ...errorResponses(400, 429) },
    },
    handler: async (request, reply) => {
      const { email } = await accounts.confirmPasswordReset(request.body.token, request.body.password);
      // Following the mailed link proves the mailbox: this browser may log in even while the account is locked.
      await throttles.failures.clear(`login:${email}`);
      devices.issue(request, reply, email);
      return { message: 'Your password was changed. You can log in with it now.' };
    },
  });

  api.put(endpoints.editPassword.path, {
    config: limited,
    onRequest: anyRole,
    schema: {
      tags,
      security: bearer,
      summary: 'Change the password (checks the current one); closes every session',
      body: EditPasswordRequest,
      response: { 200: MessageResponse, ...errorResponses(400, 401, 429) },
    },
    handler: async (request) => {
      const user = request.user!;
      // Per session: each one proved the password at its login, and a stolen one cannot lock out the others.
      const key = `password:${user.id}:${user.sessionId}`;
      await throttles.failures.ensureAllowed(key);
      try {
        await accounts.changePassword(user.id, request.body.oldPassword, request.body.newPassword);
      } catch (error) {
        if (isAppError(error, 'wrong_password')) await throttles.failures.hit(key);
        throw error;
      }
      await throttles.failures.clear(key);
      return { message: 'Your password was changed. Please log in again.' };
    },
  });

  api.put(endpoints.updateUser.path, {
    onRequest: anyRole,
    schema: {
      tags,
      security: bearer,
      summary:
        'Update the profile; a new e-mail needs currentPassword and takes effect once the link mailed to it is followed',
      body: UpdateUserRequest,
      response: { 200: UpdateUserResponse, ...errorResponses(400, 401, 409, 429) },
    },
    handler: async (request) => {
      const user = request.user!;
      if (!request.body.currentPassword) return accounts.updateUser(user.id, request.body);
      // The password change's count: a session gets the same few guesses at the password, whichever route asks.
      const key = `password:${user.id}:${user.sessionId}`;
      await throttles.failures.ensureAllowed(key);
      try {
        const updated = await accounts.updateUser(user.id, request.body);
        if (updated.emailChangeRequested) await throttles.failures.clear(key);
        return updated;
      } catch (error) {
        if (isAppError(error, 'wrong_password')) await throttles.failures.hit(key);
        throw error;
      }
    },
  });

  api.put(endpoints.authorProfile.path, {
    onRequest: app.requireRole('author'),
    schema: {
      tags,
      security: bearer,
      summary:
        "An author's public name and biography, shown on their products' pages (empty: the first and last names, no bio)",
      body: AuthorProfileRequest,
      response: { 200: User, ...errorResponses(400, 401, 403) },
    },
    handler: async (request) => accounts.updateAuthorProfile(request.user!.id, request.body),
  });

  api.get(endpoints.user.path, {
    onRequest: anyRole,
    schema: {
      tags,
      security: bearer,
      summary: 'The logged-in user',
      response: { 200: User, ...errorResponses(401) },
    },
    handler: async (request) => accounts.getUser(request.user!.id),
  });
}
