import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { IdParams, roles, StockAlertBody, StockAlertState } from '@hls/contract';
import * as endpoints from '@hls/contract/endpoints';
import { errorResponses } from '../../plugins/error-responses.ts';

/** A user asks or cancels this many back-in-stock requests a minute at most. */
const WRITE_LIMIT = { max: 20, timeWindow: 60_000 };

/**
 * The signed-in user's back-in-stock request for a book's paper edition: always their own, found by the book, so
 * another user's request is never reachable.
 */
export default async function stockAlertRoutes(app: FastifyInstance) {
  const { alerts } = app.catalog;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const signedIn = app.requireRole(...roles);
  const tags = ['catalogue'];
  const security = [{ bearerAuth: [] }];
  const config = {
    rateLimit: { ...WRITE_LIMIT, keyGenerator: (request: FastifyRequest) => request.user?.id ?? request.ip },
  };

  api.get(endpoints.stockAlert.path, {
    onRequest: signedIn,
    schema: {
      tags,
      security,
      summary: 'Whether the user has an open back-in-stock request for a published paper book',
      params: IdParams,
      response: { 200: StockAlertState, ...errorResponses(400, 401, 404) },
    },
    handler: async (request) => alerts.state(request.user!.id, request.params.id),
  });

  api.post(endpoints.stockAlertCreate.path, {
    onRequest: signedIn,
    config,
    schema: {
      tags,
      security,
      summary:
        'Be told by one e-mail when a paper book out of stock is back (confirmed address; asking twice keeps one)',
      params: IdParams,
      body: StockAlertBody,
      response: { 200: StockAlertState, ...errorResponses(400, 401, 403, 404, 409, 429) },
    },
    handler: async (request) =>
      alerts.request(request.user!.id, request.params.id, request.body?.language ?? undefined),
  });

  api.delete(endpoints.stockAlertCancel.path, {
    onRequest: signedIn,
    config,
    schema: {
      tags,
      security,
      summary: 'Cancel the user’s back-in-stock request for a paper book (none open: nothing changes)',
      params: IdParams,
      response: { 200: StockAlertState, ...errorResponses(400, 401, 404, 429) },
    },
    handler: async (request) => alerts.cancel(request.user!.id, request.params.id),
  });
}
