import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AdminUser,
  AdminUserPage,
  AdminUserQuery,
  BecomeAuthorRequest,
  BecomeAuthorResponse,
  RoleChangeBody,
  SuspendBody,
  UserParams,
} from '@hls/contract';
import * as endpoints from '@hls/contract/endpoints';
import { errorResponses } from '../../plugins/error-responses.ts';

/** The admins' users list (role change, suspension) and a customer's move to the author role. */
export default async function accountsAdminRoutes(app: FastifyInstance) {
  const { accounts } = app;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const admin = app.requireRole('admin');
  const customer = app.requireRole('customer', 'author', 'editor', 'admin');
  const tags = ['admin users'];
  const security = [{ bearerAuth: [] }];

  api.get(endpoints.adminUsers.path, {
    onRequest: admin,
    schema: {
      tags,
      security,
      summary:
        'Users, newest first: search on e-mail and names (any case or accent), role and status filters',
      querystring: AdminUserQuery,
      response: { 200: AdminUserPage, ...errorResponses(400, 401, 403) },
    },
    handler: async (request) => accounts.listUsers(request.query),
  });

  api.post(endpoints.adminUserRole.path, {
    onRequest: admin,
    schema: {
      tags,
      security,
      summary: "Change a user's role (never one's own); their sessions end (the role is in the access token)",
      params: UserParams,
      body: RoleChangeBody,
      response: { 200: AdminUser, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (request) => accounts.changeRole(request.user!.id, request.params.id, request.body.role),
  });

  api.post(endpoints.adminUserSuspend.path, {
    onRequest: admin,
    schema: {
      tags,
      security,
      summary: 'Suspend a user (never oneself): login refused, every refresh token revoked',
      params: UserParams,
      body: SuspendBody.nullish(),
      response: { 200: AdminUser, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (request) => accounts.suspend(request.user!.id, request.params.id),
  });

  api.post(endpoints.adminUserReactivate.path, {
    onRequest: admin,
    schema: {
      tags,
      security,
      summary: 'Lift a suspension: the user can log in again',
      params: UserParams,
      body: SuspendBody.nullish(),
      response: { 200: AdminUser, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (request) => accounts.reactivate(request.user!.id, request.params.id),
  });

  api.post(endpoints.becomeAuthor.path, {
    onRequest: customer,
    schema: {
      tags: ['accounts'],
      security,
      summary: 'A customer becomes an author; answers a new token pair carrying the author role',
      body: BecomeAuthorRequest.nullish(),
      response: { 200: BecomeAuthorResponse, ...errorResponses(400, 401, 403, 409) },
    },
    handler: async (request) => accounts.becomeAuthor(request.user!.id, request.body ?? {}),
  });
}
