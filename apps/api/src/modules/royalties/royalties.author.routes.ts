import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AuthorPayments, RoyaltyReportQuery, StatementParams } from '@hls/contract';
import * as endpoints from '@hls/contract/endpoints';
import { errorResponses } from '../../plugins/error-responses.ts';

/** The author's Paid Products: their own entries only (the token's user; no id in the routes), authors only. */
export default async function authorRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['royalties'];
  const security = [{ bearerAuth: [] }];
  const author = app.requireRole('author');
  const statements = () => app.royalties.statements;

  api.get(endpoints.authorPayments.path, {
    onRequest: author,
    schema: {
      tags,
      security,
      summary:
        'The author’s royalties: totals, per product and format, payouts, monthly earnings, the detailed report (50 a page, newest first), the terms',
      querystring: RoyaltyReportQuery,
      response: { 200: AuthorPayments, ...errorResponses(400, 401, 403) },
    },
    handler: async (request) => statements().authorPayments(request.user!.id, request.query),
  });

  api.get(endpoints.authorPaymentsCsv.path, {
    onRequest: author,
    schema: {
      tags,
      security,
      summary: 'The detailed report as a CSV file (UTF-8 with BOM; every entry of the filters, newest first)',
      querystring: RoyaltyReportQuery.omit({ page: true }),
      produces: ['text/csv'],
      response: { 200: z.any().describe('the CSV file'), ...errorResponses(400, 401, 403) },
    },
    handler: async (request, reply) => {
      const { filename, body } = await statements().csv(request.user!.id, request.query);
      return reply
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'private, no-store')
        .type('text/csv; charset=utf-8')
        .send(body);
    },
  });

  api.get(endpoints.royaltyStatement.path, {
    onRequest: author,
    schema: {
      tags,
      security,
      summary: 'The monthly royalty statement (YYYY-MM) as a PDF, in the author’s language',
      params: StatementParams,
      produces: ['application/pdf'],
      response: { 200: z.any().describe('the PDF file'), ...errorResponses(400, 401, 403) },
    },
    handler: async (request, reply) => {
      const { filename, bytes } = await statements().statement(request.user!.id, request.params.month);
      return reply
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'private, no-store')
        .type('application/pdf')
        .send(bytes);
    },
  });
}
