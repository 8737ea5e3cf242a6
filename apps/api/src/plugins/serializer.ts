import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { createSerializerCompiler } from 'fastify-type-provider-zod';

const zodSerializer = createSerializerCompiler({});

/**
 * Response serialization through the route's zod schema (checked, then JSON). A frozen value — the catalogue's
 * cached pages and details — cannot change, so its body is computed once per route and reused by every request
 * that sends the same value.
 */
export const serializerCompiler: FastifySerializerCompiler<Parameters<typeof zodSerializer>[0]['schema']> = (
  route,
) => {
  const serialize = zodSerializer(route);
  const bodies = new WeakMap<object, string>();
  return (data) => {
    if (typeof data !== 'object' || data === null || !Object.isFrozen(data)) return serialize(data);
    let body = bodies.get(data);
    if (body === undefined) {
      body = serialize(data);
      bodies.set(data, body);
    }
    return body;
  };
};

/** Freezes a plain value and everything it holds, so it can be shared and its serialization reused. */
export function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}
