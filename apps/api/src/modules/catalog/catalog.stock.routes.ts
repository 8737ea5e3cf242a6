import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  StockAdjustBody,
  StockEditionParams,
  StockHistory,
  StockList,
  StockQuery,
  StockRow,
} from '@hls/contract';
import * as endpoints from '@hls/contract/endpoints';
import { errorResponses } from '../../plugins/error-responses.ts';

/** The back office's paper stock (editors and admins): the list, a change by hand with its reason, the history. */
export default async function stockRoutes(app: FastifyInstance) {
  const { stock } = app.catalog;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const staff = app.requireRole('editor', 'admin');
  const tags = ['catalog'];
  const security = [{ bearerAuth: [] }];

  api.get(endpoints.adminStock.path, {
    onRequest: staff,
    schema: {
      tags,
      security,
      summary:
        'The paper editions with their copies in stock, the lowest first (low=true: only the low ones)',
      querystring: StockQuery,
      response: { 200: StockList, ...errorResponses(400, 401, 403) },
    },
    handler: async (request) => stock.list(request.query),
  });

  api.get(endpoints.adminStockHistory.path, {
    onRequest: staff,
    schema: {
      tags,
      security,
      summary: 'A paper edition’s stock and its changes by hand, newest first',
      params: StockEditionParams,
      response: { 200: StockHistory, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (request) => stock.history(request.params.editionId),
  });

  api.post(endpoints.adminStockAdjust.path, {
    onRequest: staff,
    schema: {
      tags,
      security,
      summary: 'Set the copies in stock of a paper edition, with the reason (kept as history)',
      params: StockEditionParams,
      body: StockAdjustBody,
      response: { 200: StockRow, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (request) => stock.adjust(request.params.editionId, request.body, request.user!.id),
  });
}
