import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { z } from 'zod';
import { AppError } from '../../plugins/app-error.ts';

/** The audience of the tokens in new-version e-mails' opt-out links: never a download link, nor an access token. */
export const VERSION_EMAILS_AUDIENCE = 'hls:version-emails-off';
/** An opt-out link works this long (e-mails are read late; it only ever turns e-mails off). */
const OPT_OUT_TTL = 400 * 24 * 3600;

const Claims = z.object({ sub: z.uuid(), aud: z.literal(VERSION_EMAILS_AUDIENCE) });

export const invalidOptOutToken = () =>
  new AppError('invalid_email_token', 'This link is not valid any more: it was already used or has expired.');

/**
 * The one-click opt-out of new-version e-mails: an HS256 JWT naming the user (`sub`), with its own audience,
 * signed with the download links' key, checked without login. It can only turn these e-mails off.
 */
export function createOptOutTokens(secret: string) {
  const key = new TextEncoder().encode(secret);
  return {
    async sign(userId: string): Promise<string> {
      const now = Math.floor(Date.now() / 1000);
      return new SignJWT({})
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(userId)
        .setAudience(VERSION_EMAILS_AUDIENCE)
        .setIssuedAt(now)
        .setExpirationTime(now + OPT_OUT_TTL)
        .sign(key);
    },
    /** The user the token names; 400 `invalid_email_token` for anything else (forged, expired, another kind). */
    async verify(token: string): Promise<string> {
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: ['HS256'],
          audience: VERSION_EMAILS_AUDIENCE,
        });
        return Claims.parse(payload).sub;
      } catch (error) {
        if (error instanceof joseErrors.JOSEError || error instanceof z.ZodError) throw invalidOptOutToken();
        throw error;
      }
    },
  };
}
export type OptOutTokens = ReturnType<typeof createOptOutTokens>;
