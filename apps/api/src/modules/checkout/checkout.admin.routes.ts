import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AdminOrder, AdminOrderPage, AdminOrderQuery, ShipBody, UuidParams } from '@hls/contract';
import * as endpoints from '@hls/contract/endpoints';
import { errorResponses } from '../../plugins/error-responses.ts';

/** The back office's orders (editors and admins): list, detail, shipment, delivery. */
export default async function checkoutAdminRoutes(app: FastifyInstance) {
  const { orders, checkout } = app;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const staff = app.requireRole('editor', 'admin');
  const tags = ['back office'];
  const security = [{ bearerAuth: [] }];

  api.get(endpoints.adminOrders.path, {
    onRequest: staff,
    schema: {
      tags,
      security,
      summary: 'Orders, newest first, filtered by status, creation dates, customer or number, withdrawals',
      querystring: AdminOrderQuery,
      response: { 200: AdminOrderPage, ...errorResponses(400, 401, 403) },
    },
    handler: async (request) => orders.adminList(request.query),
  });

  api.get(endpoints.adminOrder.path, {
    onRequest: staff,
    schema: {
      tags,
      security,
      summary: 'An order with its customer, history, payment and refunds',
      params: UuidParams,
      response: { 200: AdminOrder, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (request) => checkout.adminOrder(request.params.id),
  });

  api.post(endpoints.adminOrderShip.path, {
    onRequest: staff,
    schema: {
      tags,
      security,
      summary: 'Mark a paid paper order shipped (carrier, tracking number); the customer is e-mailed',
      params: UuidParams,
      body: ShipBody,
      response: { 200: AdminOrder, ...errorResponses(400, 401, 403, 404, 409) },
    },
    handler: async (request) => checkout.ship(request.user!.id, request.params.id, request.body),
  });

  api.post(endpoints.adminOrderDeliver.path, {
    onRequest: staff,
    schema: {
      tags,
      security,
      summary:
        'Mark a shipped order delivered: the 14-day withdrawal period starts; the customer is e-mailed',
      params: UuidParams,
      response: { 200: AdminOrder, ...errorResponses(400, 401, 403, 404, 409) },
    },
    handler: async (request) => checkout.deliver(request.user!.id, request.params.id),
  });
}
