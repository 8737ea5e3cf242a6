import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** JSON (built in), urlencoded and multipart forms all end up as `request.body`, validated by the same schema. */
export default fp(
  async function bodyParsers(app: FastifyInstance, options: { bodyLimit: number }) {
    await app.register(formbody, { bodyLimit: options.bodyLimit });
    await app.register(multipart, {
      attachFieldsToBody: 'keyValues',
      limits: { fieldSize: options.bodyLimit, fileSize: options.bodyLimit, fields: 50, files: 5 },
    });
  },
  { name: 'body-parsers' },
);
