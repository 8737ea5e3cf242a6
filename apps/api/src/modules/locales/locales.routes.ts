import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { parseLanguage } from '@hls/contract/language';
import { loadNamespace, type Translations } from '@hls/locales';
import { AppError } from '../../plugins/app-error.ts';
import { errorResponses } from '../../plugins/error-responses.ts';

const Params = z.object({ lng: z.string(), file: z.string() });

export default async function localesRoutes(app: FastifyInstance, options: { localesDir: string }) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get('/locales/:lng/:file', {
    schema: {
      tags: ['locales'],
      summary: 'Translations of one namespace, e.g. /locales/fr/common.json (fn = fr)',
      params: Params,
      response: { 200: z.record(z.string(), z.unknown()), ...errorResponses(404) },
    },
    handler: async (request, reply) => {
      // The contract's rule: `fn` (the spec's code for French) and regional codes name a folder we have.
      const dir = parseLanguage(request.params.lng);
      const namespace = /^([a-z][a-z_-]{0,63})\.json$/.exec(request.params.file)?.[1];
      const notFound = new AppError('not_found', 'No such translation file.');
      if (!dir || !namespace) throw notFound;
      let content: Translations;
      try {
        content = await loadNamespace(dir, namespace, options.localesDir);
      } catch {
        throw notFound;
      }
      return reply
        .header('cache-control', 'public, max-age=300')
        .header('content-language', dir)
        .send(content);
    },
  });

  // The spec defines the add-missing path but never uses it: keys are added to the files in the repository.
  api.post('/locales/add/:lng/:ns', {
    schema: { tags: ['locales'], summary: 'Accepted and ignored', hide: true, response: { 204: z.null() } },
    handler: async (_request, reply) => reply.code(204).send(null),
  });
}
