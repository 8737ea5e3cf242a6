import type { FastifyInstance } from 'fastify';

// Replace `app` with narrow dependencies (modules/README.md: one service shape) as the service grows.
export function createEditorialService(_deps: { app: FastifyInstance }) {
  return {};
}
export type EditorialService = ReturnType<typeof createEditorialService>;
