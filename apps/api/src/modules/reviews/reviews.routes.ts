import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ModerationPage,
  ModerationQuery,
  ModerationReview,
  MyReview,
  OwnReview,
  ProductReviewParams,
  ProductReviews,
  RejectReviewBody,
  ReviewBody,
  ReviewParams,
  ReviewsQuery,
  roles,
} from '@hls/contract';
import * as endpoints from '@hls/contract/endpoints';
import { errorResponses } from '../../plugins/error-responses.ts';

/** A user writes or edits at most this many reviews a minute (each one waits for an editor). */
const WRITE_LIMIT = { max: 10, timeWindow: 60_000 };

/**
 * A product's public reviews; the user's own review of a product (read, write, delete: always their own, found
 * by the product, so another user's review is never reachable); the editors' queue and decisions.
 */
export default async function reviewsRoutes(app: FastifyInstance) {
  const { reviews } = app;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const anyRole = app.requireRole(...roles);
  const staff = app.requireRole('editor', 'admin');
  const security = [{ bearerAuth: [] }];

  api.get(endpoints.productReviews.path, {
    // Everyone gets the same answer from memory: its body is compressed once.
    config: { sharedBody: true },
    schema: {
      tags: ['reviews'],
      summary: 'A product’s approved reviews, newest first, with their average, count and stars',
      params: ProductReviewParams,
      querystring: ReviewsQuery,
      response: { 200: ProductReviews, ...errorResponses(400) },
    },
    handler: async (request) => reviews.productReviews(request.params.id, request.query.page),
  });

  api.get(endpoints.myReview.path, {
    onRequest: anyRole,
    schema: {
      tags: ['reviews'],
      security,
      summary: 'Whether the user may review a published product, and their review of it (any state)',
      params: ProductReviewParams,
      response: { 200: MyReview, ...errorResponses(400, 401, 404) },
    },
    handler: async (request) => reviews.mine(request.user!.id, request.params.id),
  });

  api.put(endpoints.reviewSave.path, {
    onRequest: anyRole,
    config: { rateLimit: { ...WRITE_LIMIT, keyGenerator: (request) => request.user?.id ?? request.ip } },
    schema: {
      tags: ['reviews'],
      security,
      summary:
        'Write or replace the user’s review (1–5 stars and a text): verified buyers only; it waits for an editor',
      params: ProductReviewParams,
      body: ReviewBody,
      response: { 200: OwnReview, 201: OwnReview, ...errorResponses(400, 401, 403, 404, 429) },
    },
    handler: async (request, reply) => {
      const { review, created } = await reviews.save(request.user!.id, request.params.id, request.body);
      return reply.code(created ? 201 : 200).send(review);
    },
  });

  api.delete(endpoints.reviewDelete.path, {
    onRequest: anyRole,
    schema: {
      tags: ['reviews'],
      security,
      summary: 'Delete the user’s review of a product',
      params: ProductReviewParams,
      response: { 204: z.null(), ...errorResponses(400, 401, 404) },
    },
    handler: async (request, reply) => {
      await reviews.remove(request.user!.id, request.params.id);
      return reply.code(204).send(null);
    },
  });

  api.get(endpoints.reviewQueue.path, {
    onRequest: staff,
    schema: {
      tags: ['reviews', 'editorial'],
      security,
      summary: 'Reviews of one status (by default those waiting), oldest first, and how many wait',
      querystring: ModerationQuery,
      response: { 200: ModerationPage, ...errorResponses(400, 401, 403) },
    },
    handler: async (request) => reviews.moderationList(request.query),
  });

  api.post(endpoints.reviewApprove.path, {
    onRequest: staff,
    schema: {
      tags: ['reviews', 'editorial'],
      security,
      summary: 'Make a waiting (or rejected) review public',
      params: ReviewParams,
      response: { 200: ModerationReview, ...errorResponses(400, 401, 403, 404, 409) },
    },
    handler: async (request) => reviews.approve(request.params.id, request.user!.id),
  });

  api.post(endpoints.reviewReject.path, {
    onRequest: staff,
    schema: {
      tags: ['reviews', 'editorial'],
      security,
      summary: 'Refuse a waiting review, or take down a public one, with the reason its author reads',
      params: ReviewParams,
      body: RejectReviewBody,
      response: { 200: ModerationReview, ...errorResponses(400, 401, 403, 404, 409) },
    },
    handler: async (request) => reviews.reject(request.params.id, request.user!.id, request.body.reason),
  });
}
