import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  EmailConfirmResponse,
  EmailReportResponse,
  EmailTokenRequest,
  MessageResponse,
  roles,
  User,
} from '@hls/contract';
import * as endpoints from '@hls/contract/endpoints';
import { errorResponses } from '../../plugins/error-responses.ts';
import type { AccountsRoutesOptions } from './accounts.routes.ts';

/** The links mailed about an account's address, and the logged-in user's requests about them. */
export default async function accountsEmailRoutes(app: FastifyInstance, options: AccountsRoutesOptions) {
  const { accounts } = app;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const limited = { rateLimit: options.rateLimit };
  const anyRole = app.requireRole(...roles);
  const tags = ['accounts'];
  const bearer = [{ bearerAuth: [] }];

  api.post(endpoints.emailConfirm.path, {
    config: limited,
    schema: {
      tags,
      summary:
        'Follow a confirmation link: confirms the account’s address, or makes an e-mail change take effect (every session ends); once, before it expires',
      body: EmailTokenRequest,
      response: { 200: EmailConfirmResponse, ...errorResponses(400, 409, 429) },
    },
    handler: async (request) => accounts.email.confirm(request.body.token),
  });

  api.post(endpoints.emailReport.path, {
    config: limited,
    schema: {
      tags,
      summary:
        'Follow the old address’s report link: cancels the e-mail change or puts the old address back, ends every session, cancels reset links',
      body: EmailTokenRequest,
      response: { 200: EmailReportResponse, ...errorResponses(400, 409, 429) },
    },
    handler: async (request) => accounts.email.report(request.body.token),
  });

  api.post(endpoints.emailResend.path, {
    onRequest: anyRole,
    config: limited,
    schema: {
      tags,
      security: bearer,
      summary: 'Mail the confirmation link again to the unconfirmed address (at most once a minute)',
      response: { 200: MessageResponse, ...errorResponses(401, 409, 429) },
    },
    handler: async (request) => {
      await accounts.email.resendConfirmation(request.user!.id);
      return { message: 'A confirmation link was sent to your e-mail address.' };
    },
  });

  api.delete(endpoints.emailChangeCancel.path, {
    onRequest: anyRole,
    schema: {
      tags,
      security: bearer,
      summary: 'Withdraw the e-mail change waiting for its link (the link stops working)',
      response: { 200: User, ...errorResponses(401) },
    },
    handler: async (request) => {
      await accounts.email.cancelChange(request.user!.id);
      return accounts.getUser(request.user!.id);
    },
  });
}
