import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BillingCountry, VatRate, VatRateBody, VatRateQuery } from '@hls/contract';
import * as endpoints from '@hls/contract/endpoints';
import { errorResponses } from '../../plugins/error-responses.ts';
import { requestLanguage } from '../../plugins/validation-messages.ts';

/** The billing step's countries, and the VAT rates' back office (admins). */
export default async function taxRoutes(app: FastifyInstance) {
  const { tax } = app;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const admin = app.requireRole('admin');
  const security = [{ bearerAuth: [] }];

  api.get(endpoints.billingCountries.path, {
    schema: {
      tags: ['orders'],
      summary: 'Every country a buyer may live in, named in the request’s language, EU members marked',
      response: { 200: z.array(BillingCountry) },
    },
    handler: async (request, reply) =>
      reply
        .header('cache-control', 'public, max-age=86400')
        .send(tax.billingCountries(requestLanguage(request.query, request.headers['accept-language']))),
  });

  api.get(endpoints.adminVatRates.path, {
    onRequest: admin,
    schema: {
      tags: ['tax'],
      security,
      summary: 'The VAT rates per country and category, each valid until the next one',
      querystring: VatRateQuery,
      response: { 200: z.array(VatRate), ...errorResponses(400, 401, 403) },
    },
    handler: async (request) => tax.rates.list(request.query.country),
  });

  api.post(endpoints.adminVatRateCreate.path, {
    onRequest: admin,
    schema: {
      tags: ['tax'],
      security,
      summary: 'A new VAT rate of a country and category from a day on (today or later); the older one stays',
      body: VatRateBody,
      response: { 201: VatRate, ...errorResponses(400, 401, 403) },
    },
    handler: async (request, reply) =>
      reply.code(201).send(await tax.rates.add(request.body, request.user!.id)),
  });
}
