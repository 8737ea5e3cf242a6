import { env } from '@/config/env';
import { saveBlob } from '@/lib/save-file';
import { tokenStorage } from '@/lib/token-storage';

/**
 * Downloads a submission's upload, which only its author and the editors may read: the request carries the
 * session's token (a plain link would not), and the bytes are saved under the author's file name.
 */
export async function downloadSubmissionFile(url: string, fileName: string): Promise<void> {
  const access = tokenStorage.getAccess();
  const response = await fetch(`${env.apiUrl}${url}`, {
    headers: access ? { Authorization: `Bearer ${access}` } : {},
  });
  if (!response.ok) throw new Error(`download failed: ${response.status}`);
  saveBlob(await response.blob(), fileName);
}
