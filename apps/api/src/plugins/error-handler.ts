import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { mapError } from './error-mapping.ts';
import { createTranslator, requestLanguage } from './validation-messages.ts';

export type ErrorHandlerOptions = {
  localesDir: string;
  /** Answer unknown GET paths that accept HTML with a page of the web app (plugins/web-app.ts). */
  spaFallback: boolean;
};

const apiPath = /^\/(api|locales)(\/|$|\?)/;

/** One error handler for the whole API, JSON 404s under /api, and the single-page app's fallback elsewhere. */
export default fp(
  async function errorHandler(app: FastifyInstance, options: ErrorHandlerOptions) {
    const translatorFor = createTranslator(options.localesDir);

    app.setErrorHandler((error, request, reply) => {
      const translate = translatorFor(requestLanguage(request.query, request.headers['accept-language']));
      const mapped = mapError(error, translate);
      if (mapped.fault) request.log.error({ err: error }, 'request failed');
      else request.log.info({ code: mapped.body.error.code }, 'request refused');
      if (mapped.status === 429 && !reply.hasHeader('retry-after')) reply.header('retry-after', '60');
      return reply.code(mapped.status).type('application/json').send(mapped.body);
    });

    app.setNotFoundHandler((request, reply) => {
      const wantsPage =
        options.spaFallback &&
        (request.method === 'GET' || request.method === 'HEAD') &&
        !apiPath.test(request.url) &&
        (request.headers.accept ?? '').includes('text/html');
      if (wantsPage) return app.sendWebPage(request, reply);
      return reply.code(404).send({ error: { code: 'not_found', message: 'Not found.' } });
    });
  },
  { name: 'error-handler' },
);
