import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AuthorProductList,
  AuthorRequestBody,
  BookPriceBody,
  CreateDraftBody,
  FilePriceBody,
  PriceQuote,
  ResubmitBody,
  Submission,
  SubmissionDraftBody,
  SubmissionFileParams,
  SubmissionParams,
  SubmissionSlotParams,
} from '@hls/contract';
import * as endpoints from '@hls/contract/endpoints';
import { errorResponses } from '../../plugins/error-responses.ts';
import { contentDisposition } from '../downloads/index.ts';
import { sendStoredObject } from '../storage/index.ts';
import { streamMultipart } from '../uploads/index.ts';

const proposalFields =
  'Text parts: the fields of `SubmissionFields` (title, description, language, categoryId, subcategoryId, …) and ' +
  'an optional `draftId`; file parts: `cover` (optional: one is drawn when none is given) and';

/**
 * The author's side of the proposals (author role only: other roles 403, guests 401; another author's proposal is
 * 404), the public price and royalty calculator, and the download of a proposal's uploads (owner, editors, admins).
 */
export default async function authorRoutes(app: FastifyInstance) {
  const author = app.submissions.author;
  const { storage } = app;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const authorOnly = app.requireRole('author');
  const tags = ['submissions'];
  const security = [{ bearerAuth: [] }];
  const me = (request: { user: { id: string } | null }) => request.user!.id;

  api.post(endpoints.submissionCreate.path, {
    onRequest: authorOnly,
    schema: {
      tags,
      security,
      summary: 'A new draft proposal (its kind and section are fixed from then on)',
      body: CreateDraftBody,
      response: { 201: Submission, ...errorResponses(400, 401, 403) },
    },
    handler: async (request, reply) =>
      reply.code(201).send(await author.createDraft(me(request), request.body)),
  });

  api.get(endpoints.submission.path, {
    onRequest: authorOnly,
    schema: {
      tags,
      security,
      summary: 'One of the author’s proposals: working copy, versions, history, actions',
      params: SubmissionParams,
      response: { 200: Submission, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (request) => author.get(me(request), request.params.id),
  });

  api.patch(endpoints.submissionSave.path, {
    onRequest: authorOnly,
    schema: {
      tags,
      security,
      summary: 'Saves fields of the working copy (a draft, or while changes are requested); others are kept',
      params: SubmissionParams,
      body: SubmissionDraftBody,
      response: { 200: Submission, ...errorResponses(400, 401, 403, 404, 409) },
    },
    handler: async (request) => author.saveFields(me(request), request.params.id, request.body),
  });

  api.delete(endpoints.submissionDelete.path, {
    onRequest: authorOnly,
    schema: {
      tags,
      security,
      summary: 'Deletes a draft never submitted, with its uploads',
      params: SubmissionParams,
      response: { 204: z.null(), ...errorResponses(400, 401, 403, 404, 409) },
    },
    handler: async (request, reply) => {
      await author.deleteDraft(me(request), request.params.id);
      return reply.code(204).send(null);
    },
  });

  api.put(endpoints.submissionUpload.path, {
    onRequest: authorOnly,
    config: streamMultipart,
    schema: {
      tags,
      security,
      summary: 'Uploads the working copy’s cover, manuscript or file (replacing the one there)',
      description:
        'multipart/form-data with one file part `file` (and, for the `file` slot, an optional text part ' +
        '`fileType`, saved with it). The content must be of the slot’s formats and of the declared file type.',
      consumes: ['multipart/form-data'],
      params: SubmissionSlotParams,
      response: { 200: Submission, ...errorResponses(400, 401, 403, 404, 409, 413, 415, 422) },
    },
    handler: async (request) => author.putFile(me(request), request.params.id, request.params.slot, request),
  });

  api.delete(endpoints.submissionUploadRemove.path, {
    onRequest: authorOnly,
    schema: {
      tags,
      security,
      summary: 'Removes the working copy’s upload of a slot',
      params: SubmissionSlotParams,
      response: { 200: Submission, ...errorResponses(400, 401, 403, 404, 409) },
    },
    handler: async (request) => author.deleteFile(me(request), request.params.id, request.params.slot),
  });

  api.post(endpoints.submissionResubmit.path, {
    onRequest: authorOnly,
    schema: {
      tags,
      security,
      summary: 'Sends the working copy as the next version (when changes were requested)',
      params: SubmissionParams,
      body: ResubmitBody.nullish(),
      response: { 200: Submission, ...errorResponses(400, 401, 403, 404, 409) },
    },
    handler: async (request) => author.resubmit(me(request), request.params.id, request.body?.note),
  });

  api.post(endpoints.submissionWithdraw.path, {
    onRequest: authorOnly,
    schema: {
      tags,
      security,
      summary: 'Withdraws a proposal not yet published (it is archived)',
      params: SubmissionParams,
      body: AuthorRequestBody.nullish(),
      response: { 200: Submission, ...errorResponses(400, 401, 403, 404, 409) },
    },
    handler: async (request) => author.withdraw(me(request), request.params.id, request.body?.reason),
  });

  api.post(endpoints.submissionUnpublishRequest.path, {
    onRequest: authorOnly,
    schema: {
      tags,
      security,
      summary: 'Asks the editors to unpublish a published product',
      params: SubmissionParams,
      body: AuthorRequestBody.nullish(),
      response: { 200: Submission, ...errorResponses(400, 401, 403, 404, 409) },
    },
    handler: async (request) => author.requestUnpublish(me(request), request.params.id, request.body?.reason),
  });

  api.post(endpoints.bookPropose.path, {
    onRequest: authorOnly,
    config: streamMultipart,
    schema: {
      tags,
      security,
      summary: 'Proposes a book (multipart: fields and uploads), submitted for review as version 1',
      description: `${proposalFields} \`manuscript\` (PDF or EPUB, required). Contract: \`ProposeBookBody\`.`,
      consumes: ['multipart/form-data'],
      response: { 201: Submission, ...errorResponses(400, 401, 403, 404, 409, 413, 415, 422) },
    },
    handler: async (request, reply) =>
      reply.code(201).send(await author.propose(me(request), 'book', request)),
  });

  api.post(endpoints.filePropose.path, {
    onRequest: authorOnly,
    config: streamMultipart,
    schema: {
      tags,
      security,
      summary: 'Proposes a file (multipart: fields and uploads), submitted for review as version 1',
      description: `${proposalFields} \`file\` (of the declared \`fileType\`, required). Contract: \`ProposeFileBody\`.`,
      consumes: ['multipart/form-data'],
      response: { 201: Submission, ...errorResponses(400, 401, 403, 404, 409, 413, 415, 422) },
    },
    handler: async (request, reply) =>
      reply.code(201).send(await author.propose(me(request), 'file', request)),
  });

  api.get(endpoints.authorBooks.path, {
    onRequest: authorOnly,
    schema: {
      tags,
      security,
      summary: 'The author’s books, most recently changed first, with their status, last decision and sales',
      response: { 200: AuthorProductList, ...errorResponses(401, 403) },
    },
    handler: async (request) => ({ results: await author.list(me(request), 'book') }),
  });

  api.get(endpoints.authorFiles.path, {
    onRequest: authorOnly,
    schema: {
      tags,
      security,
      summary: 'The author’s files, most recently changed first, with their status, last decision and sales',
      response: { 200: AuthorProductList, ...errorResponses(401, 403) },
    },
    handler: async (request) => ({ results: await author.list(me(request), 'file') }),
  });

  api.post(endpoints.bookPriceQuote.path, {
    schema: {
      tags,
      summary:
        'Price calculator: the customer price after discount and the royalty per sale of a book edition',
      body: BookPriceBody,
      response: { 200: PriceQuote, ...errorResponses(400) },
    },
    handler: async (request) => author.quoteBook(request.body),
  });

  api.post(endpoints.filePriceQuote.path, {
    schema: {
      tags,
      summary: 'Price calculator for a file (academic files are free: no royalty)',
      body: FilePriceBody,
      response: { 200: PriceQuote, ...errorResponses(400) },
    },
    handler: async (request) => author.quoteFile(request.body),
  });

  // Untyped reply: the body is the file, not JSON.
  app.get<{ Params: z.output<typeof SubmissionFileParams> }>(endpoints.submissionFile.path, {
    onRequest: app.requireRole('author', 'editor', 'admin'),
    compress: false,
    schema: {
      tags,
      security,
      summary: 'Downloads an upload of a proposal (its author, editors and admins), as an attachment',
      params: SubmissionFileParams,
      response: { ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (request, reply) => {
      const file = await author.file(request.user!, request.params.id, request.params.fileId);
      reply
        .header('content-type', file.mime)
        .header('content-disposition', contentDisposition(file.originalName))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .header('etag', `"${file.sha256}"`)
        .header('content-length', file.sizeBytes);
      return sendStoredObject(reply, storage, file, 'submission file download interrupted');
    },
  });
}
