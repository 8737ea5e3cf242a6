import { describe, expect, it } from 'vitest';
import { fakeAccessToken } from '@/testing/test-utils';
import { decodeAccessToken, isTokenValid, msUntilExpiry } from './jwt';

describe('access token reading', () => {
  it('reads role and exp from the payload', () => {
    const payload = decodeAccessToken(fakeAccessToken({ role: 'author' }));
    expect(payload).toMatchObject({ sub: 'user-1', role: 'author' });
  });

  it('counts a token whose exp is in the future as valid', () => {
    expect(isTokenValid(fakeAccessToken({ expiresInSeconds: 60 }))).toBe(true);
  });

  it('counts an expired token as invalid', () => {
    expect(isTokenValid(fakeAccessToken({ expiresInSeconds: -1 }))).toBe(false);
    expect(msUntilExpiry(fakeAccessToken({ expiresInSeconds: -10 }))).toBeLessThan(0);
  });

  it('treats a missing or malformed token as logged out', () => {
    expect(isTokenValid(null)).toBe(false);
    expect(isTokenValid('not-a-jwt')).toBe(false);
    expect(isTokenValid('a.b.c')).toBe(false);
    expect(
      decodeAccessToken(`x.${btoa(JSON.stringify({ sub: 'u', role: 'pirate', exp: 9e9, iat: 1 }))}.y`),
    ).toBeNull();
  });
});
