import { z } from 'zod';
import { Download } from './checkout.ts';

/**
 * New versions of a product's file as its buyers see them (GET /api/downloads): each download shows the version it
 * serves by default (the current one) with its date, and the earlier versions the buyer keeps; the e-mail telling
 * of a new version carries a link that turns these e-mails off without logging in.
 */

/** The editor's short note of what changed in a new version (shown to its buyers). */
export const VERSION_NOTE_MAX = 280;

/** One published version of a file: its number (1, 2, …), when it was published, what changed. */
export const FileVersionInfo = z.object({
  number: z.number().int().positive(),
  publishedAt: z.string(),
  note: z.string().nullable(),
});
export type FileVersionInfo = z.infer<typeof FileVersionInfo>;

/** An earlier version the buyer may still download (its own stamped copy for a PDF). */
export const EarlierVersion = FileVersionInfo.extend({
  fileName: z.string(),
  sizeBytes: z.number().int(),
  /** `preparing`: the buyer's stamped copy of this version is being made. */
  status: z.enum(['ready', 'preparing']),
});
export type EarlierVersion = z.infer<typeof EarlierVersion>;

/** A download on /download: the current version (the file a click fetches), and the earlier ones, newest first. */
export const VersionedDownload = Download.extend({
  version: FileVersionInfo,
  earlierVersions: z.array(EarlierVersion),
});
export type VersionedDownload = z.infer<typeof VersionedDownload>;
export const VersionedDownloadList = z.object({ results: z.array(VersionedDownload) });
export type VersionedDownloadList = z.infer<typeof VersionedDownloadList>;

/** POST /api/downloads/{entitlementId}/link: `version` asks for an earlier version (the current one otherwise). */
export const DownloadLinkBody = z.object({
  version: z.coerce
    .number({ error: 'version.invalid' })
    .int('version.invalid')
    .positive('version.invalid')
    .max(100_000, 'version.invalid')
    .optional(),
});
export type DownloadLinkBody = z.input<typeof DownloadLinkBody>;

/** POST /api/downloads/version-emails/off: the token of the link in a new-version e-mail (no login). */
export const VersionEmailsOffBody = z.object({
  token: z
    .string({ error: 'emailLink.required' })
    .min(1, 'emailLink.required')
    .max(2048, 'emailLink.invalid'),
});
export type VersionEmailsOffBody = z.input<typeof VersionEmailsOffBody>;
/** The address whose new-version e-mails are now off. */
export const VersionEmailsOffResponse = z.object({ email: z.string() });
export type VersionEmailsOffResponse = z.infer<typeof VersionEmailsOffResponse>;
