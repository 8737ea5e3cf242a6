import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * `'stream'`: this route reads its multipart body itself, as a stream (`request.parts()`, through
     * `app.uploads.receiveMultipart`); the form parser below leaves it alone and `request.body` stays unset
     * (so the route declares no body schema). Routes without it get their multipart fields as `request.body`.
     */
    multipart?: 'stream';
  }
}

/**
 * JSON (built in), urlencoded and multipart forms all end up as `request.body`, validated by the same schema.
 *
 * Multipart forms are read here into `{ name: value }` (a repeated name gives an array, a file part its bytes),
 * as @fastify/multipart's `attachFieldsToBody: 'keyValues'` does. That option cannot be turned off per route:
 * its hook would read (and buffer) every upload before the handler runs. Routes marked
 * `config: { multipart: 'stream' }` are skipped and stream their files to storage instead.
 */
export default fp(
  async function bodyParsers(app: FastifyInstance, options: { bodyLimit: number }) {
    await app.register(formbody, { bodyLimit: options.bodyLimit });
    await app.register(multipart, {
      limits: { fieldSize: options.bodyLimit, fileSize: options.bodyLimit, fields: 50, files: 5 },
    });
    app.addHook('preValidation', async (request) => {
      if (!request.isMultipart() || request.routeOptions.config.multipart === 'stream') return;
      const body: Record<string, unknown> = {};
      for await (const part of request.parts()) {
        const value = part.type === 'file' ? await part.toBuffer() : part.value;
        const previous = body[part.fieldname];
        if (previous === undefined) body[part.fieldname] = value;
        else if (Array.isArray(previous)) previous.push(value);
        else body[part.fieldname] = [previous, value];
      }
      request.body = body;
    });
  },
  { name: 'body-parsers' },
);
