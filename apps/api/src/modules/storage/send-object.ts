import type { OutgoingHttpHeaders } from 'node:http';
import type { FastifyReply } from 'fastify';
import { DestinationClosedError, pipeObject } from './pipe-object.ts';
import type { ByteRange, Storage } from './storage.ts';

/**
 * Sends a stored object (or `range` of it) as the body of `reply`, whose status and headers are already set.
 *
 * The reader is opened before the reply is taken over, so a missing object still goes through the error
 * handler. The bytes then go out through two reused buffers (pipeObject), which Fastify's stream replies cannot
 * do: the response is written directly, with every header set by the route and by the hooks. A download the
 * client abandons is not reported; any other failure is logged as `interrupted`.
 */
export async function sendStoredObject(
  reply: FastifyReply,
  storage: Pick<Storage, 'openReader'>,
  object: { storageKey: string; sizeBytes: number; range?: ByteRange | undefined },
  interrupted: string,
): Promise<FastifyReply | undefined> {
  if (object.sizeBytes === 0) return reply.send(Buffer.alloc(0));
  const reader = await storage.openReader(object.storageKey, object.range);
  reply.hijack();
  const response = reply.raw;
  response.writeHead(reply.statusCode, reply.getHeaders() as OutgoingHttpHeaders);
  try {
    await pipeObject(reader, response);
  } catch (error) {
    if (!(error instanceof DestinationClosedError)) reply.request.log.error({ err: error }, interrupted);
    response.destroy();
  }
  return undefined;
}
