import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  DecisionBody,
  QueuePage,
  QueueQuery,
  Report,
  ReportBody,
  ReportCreated,
  ReportDecisionBody,
  ReportListQuery,
  ReportPage,
  ReportParams,
  ReviewSubmission,
  SubmissionParams,
  UnpublishBody,
} from '@hls/contract';
import * as endpoints from '@hls/contract/endpoints';
import { errorResponses } from '../../plugins/error-responses.ts';

/**
 * The editorial back office (editors and admins; others 403, guests 401): the queue, one submission's review,
 * claim and release, decisions, unpublication, reports. And the public "Report this document" (rate limited).
 */
export default async function editorialRoutes(app: FastifyInstance) {
  const editorial = () => app.submissions.editorial;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const staff = app.requireRole('editor', 'admin');
  const anyone = app.requireRole('customer', 'author', 'editor', 'admin');
  const tags = ['editorial'];
  const security = [{ bearerAuth: [] }];
  const editor = (request: FastifyRequest) => ({ id: request.user!.id, role: request.user!.role });

  api.get(endpoints.editorialQueue.path, {
    onRequest: staff,
    schema: {
      tags,
      security,
      summary:
        'Submissions oldest first: by default those waiting (submitted, in review); filters, flags, open reports',
      querystring: QueueQuery,
      response: { 200: QueuePage, ...errorResponses(400, 401, 403) },
    },
    handler: async (request) => editorial().queue(editor(request), request.query),
  });

  api.get(endpoints.editorialSubmission.path, {
    onRequest: staff,
    schema: {
      tags,
      security,
      summary: 'A submission as editors review it: versions, history, author, claim, changes, reports',
      params: SubmissionParams,
      response: { 200: ReviewSubmission, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (request) => editorial().review(request.params.id, editor(request)),
  });

  api.post(endpoints.editorialClaim.path, {
    onRequest: staff,
    schema: {
      tags,
      security,
      summary:
        'Claim a waiting submission for review (409 when another editor holds it; admins may take over)',
      params: SubmissionParams,
      response: { 200: ReviewSubmission, ...errorResponses(400, 401, 403, 404, 409) },
    },
    handler: async (request) => editorial().claim(request.params.id, editor(request)),
  });

  api.post(endpoints.editorialRelease.path, {
    onRequest: staff,
    schema: {
      tags,
      security,
      summary: 'Give a claimed submission back to the queue',
      params: SubmissionParams,
      response: { 200: ReviewSubmission, ...errorResponses(400, 401, 403, 404, 409) },
    },
    handler: async (request) => editorial().release(request.params.id, editor(request)),
  });

  api.post(endpoints.editorialDecision.path, {
    onRequest: staff,
    schema: {
      tags,
      security,
      summary:
        'Publish, request changes or reject the last version, with a comment e-mailed to the author (the claiming editor or an admin)',
      params: SubmissionParams,
      body: DecisionBody,
      response: { 200: ReviewSubmission, ...errorResponses(400, 401, 403, 404, 409) },
    },
    handler: async (request) => editorial().decide(request.params.id, editor(request), request.body),
  });

  api.post(endpoints.editorialUnpublish.path, {
    onRequest: staff,
    schema: {
      tags,
      security,
      summary: 'Unpublish a published submission: the product is archived, the author told',
      params: SubmissionParams,
      body: UnpublishBody,
      response: { 200: ReviewSubmission, ...errorResponses(400, 401, 403, 404, 409) },
    },
    handler: async (request) =>
      editorial().unpublish(request.params.id, editor(request), request.body.comment),
  });

  api.get(endpoints.editorialReports.path, {
    onRequest: staff,
    schema: {
      tags,
      security,
      summary: 'Reports of published documents, newest first',
      querystring: ReportListQuery,
      response: { 200: ReportPage, ...errorResponses(400, 401, 403) },
    },
    handler: async (request) => editorial().reports.list(request.query),
  });

  api.post(endpoints.editorialReportDecision.path, {
    onRequest: staff,
    schema: {
      tags,
      security,
      summary: 'Uphold (the product is unpublished, the author told) or dismiss a report, with a comment',
      params: ReportParams,
      body: ReportDecisionBody,
      response: { 200: Report, ...errorResponses(400, 401, 403, 404, 409) },
    },
    handler: async (request) => editorial().reports.decide(request.params.id, editor(request), request.body),
  });

  api.post(endpoints.report.path, {
    // Limited like the other public forms (the contact form's settings).
    config: {
      rateLimit: { max: app.config.rateLimit.contactMax, timeWindow: app.config.rateLimit.contactWindowMs },
    },
    // Logged in or not: a valid token names the reporter, no token is a visitor (who must give an e-mail).
    onRequest: async (request: FastifyRequest, reply: FastifyReply) => {
      if (request.headers.authorization) await anyone.call(app, request, reply);
    },
    schema: {
      tags,
      summary: 'Report a published document (copyright, confidentiality, plagiarism, other)',
      consumes: ['application/json', 'application/x-www-form-urlencoded', 'multipart/form-data'],
      body: ReportBody,
      response: { 201: ReportCreated, ...errorResponses(400, 401, 404, 429) },
    },
    handler: async (request, reply) => {
      const created = await editorial().reports.create(
        request.body,
        request.user ? { id: request.user.id } : null,
      );
      return reply.code(201).send(created);
    },
  });
}
