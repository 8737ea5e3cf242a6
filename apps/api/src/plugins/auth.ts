import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { AccessTokenPayload, type Role } from '@hls/contract';
import { createExpiringCache } from '../lib/expiring-cache.ts';
import { AppError } from './app-error.ts';

/** Who an access token speaks for, and the session (login) it belongs to. */
export type AuthUser = { id: string; role: Role; sessionId: string };

/** Whether the token's session is still on (not logged out, ended or past its lifetime). */
export type SessionCheck = (user: AuthUser) => Promise<boolean>;

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `requireRole` from a verified access token; null on public routes. */
    user: AuthUser | null;
  }
  interface FastifyInstance {
    signAccessToken(user: AuthUser): Promise<string>;
    /** An onRequest hook (before the body is read and validated) admitting only a valid access token of an active session whose role is one of `roles`. */
    requireRole(...roles: Role[]): onRequestAsyncHookHandler;
    /** Installs the check of the token's session (by the accounts module, which owns the sessions). */
    setSessionCheck(check: SessionCheck): void;
  }
}

export type AccessTokens = {
  sign(user: AuthUser): Promise<string>;
  verify(token: string): Promise<AuthUser>;
};

/** How long, and how many, verified access tokens are remembered (a token's own expiry still applies). */
const VERIFIED_TTL_MS = 60_000;
const VERIFIED_MAX = 10_000;

export function createAccessTokens(secret: string, ttlSeconds: number): AccessTokens {
  const raw = new TextEncoder().encode(secret);
  // Imported once: jose would import a raw secret again at every signature and verification.
  const key = crypto.subtle.importKey('raw', raw, { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
    'verify',
  ]);
  async function verifySignature(token: string): Promise<{ user: AuthUser; expiresMs: number }> {
    try {
      // Only HS256: "alg: none" and algorithm-confusion tokens are rejected here.
      const { payload } = await jwtVerify(token, await key, { algorithms: ['HS256'] });
      // Access tokens have no audience: a token made for another use (a download link) is never one.
      if (payload.aud !== undefined) throw new Error('a token with an audience is not an access token');
      const claims = AccessTokenPayload.parse(payload);
      return {
        user: { id: claims.sub, role: claims.role, sessionId: claims.sid },
        expiresMs: claims.exp * 1000,
      };
    } catch (error) {
      if (error instanceof joseErrors.JWTExpired) {
        throw new AppError('token_expired', 'The access token has expired.');
      }
      throw new AppError('unauthorized', 'The access token is not valid.');
    }
  }
  // A signature is checked once per token: every request of a session carries the same one, and its HMAC through
  // WebCrypto costs more than the rest of the check. Tokens that fail are not kept; whether the session is still on
  // is asked at every request (`requireRole`).
  const verified = createExpiringCache<{ user: AuthUser; expiresMs: number }>({
    ttlMs: VERIFIED_TTL_MS,
    max: VERIFIED_MAX,
  });
  return {
    sign: async (user) =>
      new SignJWT({ role: user.role, sid: user.sessionId })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(user.id)
        .setIssuedAt()
        .setExpirationTime(`${ttlSeconds}s`)
        .sign(await key),
    async verify(token) {
      const { user, expiresMs } = await verified(token, () => verifySignature(token));
      // A token verified before is checked for its expiry again at every use.
      if (expiresMs <= Date.now()) throw new AppError('token_expired', 'The access token has expired.');
      return { ...user };
    },
  };
}

function bearerToken(request: FastifyRequest): string {
  const header = request.headers.authorization ?? '';
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  if (!match?.[1]) throw new AppError('unauthorized', 'Authentication required.');
  return match[1];
}

export default fp(
  async function auth(app: FastifyInstance, options: { secret: string; accessTokenTtl: number }) {
    const tokens = createAccessTokens(options.secret, options.accessTokenTtl);
    let sessionCheck: SessionCheck | undefined;
    app.decorateRequest('user', null);
    app.decorate('signAccessToken', tokens.sign);
    app.decorate('setSessionCheck', (check: SessionCheck) => {
      sessionCheck = check;
    });
    app.decorate('requireRole', (...roles: Role[]): onRequestAsyncHookHandler => {
      if (roles.length === 0) throw new Error('requireRole needs at least one role');
      return async (request) => {
        const user = await tokens.verify(bearerToken(request));
        if (!sessionCheck) throw new Error('no session check installed: an access token cannot be trusted');
        // Logout, a password change or a suspension end a token at once, not when it expires.
        if (!(await sessionCheck(user)))
          throw new AppError('unauthorized', 'Your session has ended. Please log in again.');
        if (!roles.includes(user.role)) throw new AppError('forbidden', 'You are not allowed to do this.');
        request.user = user;
      };
    });
  },
  { name: 'auth' },
);
