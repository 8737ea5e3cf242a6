import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../plugins/app-error.ts';

/**
 * Throttles per account, beside the per-client rate limits of the routes (decision 0015). In memory, like those
 * limits: the app is one process.
 */

export type ThrottleSettings = { max: number; windowMs: number };

/** Counts attempts per key in a window that starts at the key's first attempt. */
export type Throttle = {
  /** Milliseconds before `key` may try again; 0 when it may now. */
  waitFor(key: string): number;
  /** Counts one attempt of `key` (a wrong password, a mail sent). */
  hit(key: string): void;
  /** Forgets `key` (its password was right). */
  clear(key: string): void;
};

/** Keys kept at most; past that the expired ones go, then the oldest. */
const MAX_KEYS = 100_000;

export function createThrottle(settings: ThrottleSettings, now: () => number = Date.now): Throttle {
  const windows = new Map<string, { count: number; endsAt: number }>();

  function prune() {
    const time = now();
    for (const [key, window] of windows) if (window.endsAt <= time) windows.delete(key);
    for (const key of windows.keys()) {
      if (windows.size < MAX_KEYS) break;
      windows.delete(key);
    }
  }

  return {
    waitFor(key) {
      const window = windows.get(key);
      if (!window || window.count < settings.max) return 0;
      return Math.max(0, window.endsAt - now());
    },
    hit(key) {
      const time = now();
      const window = windows.get(key);
      if (window && window.endsAt > time) {
        window.count += 1;
        return;
      }
      if (windows.size >= MAX_KEYS) prune();
      windows.set(key, { count: 1, endsAt: time + settings.windowMs });
    },
    clear(key) {
      windows.delete(key);
    },
  };
}

/** A 429 saying when to try again, in whole seconds (the `Retry-After` header and `retryAfter` of the body). */
export function tooManyAttempts(waitMs: number): AppError {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  const when = seconds < 120 ? `${seconds} s` : `${Math.ceil(seconds / 60)} min`;
  return new AppError('rate_limited', 429, `Too many attempts. Try again in ${when}.`, undefined, {
    retryAfter: seconds,
  });
}

/** Throws a 429 while `key` has used up its attempts. */
export function ensureAllowed(throttle: Throttle, key: string): void {
  const wait = throttle.waitFor(key);
  if (wait > 0) throw tooManyAttempts(wait);
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

export function createAccountThrottles(settings: {
  failures: ThrottleSettings;
  resetMails: ThrottleSettings;
  emailChecks: ThrottleSettings;
}): AccountThrottles {
  return {
    failures: createThrottle(settings.failures),
    resetMails: createThrottle(settings.resetMails),
    emailChecks: createThrottle(settings.emailChecks),
  };
}
