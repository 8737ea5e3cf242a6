import type { FastifyInstance } from 'fastify';

// Replace `app` with narrow dependencies (modules/README.md: one service shape) as the service grows.
export function createAuthorService(_deps: { app: FastifyInstance }) {
  return {};
}
export type AuthorService = ReturnType<typeof createAuthorService>;
