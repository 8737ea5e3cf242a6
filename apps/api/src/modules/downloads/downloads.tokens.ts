import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { z } from 'zod';
import { AppError } from '../../plugins/app-error.ts';

/** The audience of download tokens: an access token (which has none) is never one, and this is never an access token. */
export const DOWNLOAD_AUDIENCE = 'hls:download';

/**
 * What a link is for besides its buyer and file: the site, for the session (login) that asked for it — it stops
 * working when that session ends — or an e-mail, bound to no session and short-lived.
 */
export type LinkUse = { use: 'site'; sessionId: string } | { use: 'mail' };

/** `version`: the number of the file's version the link fetches (absent: the current one). */
export type DownloadClaims = {
  userId: string;
  productId: number;
  entitlementId: string;
  version?: number;
} & LinkUse;

const Claims = z.object({
  sub: z.uuid(),
  file_id: z.number().int().positive(),
  ent: z.uuid(),
  ver: z.number().int().positive().optional(),
  aud: z.literal(DOWNLOAD_AUDIENCE),
  exp: z.number(),
});

/** A link says what it is for: one without (made before links said so) is refused. */
const Use = z.discriminatedUnion('use', [
  z.object({ use: z.literal('site'), sid: z.uuid() }),
  z.object({ use: z.literal('mail') }),
]);

export function invalidDownloadToken(status: 403 | 404 = 403): AppError {
  return new AppError(
    'invalid_download_token',
    'This download link is not valid (expired, altered, or of a purchase no longer available). Ask for a new link from your downloads.',
    undefined,
    { status },
  );
}

/**
 * Download links: an HS256 JWT with `file_id` (the product), `sub` (the user), `ent` (the entitlement), `ver` (the
 * file's version; absent, the current one), `use` (`site`, with `sid` the session that asked for it, or `mail`),
 * the `hls:download` audience and a short expiry, signed with its own key (DOWNLOAD_TOKEN_SECRET).
 */
export function createDownloadTokens(secret: string) {
  const key = new TextEncoder().encode(secret);
  return {
    async sign(claims: DownloadClaims, ttlSeconds: number): Promise<{ token: string; expiresAt: Date }> {
      const now = Math.floor(Date.now() / 1000);
      const use = claims.use === 'site' ? { use: claims.use, sid: claims.sessionId } : { use: claims.use };
      const version = claims.version === undefined ? {} : { ver: claims.version };
      const token = await new SignJWT({
        file_id: claims.productId,
        ent: claims.entitlementId,
        ...version,
        ...use,
      })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(claims.userId)
        .setAudience(DOWNLOAD_AUDIENCE)
        .setIssuedAt(now)
        .setExpirationTime(now + ttlSeconds)
        .sign(key);
      return { token, expiresAt: new Date((now + ttlSeconds) * 1000) };
    },
    /**
     * The claims of a valid token; a 403 `invalid_download_token` for anything else (forged, expired, wrong
     * audience, no use). Whether a site link's session is still on is the caller's to ask.
     */
    async verify(token: string): Promise<DownloadClaims> {
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: ['HS256'],
          audience: DOWNLOAD_AUDIENCE,
        });
        const claims = Claims.parse(payload);
        const use = Use.parse(payload);
        return {
          userId: claims.sub,
          productId: claims.file_id,
          entitlementId: claims.ent,
          ...(claims.ver === undefined ? {} : { version: claims.ver }),
          ...(use.use === 'site' ? { use: use.use, sessionId: use.sid } : { use: use.use }),
        };
      } catch (error) {
        if (error instanceof joseErrors.JOSEError || error instanceof z.ZodError)
          throw invalidDownloadToken();
        throw error;
      }
    },
  };
}

export type DownloadTokens = ReturnType<typeof createDownloadTokens>;
