import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { mapError } from './error-mapping.ts';
import { createTranslator, requestLanguage } from './validation-messages.ts';

export type ErrorHandlerOptions = {
  localesDir: string;
  /** Answer GET and HEAD outside the API with a page of the web app (plugins/web-app.ts). */
  spaFallback: boolean;
};

/**
 * Paths that are never pages: the API, the translations, the built files (a missing script is a 404) and the
 * server render's build (never served).
 */
const notPages = /^\/(api|locales|assets|server)(\/|$|\?)/;

/**
 * One error handler for the whole API, JSON 404s under /api, and pages elsewhere: every GET or HEAD outside the
 * API gets the web app's page (its 404 page for an unknown path), whatever the request's Accept header says, as
 * curl, link-preview bots, uptime monitors and feed readers ask without naming text/html.
 */
export default fp(
  async function errorHandler(app: FastifyInstance, options: ErrorHandlerOptions) {
    const translatorFor = createTranslator(options.localesDir);

    app.setErrorHandler((error, request, reply) => {
      const translate = translatorFor(requestLanguage(request.query, request.headers['accept-language']));
      const mapped = mapError(error, translate);
      if (mapped.fault) request.log.error({ err: error }, 'request failed');
      else request.log.info({ code: mapped.body.error.code }, 'request refused');
      if (mapped.status === 429 && !reply.hasHeader('retry-after'))
        reply.header('retry-after', String(mapped.body.error.retryAfter ?? 60));
      if (mapped.status === 503 && !reply.hasHeader('retry-after')) reply.header('retry-after', '5');
      return reply.code(mapped.status).type('application/json').send(mapped.body);
    });

    app.setNotFoundHandler((request, reply) => {
      const wantsPage =
        options.spaFallback &&
        (request.method === 'GET' || request.method === 'HEAD') &&
        !notPages.test(request.url);
      if (wantsPage) return app.sendWebPage(request, reply);
      return reply.code(404).send({ error: { code: 'not_found', message: 'Not found.' } });
    });
  },
  { name: 'error-handler' },
);
