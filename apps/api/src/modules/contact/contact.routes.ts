import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ContactReceipt, ContactRequest } from '@hls/contract';
import { errorResponses } from '../../plugins/error-responses.ts';
import { requestLanguage } from '../../plugins/validation-messages.ts';

export type ContactRoutesOptions = { rateLimit: { max: number; timeWindow: number } };

export default async function contactRoutes(app: FastifyInstance, options: ContactRoutesOptions) {
  app.withTypeProvider<ZodTypeProvider>().post('/contact', {
    config: { rateLimit: options.rateLimit },
    schema: {
      tags: ['site'],
      summary: 'Send a message to the team (stored, e-mailed to the team, acknowledged to the sender)',
      consumes: ['application/json', 'application/x-www-form-urlencoded', 'multipart/form-data'],
      body: ContactRequest,
      response: { 201: ContactReceipt, ...errorResponses(400, 429) },
    },
    handler: async (request, reply) => {
      const language = requestLanguage(request.query, request.headers['accept-language']);
      const { id } = await app.contact.submit({ ...request.body, language });
      return reply.code(201).send({ id });
    },
  });
}
