import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { OssReport, OssReportQuery } from '@hls/contract';
import * as endpoints from '@hls/contract/endpoints';
import { errorResponses } from '../../plugins/error-responses.ts';

/**
 * The quarter's OSS report (admins): the tax module adds up its invoices and credit notes, checked against what
 * the orders took and gave back in the quarter (the orders' side is counted here, where both modules are known).
 */
export default async function checkoutOssRoutes(app: FastifyInstance) {
  const { tax, orders } = app;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const admin = app.requireRole('admin');
  const ordersTaken = (from: Date, to: Date) => orders.takenBetween(from, to);

  api.get(endpoints.adminOssReport.path, {
    onRequest: admin,
    schema: {
      tags: ['tax'],
      security: [{ bearerAuth: [] }],
      summary:
        'The OSS return of a quarter: per scheme (OSS, IOSS), member state and rate, the taxable amount and VAT of the invoices less the credit notes, checked against the orders; `format=csv` for the CSV file',
      querystring: OssReportQuery,
      produces: ['application/json', 'text/csv'],
      response: { 200: OssReport.or(z.string().describe('CSV')), ...errorResponses(400, 401, 403) },
    },
    handler: async (request, reply) => {
      const { quarter, format } = request.query;
      if (format !== 'csv') return tax.oss.report(quarter, ordersTaken);
      const file = await tax.oss.csv(quarter, ordersTaken);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .header('cache-control', 'private, no-store')
        .send(file.csv);
    },
  });
}
