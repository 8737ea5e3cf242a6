import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { EmailPreferences, EmailPreferencesPatch, roles } from '@hls/contract';
import * as endpoints from '@hls/contract/endpoints';
import { errorResponses } from '../../plugins/error-responses.ts';

/** The signed-in user's e-mail choices: GET and PATCH /api/account/email-preferences. */
export default async function emailPreferencesRoutes(app: FastifyInstance) {
  const { accounts } = app;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const anyRole = app.requireRole(...roles);
  const tags = ['accounts'];
  const security = [{ bearerAuth: [] }];

  api.get(endpoints.emailPreferences.path, {
    onRequest: anyRole,
    schema: {
      tags,
      security,
      summary: "The signed-in user's e-mail choices (new versions, sales, reviews)",
      response: { 200: EmailPreferences, ...errorResponses(401) },
    },
    handler: async (request) => accounts.emailPreferences(request.user!.id),
  });

  api.patch(endpoints.emailPreferencesUpdate.path, {
    onRequest: anyRole,
    schema: {
      tags,
      security,
      summary: 'Changes some of the e-mail choices; those left out stay',
      body: EmailPreferencesPatch,
      response: { 200: EmailPreferences, ...errorResponses(400, 401) },
    },
    handler: async (request) => accounts.updateEmailPreferences(request.user!.id, request.body),
  });
}
