/** The downloads module's endpoints (see ../endpoints.ts). */
import { url } from '../endpoint.ts';

export const downloads = { method: 'GET', path: '/downloads', url } as const;
export const downloadLink = { method: 'POST', path: '/downloads/:entitlementId/link', url } as const;
export const downloadsResend = { method: 'POST', path: '/downloads/resend', url } as const;
export const freeFileDownload = { method: 'POST', path: '/category/file/:id/download', url } as const;
/** The file behind a download link (GET and HEAD, ranges). */
export const downloadFile = { method: 'GET', path: '/category/download/:token', url } as const;
/** The one-click opt-out link of a new-version e-mail (no login: the token names the user). */
export const versionEmailsOff = { method: 'POST', path: '/downloads/version-emails/off', url } as const;
