import type { FileType, UploadSlot } from '@hls/contract';

export type { FileType, UploadSlot };

/** What an editor should look at in a file: an Office file with a VBA project, external relationships. */
export type UploadFlag = 'macros' | 'external_links';

/** A file taken in: stored under `storageKey`, its content checked. */
export type ReceivedFile = {
  slot: UploadSlot;
  storageKey: string;
  /** The name the author's file had (metadata only: the stored name is generated). */
  originalName: string;
  /** From the content, never from the client (covers: `image/webp`, as re-encoded). */
  mime: string;
  sizeBytes: number;
  /** Hex SHA-256 of the stored bytes. */
  sha256: string;
  /** Covers: the re-encoded image's size. */
  width: number | null;
  height: number | null;
  /** PDFs: their page count. */
  pages: number | null;
  flags: UploadFlag[];
  /** The file-product type the content is (null for covers and manuscripts). */
  fileType: FileType | null;
  /** The stored file's extension, from the content: `pdf`, `docx`, `webp`, … */
  extension: string;
};

/** How a route's multipart body is taken in. */
export type UploadSpec = {
  /** File part name → the slot it fills (its size limit and accepted formats). Other file parts: 400. */
  files: Record<string, UploadSlot>;
  /** Storage prefix the files are stored below (e.g. `submissions/<id>`), under generated names. */
  keyPrefix: string;
  /** For the `file` slot: the type the content must be, from the request's fields (or the saved draft). */
  declaredFileType?: (fields: Record<string, string>) => FileType | undefined;
  /** Text fields accepted (default 30). */
  maxFields?: number;
};

export type ReceivedMultipart = { fields: Record<string, string>; files: ReceivedFile[] };

/** A PDF's public sample, as stored. */
export type CutSample = { key: string; pages: number; sizeBytes: number; sha256: string };

/**
 * The route config that makes the global form parser (plugins/body-parsers.ts) leave a multipart body
 * alone, so that `app.uploads.receiveMultipart` can stream it: `app.put(url, { config: streamMultipart, … })`.
 * Such a route declares no body schema (`request.body` stays unset).
 */
export const streamMultipart = { multipart: 'stream' } as const;
