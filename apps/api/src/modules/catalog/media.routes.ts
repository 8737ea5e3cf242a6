import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { roles } from '@hls/contract';
import * as endpoints from '@hls/contract/endpoints';
import { AppError } from '../../plugins/app-error.ts';
import { errorResponses } from '../../plugins/error-responses.ts';
import { isValidStorageKey } from '../storage/index.ts';
import type { MediaAccessReads } from './catalog.media.ts';

/**
 * Only cover images and the samples of paid PDFs (their first pages, cut at publication) come through here, and
 * only those of published products are public: an unpublished product's go to its author, editors and admins
 * (with their access token), never to a cache. Downloadable files go through signed download tokens.
 */
const COVER_PREFIX = 'covers/';
const SAMPLE_PREFIX = 'samples/';
const imageTypes = new Set([
  'image/webp',
  'image/png',
  'image/jpeg',
  'image/avif',
  'image/gif',
  'image/svg+xml',
]);
/** Cover keys change when the image changes, so browsers and CDNs may keep them a long time. */
const CACHE_CONTROL = 'public, max-age=2592000, stale-while-revalidate=86400';
const PRIVATE_CACHE_CONTROL = 'private, no-store';

export default async function mediaRoutes(app: FastifyInstance, options: { media: MediaAccessReads }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const anyone = app.requireRole(...roles);

  api.get(endpoints.media.path, {
    schema: {
      tags: ['catalogue'],
      summary:
        'A cover image (keys under covers/) or a PDF sample (samples/, inline); ETag and long cache. An ' +
        'unpublished product’s only with the token of its author, an editor or an admin (not cached)',
      params: z.object({ '*': z.string() }),
      security: [{}, { bearerAuth: [] }],
      response: {
        200: z.any().describe('the image or PDF bytes'),
        304: z.null(),
        ...errorResponses(401, 404),
      },
    },
    handler: async (request, reply) => {
      const key = request.params['*'];
      const notFound = () => new AppError('not_found', 'No such image.');
      const sample = key.startsWith(SAMPLE_PREFIX);
      if ((!key.startsWith(COVER_PREFIX) && !sample) || !isValidStorageKey(key)) throw notFound();
      const access = await options.media.access(key);
      const published = access?.published === true;
      if (!published) {
        // Not published: a visitor learns nothing, not even that the file exists.
        if (!request.headers.authorization) throw notFound();
        await anyone.call(app, request, reply);
        const user = request.user!;
        const author = access?.published === false && access.authorIds.includes(user.id);
        if (!author && user.role !== 'editor' && user.role !== 'admin') throw notFound();
      }
      const object = await app.storage.stat(key);
      if (!object || !(sample ? object.mime === 'application/pdf' : imageTypes.has(object.mime))) {
        throw notFound();
      }

      const etag = `"${object.sha256}"`;
      reply
        .header('etag', etag)
        .header('cache-control', published ? CACHE_CONTROL : PRIVATE_CACHE_CONTROL)
        .header('last-modified', object.modifiedAt.toUTCString());
      const ifNoneMatch = request.headers['if-none-match'];
      if (ifNoneMatch && ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) {
        return reply.code(304).send(null);
      }
      // SVG could carry scripts: never let it run as a document of this origin.
      if (object.mime === 'image/svg+xml')
        reply.header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox");
      // A sample opens in the browser's PDF viewer, under a name of its own.
      if (sample) reply.header('content-disposition', 'inline; filename="sample.pdf"');
      return reply
        .type(object.mime)
        .header('content-length', object.sizeBytes)
        .send(await app.storage.createReadStream(key));
    },
  });
}
