import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { BankDetails, BankDetailsBody, BankDetailsResponse, roles } from '@hls/contract';
import * as endpoints from '@hls/contract/endpoints';
import { AppError } from '../../plugins/app-error.ts';
import { errorResponses } from '../../plugins/error-responses.ts';

/** Saves and changes per author and window: enough for typos, not for probing IBANs. */
const WRITE_LIMIT = { max: 10, timeWindow: 15 * 60_000 };

/**
 * The author's own bank details (SPEC §7). No route names an owner: each reads or writes the details of the
 * token's user, so no author can reach another's. Any other role is refused, and the refusal audited and logged.
 */
export default async function bankRoutes(app: FastifyInstance) {
  const { bank } = app.royalties;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const anyRole = app.requireRole(...roles);
  const tags = ['royalties'];
  const security = [{ bearerAuth: [] }];
  const routeOf = (request: FastifyRequest) => `${request.method} ${request.routeOptions.url ?? request.url}`;

  // Before the body is read: a guest gets 401 and another role 403, whatever they sent.
  const authorOnly: onRequestAsyncHookHandler = async function (request, reply) {
    await anyRole.call(this, request, reply);
    const user = request.user!;
    if (user.role !== 'author') {
      await bank.refused(user.id, user.role, routeOf(request), request.ip);
      throw new AppError('forbidden', 'Only authors have bank details.');
    }
  };
  const requestInfo = (request: FastifyRequest) => ({ route: routeOf(request), ip: request.ip });
  const limited = {
    rateLimit: { ...WRITE_LIMIT, keyGenerator: (request: FastifyRequest) => request.user?.id ?? request.ip },
  };

  api.get(endpoints.bankDetails.path, {
    onRequest: authorOnly,
    schema: {
      tags,
      security,
      summary: 'The author’s bank details, the IBAN masked; null when none are saved',
      response: { 200: BankDetailsResponse, ...errorResponses(401, 403) },
    },
    handler: async (request) => bank.get(request.user!.id),
  });

  api.post(endpoints.bankDetailsCreate.path, {
    onRequest: authorOnly,
    config: limited,
    schema: {
      tags,
      security,
      summary:
        'Saves the author’s bank details (IBAN and BIC checked, the IBAN encrypted); 409 when saved already. E-mails the author.',
      body: BankDetailsBody,
      response: { 201: BankDetails, ...errorResponses(400, 401, 403, 409, 429) },
    },
    handler: async (request, reply) =>
      reply.code(201).send(await bank.save(request.user!, request.body, 'create', requestInfo(request))),
  });

  api.put(endpoints.bankDetailsUpdate.path, {
    onRequest: authorOnly,
    config: limited,
    schema: {
      tags,
      security,
      summary: 'Replaces the author’s bank details; 404 when none are saved. E-mails the author.',
      body: BankDetailsBody,
      response: { 200: BankDetails, ...errorResponses(400, 401, 403, 404, 429) },
    },
    handler: async (request) => bank.save(request.user!, request.body, 'update', requestInfo(request)),
  });
}
