/** What other modules, the commands and the bench may use of the downloads module besides `app.downloads`. */
export type { GrantInput, ServedFile, StampJob } from './downloads.helpers.ts';
export type { DownloadsService } from './downloads.plugin.ts';
export { DOWNLOAD_AUDIENCE } from './downloads.tokens.ts';
export { contentDisposition } from './http-range.ts';
