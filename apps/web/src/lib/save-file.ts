import { env } from '@/config/env';

/**
 * Saves a file as a click on a download link would: the page stays where it is, the browser keeps the name the
 * server gives (`Content-Disposition: attachment`) or `fileName`. A path of the API is sent to the API's origin.
 */
export function saveFile(href: string, fileName?: string): void {
  const link = document.createElement('a');
  link.href = href.startsWith('/api/') ? `${env.apiUrl}${href}` : href;
  if (fileName !== undefined) link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
}

/**
 * Saves bytes already fetched (a file the API serves only with the session's token, which a plain link cannot
 * send) under `fileName`; the object URL is released once the browser has had time to take it.
 */
export function saveBlob(blob: Blob, fileName: string): void {
  const objectUrl = URL.createObjectURL(blob);
  saveFile(objectUrl, fileName);
  setTimeout(() => URL.revokeObjectURL(objectUrl), 60_000);
}
