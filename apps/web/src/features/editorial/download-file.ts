import { fetchProtected } from '@/lib/protected-download';
import { saveBlob } from '@/lib/save-file';

/**
 * Downloads a submission's upload, which only its author and the editors may read: the request carries the
 * session's token (a plain link would not; renewed once on a 401), and the bytes are saved under the author's file
 * name.
 */
export async function downloadSubmissionFile(
  url: string,
  fileName: string,
  dispatch: (action: unknown) => unknown,
): Promise<void> {
  const response = await fetchProtected(url, dispatch);
  if (!response.ok) throw new Error(`download failed: ${response.status}`);
  saveBlob(await response.blob(), fileName);
}
