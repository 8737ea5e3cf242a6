import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { RoyaltyRateBoard, RoyaltyRateBody, RoyaltyRateChange } from '@hls/contract';
import * as endpoints from '@hls/contract/endpoints';
import { errorResponses } from '../../plugins/error-responses.ts';

/** The admins' royalty rates: the board, and a new rate from a date on (never retroactive, never edited). */
export default async function routes(app: FastifyInstance) {
  const { rates } = app.royalties;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const admin = app.requireRole('admin');
  const tags = ['admin royalties'];
  const security = [{ bearerAuth: [] }];

  api.get(endpoints.royaltyRates.path, {
    onRequest: admin,
    schema: {
      tags,
      security,
      summary:
        'Royalty rates per format: in effect now, the settings’ defaults, every change (scheduled first)',
      response: { 200: RoyaltyRateBoard, ...errorResponses(401, 403) },
    },
    handler: async () => rates.board(),
  });

  api.post(endpoints.royaltyRateSchedule.path, {
    onRequest: admin,
    schema: {
      tags,
      security,
      summary:
        'A new royalty rate for a format from a date on (now when omitted): never in the past, never edited; sales keep the rate of their payment',
      body: RoyaltyRateBody,
      response: { 201: RoyaltyRateChange, ...errorResponses(400, 401, 403) },
    },
    handler: async (request, reply) => reply.code(201).send(await rates.add(request.body, request.user!.id)),
  });
}
