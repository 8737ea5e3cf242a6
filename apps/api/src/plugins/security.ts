import type { IncomingMessage, ServerResponse } from 'node:http';
import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';

/** What Stripe.js needs on /checkout when payments go through Stripe (Stripe's documented CSP). */
const stripeSources = {
  script: ['https://js.stripe.com', 'https://*.js.stripe.com'],
  frame: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
  connect: ['https://api.stripe.com'],
  img: ['https://*.stripe.com'],
};

/** Powerful browser features the shop never uses, refused to every page and frame. */
const PERMISSIONS_POLICY =
  'camera=(), microphone=(), geolocation=(), usb=(), serial=(), bluetooth=(), midi=(), accelerometer=(), gyroscope=(), magnetometer=()';

type Middleware = ReturnType<typeof helmet>;

/** The headers `middleware` sets on a response (it reads nothing of the request: its options are fixed). */
function helmetHeaders(middleware: Middleware): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: unknown) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  let applied = false;
  middleware({} as IncomingMessage, response as unknown as ServerResponse, () => (applied = true));
  if (!applied) throw new Error('helmet did not apply its headers at once');
  return headers;
}

/**
 * Security headers with a CSP the built single-page app works under (plus Stripe.js's origins when Stripe takes
 * the payments), and CORS for a separate web host.
 */
export default fp(
  async function security(
    app: FastifyInstance,
    options: { corsOrigin: boolean | string[]; stripe?: boolean },
  ) {
    const stripe = options.stripe ? stripeSources : { script: [], frame: [], connect: [], img: [] };
    // helmet's headers, made once: its options are the same for every response (no nonce), so are its headers.
    const secure = helmetHeaders(
      helmet({
        contentSecurityPolicy: {
          directives: {
            defaultSrc: ["'self'"],
            scriptSrc: ["'self'", ...stripe.script],
            styleSrc: ["'self'", "'unsafe-inline'"],
            imgSrc: ["'self'", 'data:', 'blob:', ...stripe.img],
            fontSrc: ["'self'", 'data:'],
            connectSrc: ["'self'", ...stripe.connect],
            ...(stripe.frame.length > 0 ? { frameSrc: ["'self'", ...stripe.frame] } : {}),
            objectSrc: ["'none'"],
            frameAncestors: ["'none'"],
            baseUri: ["'self'"],
            formAction: ["'self'"],
          },
        },
        crossOriginEmbedderPolicy: false,
        // One framing policy: the CSP's frame-ancestors 'none' and X-Frame-Options agree (helmet's default is
        // SAMEORIGIN).
        xFrameOptions: { action: 'deny' },
      }),
    );
    secure['permissions-policy'] = PERMISSIONS_POLICY;
    // HSTS means something only over HTTPS (directly, or behind a trusted proxy that says so).
    const { 'strict-transport-security': _hsts, ...plain } = secure;
    app.addHook('onRequest', (request, reply, done) => {
      reply.headers(request.protocol === 'https' ? secure : plain);
      done();
    });
    // What a session reads or any write answers (tokens, the user's own data) is never stored by a browser or a
    // proxy; public reads keep the caching their routes give them.
    app.addHook('onSend', async (request, reply, payload) => {
      if (
        request.url.startsWith('/api/') &&
        !reply.hasHeader('cache-control') &&
        (request.headers.authorization !== undefined ||
          (request.method !== 'GET' && request.method !== 'HEAD'))
      ) {
        reply.header('cache-control', 'no-store');
      }
      return payload;
    });
    await app.register(cors, {
      origin: options.corsOrigin,
      methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
      allowedHeaders: ['Authorization', 'Content-Type', 'Accept-Language'],
      maxAge: 600,
    });
  },
  { name: 'security' },
);
