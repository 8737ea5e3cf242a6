import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import {
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import { AppError } from '../../plugins/app-error.ts';

/**
 * Throttles per account, beside the per-client rate limits of the routes (decision 0015), counted by
 * rate-limiter-flexible: in this process alone, or, with `REDIS_URL`, in the Redis every instance shares, so that
 * three instances lock an account after the same five wrong passwords as one. While Redis is away each instance
 * counts in its own memory (its insurance limiter), and goes back to Redis once it answers.
 */

export type ThrottleSettings = { max: number; windowMs: number };

/** Counts attempts per key in a window that starts at the key's first attempt. */
export type Throttle = {
  /** Throws a 429 (saying when to try again) while `key` has used up its attempts. */
  ensureAllowed(key: string): Promise<void>;
  /** Counts one attempt of `key` that needs no answer first (a mail sent): a 429 past the limit. */
  take(key: string): Promise<void>;
  /** Counts one failed attempt of `key` (a wrong password). */
  hit(key: string): Promise<void>;
  /** Forgets `key` (its password was right). */
  clear(key: string): Promise<void>;
};

/** Where the counts live: the shared Redis (keys under `keyPrefix`), or this process alone (null). */
export type ThrottleStore = { redis: Redis; keyPrefix: string } | null;

/** A 429 saying when to try again, in whole seconds (the `Retry-After` header and `retryAfter` of the body). */
export function tooManyAttempts(waitMs: number): AppError {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  const when = seconds < 120 ? `${seconds} s` : `${Math.ceil(seconds / 60)} min`;
  return new AppError('rate_limited', `Too many attempts. Try again in ${when}.`, undefined, {
    retryAfter: seconds,
  });
}

export function createThrottle(
  name: string,
  settings: ThrottleSettings,
  store: ThrottleStore = null,
): Throttle {
  const points = settings.max;
  // The library counts in whole seconds.
  const duration = Math.max(1, Math.round(settings.windowMs / 1000));
  const memory = new RateLimiterMemory({ points, duration, keyPrefix: name });
  const limiter: RateLimiterAbstract = store
    ? new RateLimiterRedis({
        storeClient: store.redis,
        points,
        duration,
        keyPrefix: `${store.keyPrefix}throttle:${name}`,
        // While Redis is away, this instance counts alone rather than refusing everyone or letting all through.
        insuranceLimiter: memory,
        rejectIfRedisNotReady: true,
      })
    : memory;

  return {
    async ensureAllowed(key) {
      const used = await limiter.get(key);
      if (used && used.consumedPoints >= points) throw tooManyAttempts(used.msBeforeNext);
    },
    async take(key) {
      try {
        await limiter.consume(key);
      } catch (refused) {
        if (refused instanceof RateLimiterRes) throw tooManyAttempts(refused.msBeforeNext);
        throw refused;
      }
    },
    async hit(key) {
      await limiter.penalty(key, 1);
    },
    async clear(key) {
      await limiter.delete(key);
    },
  };
}

const DEVICE_COOKIE_PREFIX = 'hls_device_';
/** A browser stays known to an account for this long after its last successful login. */
const DEVICE_COOKIE_DAYS = 180;

/**
 * Device cookies (OWASP's answer to lock-outs): a browser that logged in to an account gets a signed cookie
 * naming that account; while the account is locked for unknown clients, such a browser keeps its own allowance.
 * One cookie per account (its name is a keyed hash of the address), sent only to the login route.
 */
export function createDeviceCookies(secret: string) {
  const key = createHmac('sha256', secret).update('hls device cookies').digest();
  const mac = (text: string) => createHmac('sha256', key).update(text).digest('base64url');
  const cookieName = (email: string) => `${DEVICE_COOKIE_PREFIX}${mac(`name:${email}`).slice(0, 16)}`;

  function cookies(request: FastifyRequest): Map<string, string> {
    const found = new Map<string, string>();
    for (const part of (request.headers.cookie ?? '').split(';')) {
      const at = part.indexOf('=');
      if (at > 0) found.set(part.slice(0, at).trim(), part.slice(at + 1).trim());
    }
    return found;
  }

  return {
    /** The device id of this browser for `email`, when it holds a valid cookie for it. */
    read(request: FastifyRequest, email: string): string | undefined {
      const value = cookies(request).get(cookieName(email));
      const [nonce, signature] = value?.split('.') ?? [];
      if (!nonce || !signature) return undefined;
      const expected = Buffer.from(mac(`device:${email}:${nonce}`));
      const given = Buffer.from(signature);
      return given.length === expected.length && timingSafeEqual(given, expected) ? nonce : undefined;
    },

    /** Marks this browser as known to `email` (a login or a password reset that succeeded). */
    issue(request: FastifyRequest, reply: FastifyReply, email: string, nonce?: string): void {
      const id = nonce ?? randomBytes(16).toString('base64url');
      const value = `${id}.${mac(`device:${email}:${id}`)}`;
      const secure = request.protocol === 'https' ? '; Secure' : '';
      reply.header(
        'set-cookie',
        `${cookieName(email)}=${value}; Path=/api/login; Max-Age=${DEVICE_COOKIE_DAYS * 86400}; HttpOnly; SameSite=Strict${secure}`,
      );
    },
  };
}

export type DeviceCookies = ReturnType<typeof createDeviceCookies>;

/** The throttles of the account routes, by what they count. */
export type AccountThrottles = {
  /** Wrong passwords: per account for unknown browsers, per device cookie, per session for a password change. */
  failures: Throttle;
  /** Reset mails per address, known or not. */
  resetMails: Throttle;
  /** E-mail checks per address. */
  emailChecks: Throttle;
};

export function createAccountThrottles(
  settings: { failures: ThrottleSettings; resetMails: ThrottleSettings; emailChecks: ThrottleSettings },
  store: ThrottleStore = null,
): AccountThrottles {
  return {
    failures: createThrottle('failures', settings.failures, store),
    resetMails: createThrottle('reset-mails', settings.resetMails, store),
    emailChecks: createThrottle('email-checks', settings.emailChecks, store),
  };
}
