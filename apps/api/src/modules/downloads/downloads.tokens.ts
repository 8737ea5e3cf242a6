import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { z } from 'zod';
import { AppError } from '../../plugins/app-error.ts';

/** The audience of download tokens: an access token (which has none) is never one, and this is never an access token. */
export const DOWNLOAD_AUDIENCE = 'hls:download';

export type DownloadClaims = { userId: string; productId: number; entitlementId: string };

const Claims = z.object({
  sub: z.uuid(),
  file_id: z.number().int().positive(),
  ent: z.uuid(),
  aud: z.literal(DOWNLOAD_AUDIENCE),
  exp: z.number(),
});

export function invalidDownloadToken(status: 403 | 404 = 403): AppError {
  return new AppError(
    'invalid_download_token',
    status,
    'This download link is not valid (expired, altered, or of a purchase no longer available). Ask for a new link from your downloads.',
  );
}

/**
 * Download links: an HS256 JWT with `file_id` (the product), `sub` (the user), `ent` (the entitlement), the
 * `hls:download` audience and a short expiry, signed with its own key (DOWNLOAD_TOKEN_SECRET).
 */
export function createDownloadTokens(secret: string) {
  const key = new TextEncoder().encode(secret);
  return {
    async sign(claims: DownloadClaims, ttlSeconds: number): Promise<{ token: string; expiresAt: Date }> {
      const now = Math.floor(Date.now() / 1000);
      const token = await new SignJWT({ file_id: claims.productId, ent: claims.entitlementId })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(claims.userId)
        .setAudience(DOWNLOAD_AUDIENCE)
        .setIssuedAt(now)
        .setExpirationTime(now + ttlSeconds)
        .sign(key);
      return { token, expiresAt: new Date((now + ttlSeconds) * 1000) };
    },
    /** The claims of a valid token; a 403 `invalid_download_token` for anything else (forged, expired, wrong audience). */
    async verify(token: string): Promise<DownloadClaims> {
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: ['HS256'],
          audience: DOWNLOAD_AUDIENCE,
        });
        const claims = Claims.parse(payload);
        return { userId: claims.sub, productId: claims.file_id, entitlementId: claims.ent };
      } catch (error) {
        if (error instanceof joseErrors.JOSEError || error instanceof z.ZodError)
          throw invalidDownloadToken();
        throw error;
      }
    },
  };
}

export type DownloadTokens = ReturnType<typeof createDownloadTokens>;
