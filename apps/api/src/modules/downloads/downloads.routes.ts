import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DownloadLink, DownloadQuery, IdParams, ResendLinksBody, roles, Uuid } from '@hls/contract';
import * as endpoints from '@hls/contract/endpoints';
import {
  DownloadLinkBody,
  VersionedDownloadList,
  VersionEmailsOffBody,
  VersionEmailsOffResponse,
} from '@hls/contract/file-versions';
import { errorResponses } from '../../plugins/error-responses.ts';
import { sendStoredObject } from '../storage/index.ts';
import { contentDisposition, resolveRange } from './http-range.ts';

/** "Send me my links again" at most this often per user (each sends an e-mail). */
const RESEND_LIMIT = { max: 5, timeWindow: 15 * 60_000 };

/** The customer's downloads, their links, free academic files, and the file behind a link. */
export default async function downloadsRoutes(app: FastifyInstance) {
  const { downloads, storage } = app;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const anyRole = app.requireRole(...roles);
  const tags = ['downloads'];
  const security = [{ bearerAuth: [] }];

  api.get(endpoints.downloads.path, {
    onRequest: anyRole,
    schema: {
      tags,
      security,
      summary:
        'The user’s downloads, newest first: of one order, or all of them; each with its current version and the earlier ones the user keeps',
      querystring: DownloadQuery,
      response: { 200: VersionedDownloadList, ...errorResponses(400, 401) },
    },
    handler: async (request) => ({ results: await downloads.list(request.user!.id, request.query.order) }),
  });

  api.post(endpoints.downloadLink.path, {
    onRequest: anyRole,
    schema: {
      tags,
      security,
      summary:
        'A short-lived link to one of the user’s downloads, its current version or an earlier one they keep (`version`), working while this session lasts (409 while the stamped copy is being made)',
      params: z.object({ entitlementId: Uuid }),
      body: DownloadLinkBody.nullish(),
      response: { 200: DownloadLink, ...errorResponses(400, 401, 404, 409) },
    },
    handler: async (request) => {
      const user = request.user!;
      return downloads.link(user.id, request.params.entitlementId, user.sessionId, request.body?.version);
    },
  });

  api.post(endpoints.versionEmailsOff.path, {
    config: { rateLimit: { max: 20, timeWindow: 60_000 } },
    schema: {
      tags,
      summary:
        'The one-click opt-out of a new-version e-mail: no more e-mails about new versions of what the user bought (no login; the link’s token names the user)',
      body: VersionEmailsOffBody,
      response: { 200: VersionEmailsOffResponse, ...errorResponses(400, 429) },
    },
    handler: async (request) => downloads.versionEmailsOff(request.body.token),
  });

  api.post(endpoints.downloadsResend.path, {
    onRequest: anyRole,
    config: { rateLimit: { ...RESEND_LIMIT, keyGenerator: (request) => request.user?.id ?? request.ip } },
    schema: {
      tags,
      security,
      summary:
        'E-mails fresh links (valid 24 hours, bound to no session) to the user’s downloads, of one order or all',
      body: ResendLinksBody,
      response: { 202: z.object({ sent: z.number().int() }), ...errorResponses(400, 401, 429) },
    },
    handler: async (request, reply) => {
      const sent = await downloads.resend(request.user!.id, request.body.orderId);
      return reply.code(202).send({ sent });
    },
  });

  api.post(endpoints.freeFileDownload.path, {
    onRequest: anyRole,
    schema: {
      tags,
      security,
      summary:
        'Download a free academic file: the user’s entitlement (made once) and a short-lived link, working while this session lasts',
      params: IdParams,
      response: { 200: DownloadLink, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (request) => {
      const user = request.user!;
      return downloads.free(user.id, request.params.id, user.sessionId);
    },
  });

  // Untyped replies: the body is the file (or a piece of it), not JSON.
  app.route<{ Params: { token: string } }>({
    method: ['GET', 'HEAD'],
    url: endpoints.downloadFile.path,
    exposeHeadRoute: false,
    // Bytes go out as stored: ranges of a compressed body would not be ranges of the file.
    compress: false,
    schema: {
      tags,
      summary:
        'The file behind a download link (Range, If-Range, strong ETag); the entitlement, and the session of a link made on the site, are checked at each request',
      params: z.object({ token: z.string().min(1).max(2048) }),
      response: { ...errorResponses(403, 404, 409) },
    },
    handler: async (request, reply) => {
      const file = await downloads.open(request.params.token);
      const etag = `"${file.sha256}"`;
      const header = (name: string) => {
        const value = request.headers[name];
        return Array.isArray(value) ? value.join(',') : value;
      };
      reply
        .header('content-type', file.mime)
        .header('content-disposition', contentDisposition(file.fileName))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .header('etag', etag)
        .header('accept-ranges', 'bytes');

      const wanted = resolveRange(header('range'), file.sizeBytes, header('if-range'), etag);
      if (wanted.kind === 'unsatisfiable') {
        reply.removeHeader('content-type');
        return reply.code(416).header('content-range', `bytes */${file.sizeBytes}`).send();
      }
      const range = wanted.kind === 'partial' ? wanted.range : undefined;
      const length = range ? range.end - range.start + 1 : file.sizeBytes;
      reply.header('content-length', length);
      if (range) {
        reply.code(206).header('content-range', `bytes ${range.start}-${range.end}/${file.sizeBytes}`);
      }
      if (request.method === 'HEAD') return reply.send();
      // Any bytes of the file served are a download (the terms' rule): a request from the first byte counts one,
      // and a piece further on counts only when nothing was downloaded yet — resuming a download is not another.
      await downloads.count(file.entitlementId, { resuming: range !== undefined && range.start > 0 });
      return sendStoredObject(reply, storage, { ...file, range }, 'download interrupted');
    },
  });
}
