import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  PageQuery,
  PayoutDueList,
  PayoutRun,
  PayoutRunBody,
  PayoutRunList,
  PayoutRunParams,
} from '@hls/contract';
import * as endpoints from '@hls/contract/endpoints';
import { errorResponses } from '../../plugins/error-responses.ts';
import { contentDisposition } from '../downloads/index.ts';

/** The admins' payouts: who is due, the runs that pay them, and each run's SEPA transfer file. */
export default async function payoutRoutes(app: FastifyInstance) {
  const { payouts } = app.royalties;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const admin = app.requireRole('admin');
  const tags = ['back office'];
  const security = [{ bearerAuth: [] }];

  api.get(endpoints.payoutsDue.path, {
    onRequest: admin,
    schema: {
      tags,
      security,
      summary:
        'Every author with unpaid royalties: available and pending balances, bank details saved, payable by the next run',
      response: { 200: PayoutDueList, ...errorResponses(401, 403) },
    },
    handler: async () => payouts.due(),
  });

  api.post(endpoints.payoutRunCreate.path, {
    onRequest: admin,
    schema: {
      tags,
      security,
      summary:
        'Pay the payable authors (or those named) their available balance: one payout each, entries marked paid, authors e-mailed; 409 when nothing is payable',
      body: PayoutRunBody,
      response: { 201: PayoutRun, ...errorResponses(400, 401, 403, 409) },
    },
    handler: async (request, reply) => {
      const run = await payouts.run(request.user!.id, request.body);
      return reply.status(201).send(run);
    },
  });

  api.get(endpoints.payoutRuns.path, {
    onRequest: admin,
    schema: {
      tags,
      security,
      summary: 'Payout runs, newest first',
      querystring: PageQuery,
      response: { 200: PayoutRunList, ...errorResponses(400, 401, 403) },
    },
    handler: async (request) => payouts.runs(request.query.page),
  });

  api.get(endpoints.payoutRun.path, {
    onRequest: admin,
    schema: {
      tags,
      security,
      summary: 'A payout run with its payouts',
      params: PayoutRunParams,
      response: { 200: PayoutRun, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (request) => payouts.getRun(request.params.id),
  });

  api.get(endpoints.payoutRunTransferFile.path, {
    onRequest: admin,
    schema: {
      tags,
      security,
      summary:
        "The run's SEPA credit transfer file (pain.001.001.09) to upload to the bank; each IBAN decrypted is audited",
      params: PayoutRunParams,
      produces: ['application/xml'],
      response: {
        200: z.string().describe('the pain.001.001.09 XML file'),
        ...errorResponses(400, 401, 403, 404),
      },
    },
    handler: async (request, reply) => {
      const file = await payouts.transferFile(request.params.id, request.user!.id);
      return reply
        .header('content-type', 'application/xml; charset=utf-8')
        .header('content-disposition', contentDisposition(file.fileName))
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(file.xml);
    },
  });
}
