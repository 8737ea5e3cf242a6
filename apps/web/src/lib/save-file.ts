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
