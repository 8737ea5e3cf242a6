/** What other modules, the commands and the bench may use of the downloads module besides `app.downloads`. */
export type { DownloadsService, GrantInput, ServedFile, StampJob } from './downloads.service.ts';
export { DOWNLOAD_AUDIENCE } from './downloads.tokens.ts';
export { contentDisposition } from './http-range.ts';
