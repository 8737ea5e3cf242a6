import type { SubmissionFile, UploadSlot } from '@hls/contract';
import * as endpoints from '@hls/contract/endpoints';
import { env } from '@/config/env';
import { isTokenValid } from '@/lib/jwt';
import { saveBlob } from '@/lib/save-file';
import { fetchProtected, renewSession } from '@/lib/protected-download';
import { currentLanguage } from '@/lib/token-refresh';
import { tokenStorage } from '@/lib/token-storage';

type Dispatch = (action: unknown) => unknown;

export type UploadAnswer = { status: number; body: unknown };

/** The request failed before the server answered (network, or cancelled). */
export class UploadInterrupted extends Error {
  readonly aborted: boolean;
  constructor(aborted: boolean) {
    super(aborted ? 'Upload cancelled' : 'Upload failed');
    this.aborted = aborted;
  }
}

function putOnce(
  url: string,
  file: File,
  fields: Record<string, string>,
  onProgress: (loaded: number, total: number) => void,
  signal: AbortSignal | undefined,
): Promise<UploadAnswer> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', `${env.apiUrl}/api${url}`);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('Accept-Language', currentLanguage());
    const access = tokenStorage.getAccess();
    if (access) xhr.setRequestHeader('Authorization', `Bearer ${access}`);
    xhr.upload.onprogress = (event) =>
      onProgress(event.loaded, event.lengthComputable ? event.total : file.size);
    xhr.onload = () => {
      let body: unknown;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        body = null;
      }
      resolve({ status: xhr.status, body });
    };
    xhr.onerror = () => reject(new UploadInterrupted(false));
    xhr.onabort = () => reject(new UploadInterrupted(true));
    if (signal) {
      if (signal.aborted) return reject(new UploadInterrupted(true));
      signal.addEventListener('abort', () => xhr.abort(), { once: true });
    }
    const form = new FormData();
    // Text parts first: the server reads them before the file streams through.
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    form.append('file', file, file.name);
    xhr.send(form);
  });
}

/**
 * Sends one file to a submission's slot (PUT /api/submissions/{id}/files/{slot}, one part named `file`) with
 * XMLHttpRequest, whose `upload.onprogress` reports the bytes sent — fetch cannot. An access token about to
 * expire is renewed first, so a large file is not sent twice; a 401 still renews and sends again once.
 */
export async function uploadSubmissionFile({
  submissionId,
  slot,
  file,
  fields = {},
  onProgress,
  signal,
  dispatch,
}: {
  submissionId: string;
  slot: UploadSlot;
  file: File;
  /** Text parts sent with it (the `file` slot's declared `fileType`). */
  fields?: Record<string, string>;
  onProgress: (loaded: number, total: number) => void;
  signal?: AbortSignal;
  dispatch: Dispatch;
}): Promise<UploadAnswer> {
  const url = endpoints.submissionUpload.url({ id: submissionId, slot });
  if (!isTokenValid(tokenStorage.getAccess(), Date.now() + 30_000) && tokenStorage.getRefresh())
    await renewSession(dispatch);
  const answer = await putOnce(url, file, fields, onProgress, signal);
  if (answer.status !== 401 || !tokenStorage.getRefresh()) return answer;
  if (!(await renewSession(dispatch))) return answer;
  onProgress(0, file.size);
  return putOnce(url, file, fields, onProgress, signal);
}

/** The stored upload an answer carries (the file itself, or the submission holding it). */
export function uploadedFile(body: unknown, slot: UploadSlot): SubmissionFile | null {
  if (!body || typeof body !== 'object') return null;
  if ('slot' in body && 'originalName' in body) return body as SubmissionFile;
  const working = (body as { working?: { files?: SubmissionFile[] } }).working;
  return working?.files?.find((file) => file.slot === slot) ?? null;
}

/** GET of a submission's file with the access token (renewed once on a 401); null when the server refused. */
export async function fetchSubmissionFile(url: string, dispatch: Dispatch): Promise<Blob | null> {
  const response = await fetchProtected(url, dispatch);
  return response.ok ? response.blob() : null;
}

/**
 * Downloads one of the submission's files: the API wants the access token, which a plain link cannot send, so the
 * file comes through fetch and is handed to the browser as a blob under its original name.
 */
export async function downloadSubmissionFile(
  url: string,
  fileName: string,
  dispatch: Dispatch,
): Promise<boolean> {
  const blob = await fetchSubmissionFile(url, dispatch);
  if (!blob) return false;
  saveBlob(blob, fileName);
  return true;
}
