import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ContactReceipt, ContactRequest, roles } from '@hls/contract';
import * as endpoints from '@hls/contract/endpoints';
import { AppError } from '../../plugins/app-error.ts';
import { errorResponses } from '../../plugins/error-responses.ts';
import { requestLanguage } from '../../plugins/validation-messages.ts';

export type ContactRoutesOptions = { rateLimit: { max: number; timeWindow: number } };

export default async function contactRoutes(app: FastifyInstance, options: ContactRoutesOptions) {
  const signedIn = app.requireRole(...roles);

  /** Whether the sender is signed in and `email` is the confirmed address of their account. */
  async function ownConfirmedAddress(
    request: FastifyRequest,
    reply: FastifyReply,
    email: string,
  ): Promise<boolean> {
    if (!request.headers.authorization) return false;
    try {
      await signedIn.call(app, request, reply);
    } catch (error) {
      // A stale token: the message still reaches the team, as a guest's.
      if (error instanceof AppError) return false;
      throw error;
    }
    const user = await app.accounts.getUser(request.user!.id);
    return user.emailConfirmed && user.email.toLowerCase() === email.trim().toLowerCase();
  }

  app.withTypeProvider<ZodTypeProvider>().post(endpoints.contact.path, {
    config: { rateLimit: options.rateLimit },
    schema: {
      tags: ['site'],
      summary:
        'Send a message to the team (stored, e-mailed to the team); acknowledged by e-mail only to the confirmed address of the signed-in sender',
      security: [{}, { bearerAuth: [] }],
      consumes: ['application/json', 'application/x-www-form-urlencoded', 'multipart/form-data'],
      body: ContactRequest,
      response: { 201: ContactReceipt, ...errorResponses(400, 429) },
    },
    handler: async (request, reply) => {
      const language = requestLanguage(request.query, request.headers['accept-language']);
      const { id } = await app.contact.submit(
        { ...request.body, language },
        { acknowledge: await ownConfirmedAddress(request, reply, request.body.email) },
      );
      return reply.code(201).send({ id });
    },
  });
}
