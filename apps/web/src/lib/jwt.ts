import { AccessTokenPayload } from '@hls/contract';

function decodeBase64Url(segment: string): string {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/** Reads the payload of an access token without verifying it (the server verifies; the client only reads role and exp). */
export function decodeAccessToken(token: string | null | undefined): AccessTokenPayload | null {
  if (!token) return null;
  const segment = token.split('.')[1];
  if (!segment) return null;
  try {
    const parsed = AccessTokenPayload.safeParse(JSON.parse(decodeBase64Url(segment)));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** True while the token can be decoded and its `exp` (seconds) is still in the future. */
export function isTokenValid(token: string | null | undefined, now: number = Date.now()): boolean {
  const payload = decodeAccessToken(token);
  return payload !== null && payload.exp * 1000 > now;
}

/** Milliseconds before the token expires (negative when expired, null when unreadable). */
export function msUntilExpiry(token: string | null | undefined, now: number = Date.now()): number | null {
  const payload = decodeAccessToken(token);
  return payload ? payload.exp * 1000 - now : null;
}
