import type { OutgoingHttpHeaders } from 'node:http';
import { Socket } from 'node:net';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { TimeoutSettings } from '../config.ts';

const timedOut = JSON.stringify({
  error: { code: 'request_timeout', message: 'The request took too long to arrive.' },
});

/**
 * A client that sends slowly must not hold the server's connections: each request gets a time for its headers,
 * its body and its whole, an upload a minimum rate, and the server a cap on open connections. A body too slow is
 * answered 408 and its connection closed; nothing of it reaches a handler.
 *
 * The body's pace is read from the socket's byte count, never by listening to the body (a listener would take the
 * bytes from the route's parser).
 */
export default fp(
  async function timeouts(app: FastifyInstance, options: TimeoutSettings) {
    const server = app.server;
    server.headersTimeout = options.headersMs;
    server.requestTimeout = options.requestMs;
    server.keepAliveTimeout = Math.min(server.keepAliveTimeout, options.idleMs);
    server.maxConnections = options.maxConnections;
    server.setTimeout(options.idleMs, (socket) => socket.destroy());

    function cut(request: FastifyRequest, reply: FastifyReply, reason: string) {
      const socket = request.raw.socket;
      request.log.warn({ reason }, 'request too slow: connection closed');
      if (!reply.raw.headersSent && !reply.raw.writableEnded) {
        reply.raw.writeHead(408, {
          ...(reply.getHeaders() as OutgoingHttpHeaders),
          'content-type': 'application/json; charset=utf-8',
          'content-length': Buffer.byteLength(timedOut),
          connection: 'close',
        });
        reply.raw.end(timedOut, () => socket.destroy());
        // Should the client not read the answer either, the connection goes all the same.
        setTimeout(() => socket.destroy(), 1000).unref();
      } else socket.destroy();
    }

    app.addHook('onRequest', async (request, reply) => {
      const raw = request.raw;
      const length = raw.headers['content-length'];
      const hasBody =
        (length !== undefined && length !== '0') || raw.headers['transfer-encoding'] !== undefined;
      const socket = raw.socket;
      // A request made in the process (`inject`) has no connection to hold.
      if (!hasBody || raw.complete || !(socket instanceof Socket)) return;
      const done = () => raw.complete || socket.destroyed;

      if (request.routeOptions.config?.multipart !== 'stream') {
        setTimeout(() => {
          if (!done()) cut(request, reply, `body not received within ${options.bodyMs} ms`);
        }, options.bodyMs).unref();
        return;
      }
      // An upload: at least the minimum rate over every window, however long the whole takes.
      const minimum = (options.uploadMinBytesPerSecond * options.uploadRateWindowMs) / 1000;
      let before = socket.bytesRead;
      const watch = setInterval(() => {
        if (done()) return clearInterval(watch);
        const received = socket.bytesRead - before;
        before = socket.bytesRead;
        if (received < minimum) {
          clearInterval(watch);
          cut(request, reply, `upload slower than ${options.uploadMinBytesPerSecond} bytes/s`);
        }
      }, options.uploadRateWindowMs);
      watch.unref();
    });
  },
  { name: 'timeouts' },
);
