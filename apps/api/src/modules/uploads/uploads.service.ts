import type { FastifyInstance } from 'fastify';

export function createUploadsService(_deps: { app: FastifyInstance }) {
  return {};
}
export type UploadsService = ReturnType<typeof createUploadsService>;
