import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AuthorPayments, RoyaltyReportQuery, StatementParams } from '@hls/contract';
import * as endpoints from '@hls/contract/endpoints';
import { parseLanguage } from '@hls/contract/language';
import { errorResponses } from '../../plugins/error-responses.ts';

/** `?lng=`: the language of the page a file is downloaded from (fr, fn or en); without it, the account's. */
const PageLanguage = z.object({
  lng: z.string().optional().describe('the page’s language (fr or en); the account’s when absent'),
});

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
      summary:
        'The detailed report as a CSV file (UTF-8 with BOM; every entry of the filters, newest first), headed in the page’s language (else the account’s)',
      querystring: RoyaltyReportQuery.omit({ page: true }).extend(PageLanguage.shape),
      produces: ['text/csv'],
      response: { 200: z.any().describe('the CSV file'), ...errorResponses(400, 401, 403) },
    },
    handler: async (request, reply) => {
      const { lng, ...filter } = request.query;
      const { filename, body } = await statements().csv(request.user!.id, filter, parseLanguage(lng));
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
      summary:
        'The monthly royalty statement (YYYY-MM) as a PDF, in the page’s language (else the account’s)',
      params: StatementParams,
      querystring: PageLanguage,
      produces: ['application/pdf'],
      response: { 200: z.any().describe('the PDF file'), ...errorResponses(400, 401, 403) },
    },
    handler: async (request, reply) => {
      const { filename, bytes } = await statements().statement(
        request.user!.id,
        request.params.month,
        parseLanguage(request.query.lng),
      );
      return reply
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'private, no-store')
        .type('application/pdf')
        .send(bytes);
    },
  });
}
