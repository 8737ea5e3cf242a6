import { env } from '@/config/env';
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
  const objectUrl = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = objectUrl;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(objectUrl), 10_000);
}
