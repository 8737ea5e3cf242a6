import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DocumentLink, DocumentType } from '@hls/contract';
import * as endpoints from '@hls/contract/endpoints';
import { AppError } from '../../plugins/app-error.ts';
import { errorResponses } from '../../plugins/error-responses.ts';
import { CONTRACT_PATH } from './documents.service.ts';

const links: Record<z.infer<typeof DocumentType>, string> = { contrat: CONTRACT_PATH };

const notFound = () => new AppError('not_found', 'No such document.');

export default async function documentsRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['documents'];

  api.get(endpoints.documentLink.path, {
    schema: {
      tags,
      summary:
        'Where to download a document: `contrat` is the author contract (a path, saved as contrat.pdf)',
      params: z.object({
        type: z
          .string()
          .max(40)
          .describe(`one of: ${DocumentType.options.join(', ')}`),
      }),
      response: { 200: DocumentLink, ...errorResponses(404) },
    },
    handler: async (request) => {
      const parsed = DocumentType.safeParse(request.params.type);
      if (!parsed.success) throw notFound();
      return { file: links[parsed.data] };
    },
  });

  api.get(endpoints.document.path, {
    schema: {
      tags,
      summary: 'Download a public document (the bilingual author contract, contrat.pdf)',
      params: z.object({ name: z.string().max(80) }),
      produces: ['application/pdf'],
      response: {
        200: z.any().describe('the PDF file'),
        304: z.null().describe('not modified (If-None-Match)'),
        ...errorResponses(404),
      },
    },
    handler: async (request, reply) => {
      if (request.params.name !== 'contrat.pdf') throw notFound();
      const contract = await app.documents.contract();
      const etag = `"${contract.sha256}"`;
      reply
        .header('etag', etag)
        .header('cache-control', 'public, max-age=3600')
        .header('content-disposition', 'attachment; filename="contrat.pdf"');
      if (request.headers['if-none-match'] === etag) return reply.code(304).send(null);
      return reply.type('application/pdf').send(contract.bytes);
    },
  });
}
