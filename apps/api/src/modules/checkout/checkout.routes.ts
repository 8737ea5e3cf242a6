import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CountryList,
  CreateOrderBody,
  Order,
  OrderAddressBody,
  OrderBillingBody,
  OrderPage,
  OrderPageQuery,
  roles,
  UuidParams,
  WithdrawBody,
} from '@hls/contract';
import * as endpoints from '@hls/contract/endpoints';
import { errorResponses } from '../../plugins/error-responses.ts';
import { requestLanguage } from '../../plugins/validation-messages.ts';

/** The customer's side of orders: create, address, list, detail, withdrawal; and the shippable countries. */
export default async function checkoutRoutes(app: FastifyInstance) {
  const { orders, checkout } = app;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const anyRole = app.requireRole(...roles);
  const tags = ['orders'];
  const security = [{ bearerAuth: [] }];

  api.post(endpoints.orderCreate.path, {
    onRequest: anyRole,
    schema: {
      tags,
      security,
      summary:
        'Create a pending order from cart lines, priced by the server (paper copies are held); 403 email_unconfirmed until the address is confirmed',
      body: CreateOrderBody,
      response: { 201: Order, ...errorResponses(400, 401, 403) },
    },
    handler: async (request, reply) => {
      const language = requestLanguage(request.query, request.headers['accept-language']);
      return reply.code(201).send(await orders.create(request.user!.id, language, request.body));
    },
  });

  api.post(endpoints.orderAddress.path, {
    onRequest: anyRole,
    schema: {
      tags,
      security,
      summary: 'Save the delivery address of a pending order holding paper books',
      body: OrderAddressBody,
      response: { 200: Order, ...errorResponses(400, 401, 403, 404, 409) },
    },
    handler: async (request) => orders.saveAddress(request.user!.id, request.body),
  });

  api.post(endpoints.orderBilling.path, {
    onRequest: anyRole,
    schema: {
      tags,
      security,
      summary:
        'Say where the buyer lives (and an EU business’s VAT number): the order is taxed at that country’s rates; 409 country_unconfirmed when the request comes from another country, until confirmed',
      body: OrderBillingBody,
      response: { 200: Order, ...errorResponses(400, 401, 403, 404, 409, 503) },
    },
    handler: async (request) => {
      const { orderId, country, vatNumber, confirmCountry } = request.body;
      const billing = await app.tax.decideBilling({ country, vatNumber, confirmCountry, ip: request.ip });
      return orders.saveBilling(request.user!.id, orderId, billing);
    },
  });

  api.get(endpoints.countries.path, {
    schema: {
      tags,
      summary: 'The countries paper books ship to, named in the request’s language and sorted by name',
      response: { 200: CountryList },
    },
    handler: async (request) =>
      orders.countries(requestLanguage(request.query, request.headers['accept-language'])),
  });

  api.get(endpoints.myOrders.path, {
    onRequest: anyRole,
    schema: {
      tags,
      security,
      summary: 'The customer’s orders, newest first, with lines, statuses, downloads and tracking',
      querystring: OrderPageQuery,
      response: { 200: OrderPage, ...errorResponses(400, 401, 403) },
    },
    handler: async (request) => checkout.customerOrders(request.user!.id, request.query.page),
  });

  api.get(endpoints.order.path, {
    onRequest: anyRole,
    schema: {
      tags,
      security,
      summary: 'One of the customer’s orders, with its history (another customer’s order is a 404)',
      params: UuidParams,
      response: { 200: Order, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (request) => checkout.customerOrder(request.user!.id, request.params.id),
  });

  api.post(endpoints.orderWithdraw.path, {
    onRequest: anyRole,
    schema: {
      tags,
      security,
      summary: 'Withdraw from the contract (paper books, from shipment until 14 days after delivery)',
      params: UuidParams,
      body: WithdrawBody.nullish(),
      response: { 200: Order, ...errorResponses(400, 401, 403, 404, 409) },
    },
    handler: async (request) => checkout.withdraw(request.user!.id, request.params.id, request.body?.lineIds),
  });
}
