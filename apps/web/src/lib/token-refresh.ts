import type { TokenPair } from '@hls/contract';
import * as endpoints from '@hls/contract/endpoints';
import { env } from '@/config/env';
import { tokenStorage } from './token-storage';

/** Language of the interface, sent as Accept-Language on API calls. */
export function currentLanguage(): string {
  return typeof document !== 'undefined' && document.documentElement.lang
    ? document.documentElement.lang
    : 'fr';
}

/**
 * What a renewal came to: a new access token; `refused` when the server rejected the refresh token (the session
 * is over); `unavailable` when the server could not be reached or failed (the session is kept for a later try).
 */
export type RefreshOutcome =
  { kind: 'renewed'; access: string } | { kind: 'refused' } | { kind: 'unavailable' };

let refreshInFlight: Promise<RefreshOutcome> | null = null;

/**
 * Exchanges the stored refresh token for a new pair (rotated: the old refresh token dies), once at a time,
 * so concurrent 401s share one refresh instead of burning each other's token.
 */
export function refreshAccessToken(): Promise<RefreshOutcome> {
  if (refreshInFlight) return refreshInFlight;
  const refresh = tokenStorage.getRefresh();
  if (!refresh) return Promise.resolve({ kind: 'refused' });
  refreshInFlight = (async (): Promise<RefreshOutcome> => {
    try {
      // The trailing slash is the address's as clients have always called it (the API ignores it).
      const response = await fetch(`${env.apiUrl}/api${endpoints.tokenRefresh.url()}/`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Accept-Language': currentLanguage() },
        body: JSON.stringify({ refresh }),
      });
      if (response.status === 400 || response.status === 401) return { kind: 'refused' };
      if (!response.ok) return { kind: 'unavailable' };
      const pair = (await response.json()) as Partial<TokenPair> | null;
      if (typeof pair?.access !== 'string' || typeof pair.refresh !== 'string')
        return { kind: 'unavailable' };
      tokenStorage.save({ access: pair.access, refresh: pair.refresh });
      return { kind: 'renewed', access: pair.access };
    } catch {
      // A network failure, or the page navigating away mid-request: nothing says the session is over.
      return { kind: 'unavailable' };
    } finally {
      refreshInFlight = null;
    }
  })();
  return refreshInFlight;
}
