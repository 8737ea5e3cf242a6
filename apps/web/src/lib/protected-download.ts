import { env } from '@/config/env';
import { saveBlob } from './save-file';
import { accessTokenRenewed, sessionCleared } from './session-events';
import { currentLanguage, refreshAccessToken } from './token-refresh';
import { tokenStorage } from './token-storage';

type Dispatch = (action: unknown) => unknown;

/** What a protected download came to: saved, refused by the server (its status), or never answered. */
export type DownloadOutcome = { ok: true; fileName: string } | { ok: false; status: number | null };

/** The file name of a `Content-Disposition: attachment` header (RFC 6266: `filename*` wins over `filename`). */
export function attachmentName(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1].trim());
    } catch {
      // A malformed encoding: the plain name below, if any.
    }
  }
  const plain = /filename\s*=\s*(?:"([^"]*)"|([^;]+))/.exec(header);
  const name = (plain?.[1] ?? plain?.[2])?.trim();
  return name || null;
}

/**
 * Renews the access token as the API client does (lib/api-client.ts): the store hears of the new token, or of
 * the session's end when the server refuses the refresh token. Returns whether there is a token to retry with.
 */
export async function renewSession(dispatch: Dispatch): Promise<boolean> {
  const outcome = await refreshAccessToken();
  if (outcome.kind === 'renewed') {
    dispatch(accessTokenRenewed(outcome.access));
    return true;
  }
  if (outcome.kind === 'refused') {
    tokenStorage.clear();
    dispatch(sessionCleared());
  }
  return false;
}

/**
 * GET of a file the API serves only with the session's token, which a plain link cannot send: `apiPath` with or
 * without its `/api` prefix, the token renewed once on a 401. Network failures reject.
 */
export async function fetchProtected(apiPath: string, dispatch: Dispatch): Promise<Response> {
  const href = `${env.apiUrl}${apiPath.startsWith('/api/') ? apiPath : `/api${apiPath}`}`;
  const get = () =>
    fetch(href, {
      headers: {
        Authorization: `Bearer ${tokenStorage.getAccess() ?? ''}`,
        'Accept-Language': currentLanguage(),
      },
    });
  const response = await get();
  if (response.status === 401 && tokenStorage.getRefresh() && (await renewSession(dispatch))) return get();
  return response;
}

/**
 * Downloads a file the API serves only with the session's token (a CSV, a PDF statement, a transfer file): it
 * comes through `fetchProtected` and is handed to the browser under the name the server gives, else `fallbackName`.
 */
export async function downloadProtectedFile(
  apiPath: string,
  fallbackName: string,
  dispatch: Dispatch,
): Promise<DownloadOutcome> {
  try {
    const response = await fetchProtected(apiPath, dispatch);
    if (!response.ok) return { ok: false, status: response.status };
    const fileName = attachmentName(response.headers.get('Content-Disposition')) ?? fallbackName;
    saveBlob(await response.blob(), fileName);
    return { ok: true, fileName };
  } catch {
    return { ok: false, status: null };
  }
}
