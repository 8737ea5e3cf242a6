import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { TreatyForm, TreatyFormParams } from '@hls/contract';
import * as endpoints from '@hls/contract/endpoints';
import { AppError } from '../../plugins/app-error.ts';
import { errorResponses } from '../../plugins/error-responses.ts';
import { contentDisposition } from '../downloads/index.ts';
import { sendStoredObject } from '../storage/index.ts';
import { streamMultipart } from '../uploads/index.ts';

/** Uploads per author and window: a form and a corrected one, not a flood. */
const UPLOAD_LIMIT = { max: 10, timeWindow: 15 * 60_000 };

/**
 * The treaty form an author files with their residence (their own: the upload names no owner), and its download by
 * its author or an admin (another author's is a 404).
 */
export default async function treatyRoutes(app: FastifyInstance) {
  const { treaty } = app.royalties;
  const { storage } = app;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['royalties'];
  const security = [{ bearerAuth: [] }];

  api.put(endpoints.treatyFormUpload.path, {
    onRequest: app.requireRole('author'),
    config: {
      ...streamMultipart,
      rateLimit: { ...UPLOAD_LIMIT, keyGenerator: (request) => request.user?.id ?? request.ip },
    },
    schema: {
      tags,
      security,
      summary:
        'Files the author’s treaty form (certificate of residence or double-taxation treaty form) with their residence, replacing the one on file; 409 before bank details are saved',
      description:
        'multipart/form-data with one file part `file`: a PDF of at most 10 MB, checked by its content and kept in private storage.',
      consumes: ['multipart/form-data'],
      response: { 200: TreatyForm, ...errorResponses(400, 401, 403, 409, 413, 415, 422, 429) },
    },
    handler: async (request) => {
      if (!request.isMultipart())
        throw new AppError('validation_failed', 'Send the PDF as multipart/form-data.', {
          file: 'upload.required',
        });
      return app.royalties.treaty.upload(request.user!.id, request);
    },
  });

  // Untyped reply: the body is the file, not JSON.
  app.get<{ Params: z.output<typeof TreatyFormParams> }>(endpoints.treatyFormFile.path, {
    onRequest: app.requireRole('author', 'admin'),
    compress: false,
    schema: {
      tags,
      security,
      summary: 'Downloads a treaty form (its author, admins; another author’s is a 404), as an attachment',
      params: TreatyFormParams,
      response: { ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (request, reply) => {
      const form = await treaty.file(request.user!, request.params.id);
      reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', contentDisposition(form.fileName))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .header('etag', `"${form.sha256}"`)
        .header('content-length', form.sizeBytes);
      return sendStoredObject(reply, storage, form, 'treaty form download interrupted');
    },
  });
}
