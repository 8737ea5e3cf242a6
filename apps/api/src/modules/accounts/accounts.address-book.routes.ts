import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AddressBook, AddressBookBody, roles, SavedAddress, UuidParams } from '@hls/contract';
import * as endpoints from '@hls/contract/endpoints';
import { errorResponses } from '../../plugins/error-responses.ts';

/** The signed-in user's address book; another user's address is a 404. */
export default async function addressBookRoutes(app: FastifyInstance) {
  const { accounts } = app;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const signedIn = app.requireRole(...roles);
  const tags = ['address book'];
  const security = [{ bearerAuth: [] }];

  api.get(endpoints.addressBook.path, {
    onRequest: signedIn,
    schema: {
      tags,
      security,
      summary: 'The saved delivery addresses: the default first, then the most recent',
      response: { 200: AddressBook, ...errorResponses(401, 403) },
    },
    handler: async (request) => accounts.listAddresses(request.user!.id),
  });

  api.post(endpoints.addressAdd.path, {
    onRequest: signedIn,
    schema: {
      tags,
      security,
      summary:
        'Save an address (checkout’s rules, a shippable country); the first is the default; refused beyond the limit',
      body: AddressBookBody,
      response: { 201: SavedAddress, ...errorResponses(400, 401, 403) },
    },
    handler: async (request, reply) =>
      reply.code(201).send(await accounts.addAddress(request.user!.id, request.body)),
  });

  api.patch(endpoints.addressEdit.path, {
    onRequest: signedIn,
    schema: {
      tags,
      security,
      summary: 'Replace a saved address’s fields and label (past orders keep their own copy)',
      params: UuidParams,
      body: AddressBookBody,
      response: { 200: SavedAddress, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (request) => accounts.editAddress(request.user!.id, request.params.id, request.body),
  });

  api.delete(endpoints.addressRemove.path, {
    onRequest: signedIn,
    schema: {
      tags,
      security,
      summary: 'Remove a saved address; the most recent remaining one becomes the default if it was',
      params: UuidParams,
      response: { 200: AddressBook, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (request) => accounts.removeAddress(request.user!.id, request.params.id),
  });

  api.post(endpoints.addressMakeDefault.path, {
    onRequest: signedIn,
    schema: {
      tags,
      security,
      summary: 'Make a saved address the default (checkout offers it first)',
      params: UuidParams,
      response: { 200: AddressBook, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (request) => accounts.makeDefaultAddress(request.user!.id, request.params.id),
  });
}
