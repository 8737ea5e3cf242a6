import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { InvoiceSummary, OrderInvoiceParams, roles, UuidParams } from '@hls/contract';
import * as endpoints from '@hls/contract/endpoints';
import { errorResponses } from '../../plugins/error-responses.ts';

const sendPdf = (reply: FastifyReply, file: { filename: string; bytes: Uint8Array }) =>
  reply
    .header('content-disposition', `attachment; filename="${file.filename}"`)
    .header('cache-control', 'private, no-store')
    .type('application/pdf')
    .send(Buffer.from(file.bytes));

/**
 * Invoices and credit notes: the customer's of their own orders (another customer's is a 404), and any order's
 * in the back office (editors and admins).
 */
export default async function taxInvoiceRoutes(app: FastifyInstance) {
  const { tax } = app;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const anyRole = app.requireRole(...roles);
  const staff = app.requireRole('editor', 'admin');
  const security = [{ bearerAuth: [] }];

  api.get(endpoints.orderInvoices.path, {
    onRequest: anyRole,
    schema: {
      tags: ['orders'],
      security,
      summary: 'The invoice and credit notes of one of the customer’s orders (none for another’s order)',
      params: UuidParams,
      response: { 200: z.array(InvoiceSummary), ...errorResponses(400, 401, 403) },
    },
    handler: async (request) => tax.invoices.ofOrder(request.params.id, request.user!.id),
  });

  api.get(endpoints.orderInvoicePdf.path, {
    onRequest: anyRole,
    schema: {
      tags: ['orders'],
      security,
      summary: 'An invoice or credit note of one of the customer’s orders, as a PDF in the order’s language',
      params: OrderInvoiceParams,
      produces: ['application/pdf'],
      response: { 200: z.any().describe('the PDF file'), ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (request, reply) =>
      sendPdf(reply, await tax.invoices.pdf(request.params.id, request.params.invoiceId, request.user!.id)),
  });

  api.get(endpoints.adminOrderInvoices.path, {
    onRequest: staff,
    schema: {
      tags: ['back office'],
      security,
      summary: 'The invoice and credit notes of an order',
      params: UuidParams,
      response: { 200: z.array(InvoiceSummary), ...errorResponses(400, 401, 403) },
    },
    handler: async (request) => tax.invoices.ofOrder(request.params.id),
  });

  api.get(endpoints.adminOrderInvoicePdf.path, {
    onRequest: staff,
    schema: {
      tags: ['back office'],
      security,
      summary: 'An invoice or credit note of an order, as a PDF',
      params: OrderInvoiceParams,
      produces: ['application/pdf'],
      response: { 200: z.any().describe('the PDF file'), ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (request, reply) =>
      sendPdf(reply, await tax.invoices.pdf(request.params.id, request.params.invoiceId)),
  });
}
