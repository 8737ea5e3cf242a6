import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { AppError } from './app-error.ts';

/** How much of a multipart form a route reads into `request.body`. */
export type FormLimits = {
  /** Text parts (one per field of the body schema); a file part is refused. */
  fields: number;
  /** Bytes of the longest part's value. */
  fieldBytes: number;
};

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * `'stream'`: this route reads its multipart body itself, as a stream (`request.parts()`, through
     * `app.uploads.receiveMultipart`); the form parser below leaves it alone and `request.body` stays unset
     * (so the route declares no body schema). Routes without it get their multipart fields as `request.body`.
     */
    multipart?: 'stream';
    /**
     * The limits of a route whose schema `consumes` multipart forms; worked out from its body schema when the
     * route is added (see `formLimits`), unless the route gives its own.
     */
    multipartForm?: FormLimits;
  }
}

const MULTIPART_FORM = 'multipart/form-data';
/** Any multipart type: only the routes that take multipart forms read one. */
const MULTIPART = /^\s*multipart\//i;
/** A text the schema does not bound, a number, an enum, a flag. */
const UNBOUNDED_FIELD_BYTES = 1024;
/** A part's boundary line and headers. */
const PART_OVERHEAD_BYTES = 256;
/** The text parts of a streamed upload (a proposal's fields: a description is at most 5,000 characters). */
const STREAM_FIELD_BYTES = 64 * 1024;

/**
 * A form route's limits, from its zod body schema: one part per property, and room for the longest text a
 * property accepts (3 bytes of UTF-8 per UTF-16 unit). A body that is not a zod object gets one small field.
 */
export function formLimits(body: unknown): FormLimits {
  let properties: Record<string, { maxLength?: number }> = {};
  if (body instanceof z.ZodType) {
    const json = z.toJSONSchema(body, { io: 'input', unrepresentable: 'any' }) as {
      properties?: Record<string, { maxLength?: number }>;
    };
    properties = json.properties ?? {};
  }
  const sizes = Object.values(properties).map((property) =>
    Math.max(UNBOUNDED_FIELD_BYTES, (property.maxLength ?? 0) * 3),
  );
  return { fields: Math.max(1, sizes.length), fieldBytes: Math.max(UNBOUNDED_FIELD_BYTES, ...sizes) };
}

function takesMultipart(route: Pick<RouteOptions, 'schema' | 'config'>): boolean {
  const consumes = (route.schema as { consumes?: unknown } | undefined)?.consumes;
  return (
    route.config?.multipart === 'stream' || (Array.isArray(consumes) && consumes.includes(MULTIPART_FORM))
  );
}

const tooLarge = (fields?: Record<string, string>) =>
  new AppError('payload_too_large', 'The request is too large.', fields);

/**
 * JSON (built in), urlencoded and multipart forms all end up as `request.body`, validated by the same schema.
 *
 * Multipart is read only by the routes that say they take it (`consumes` in their schema, or
 * `config.multipart: 'stream'`): any other route answers a multipart request 415 before reading its body. A form
 * route reads at most its `multipartForm` limits (413 past them, at once when the declared length is over);
 * its parts land in `request.body` as `{ name: value }` (a repeated name gives an array), as
 * @fastify/multipart's `attachFieldsToBody: 'keyValues'` would: that option cannot be turned off per route, and
 * its hook would read every upload before the handler runs. Streaming routes read their own parts.
 */
export default fp(
  async function bodyParsers(app: FastifyInstance, options: { bodyLimit: number }) {
    await app.register(formbody, { bodyLimit: options.bodyLimit });
    // Defaults of the streaming routes' text parts; `receiveMultipart` sets their files and counts.
    await app.register(multipart, {
      limits: { fieldSize: STREAM_FIELD_BYTES, fields: 30, files: 0, parts: 30 },
    });

    app.addHook('onRoute', (route) => {
      if (!takesMultipart(route) || route.config?.multipart === 'stream' || route.config?.multipartForm)
        return;
      route.config = { ...route.config, multipartForm: formLimits(route.schema?.body) };
    });

    app.addHook('onRequest', async (request: FastifyRequest) => {
      if (request.method === 'GET' || request.method === 'HEAD' || request.is404) return;
      if (!MULTIPART.test(request.headers['content-type'] ?? '')) return;
      const { config } = request.routeOptions;
      if (config.multipart === 'stream') return;
      if (!config.multipartForm) {
        throw new AppError('unsupported_media_type', 'This address does not take multipart forms.');
      }
      const { fields, fieldBytes } = config.multipartForm;
      const declared = Number(request.headers['content-length'] ?? 0);
      if (declared > fields * (fieldBytes + PART_OVERHEAD_BYTES) + PART_OVERHEAD_BYTES) throw tooLarge();
    });

    app.addHook('preValidation', async (request) => {
      const limits = request.routeOptions.config.multipartForm;
      if (!request.isMultipart() || !limits) return;
      const body: Record<string, unknown> = {};
      const parts = request.parts({
        limits: { fields: limits.fields, fieldSize: limits.fieldBytes, files: 0, parts: limits.fields },
      });
      for await (const part of parts) {
        if (part.type === 'file') throw tooLarge({ [part.fieldname]: 'generic.tooLong' });
        if (part.valueTruncated) throw tooLarge({ [part.fieldname]: 'generic.tooLong' });
        const previous = body[part.fieldname];
        if (previous === undefined) body[part.fieldname] = part.value;
        else if (Array.isArray(previous)) previous.push(part.value);
        else body[part.fieldname] = [previous, part.value];
      }
      request.body = body;
    });
  },
  { name: 'body-parsers' },
);
