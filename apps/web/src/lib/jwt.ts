import type { AccessTokenPayload, Role } from '@hls/contract';

// A plain check instead of the contract's zod schema keeps zod out of the first page load; `satisfies` makes the
// compiler flag a role added to or removed from the contract.
const knownRoles = { customer: true, author: true, editor: true, admin: true } satisfies Record<Role, true>;

function isAccessTokenPayload(value: unknown): value is AccessTokenPayload {
  if (!value || typeof value !== 'object') return false;
  const { sub, role, exp, iat } = value as Record<string, unknown>;
  return (
    typeof sub === 'string' &&
    typeof role === 'string' &&
    Object.hasOwn(knownRoles, role) &&
    typeof exp === 'number' &&
    typeof iat === 'number'
  );
}

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
    const payload: unknown = JSON.parse(decodeBase64Url(segment));
    return isAccessTokenPayload(payload) ? payload : null;
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
