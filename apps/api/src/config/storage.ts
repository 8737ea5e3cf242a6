import type { ParsedEnv } from './env.ts';

/** Where the files are kept (an S3 bucket, or the local disk) and what an author may upload. */

/** An S3 or S3-compatible bucket (modules/storage/s3-storage.ts). */
export type S3Settings = {
  bucket: string;
  /** Unset: AWS S3, whose endpoint follows from the region. */
  endpoint: string | undefined;
  region: string;
  /** Unset: the AWS SDK's own credentials (AWS_* variables, instance or task role). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** `https://host/bucket/key` rather than `https://bucket.host/key`: what most non-AWS servers need. */
  forcePathStyle: boolean;
};

/** What an author may upload (modules/uploads): sizes per slot and the budget a zip is opened under. */
export type UploadSettings = {
  /** Bytes: a cover as sent (it is re-encoded to WebP). */
  coverMaxBytes: number;
  /** Bytes: a book's manuscript (its ebook file). */
  manuscriptMaxBytes: number;
  /** Bytes: a file product's file. */
  fileMaxBytes: number;
  zip: {
    /** Entries a zip (or Office file, EPUB) may hold. */
    maxEntries: number;
    /** Bytes: the uncompressed total, as declared by the zip's directory and as actually inflated. */
    maxUncompressedBytes: number;
    /** Uncompressed ÷ compressed size allowed for an entry of over 1 MB, and for the whole zip. */
    maxRatio: number;
  };
  /** How an uploaded EPUB is checked: epubcheck's jar, and the browser Ace drives (null: Ace is not run). */
  epubChecks: { epubcheckJar: string; chromiumPath: string | null };
};

/** The S3 bucket of the environment, or null (the local disk). */
export function readS3(e: ParsedEnv): S3Settings | null {
  return e.S3_BUCKET
    ? {
        bucket: e.S3_BUCKET,
        endpoint: e.S3_ENDPOINT,
        region: e.S3_REGION,
        credentials:
          e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
            ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
            : undefined,
        forcePathStyle: e.S3_FORCE_PATH_STYLE,
      }
    : null;
}

/** Upload limits, from the environment. */
export function readUploads(e: ParsedEnv): UploadSettings {
  return {
    coverMaxBytes: e.UPLOAD_COVER_MAX_MB * 1024 * 1024,
    manuscriptMaxBytes: e.UPLOAD_MANUSCRIPT_MAX_MB * 1024 * 1024,
    fileMaxBytes: e.UPLOAD_FILE_MAX_MB * 1024 * 1024,
    zip: {
      maxEntries: e.UPLOAD_ZIP_MAX_ENTRIES,
      maxUncompressedBytes: e.UPLOAD_ZIP_MAX_UNCOMPRESSED_MB * 1024 * 1024,
      maxRatio: e.UPLOAD_ZIP_MAX_RATIO,
    },
    epubChecks: {
      epubcheckJar: e.EPUBCHECK_JAR,
      chromiumPath: e.EPUB_ACE ? e.CHROMIUM_PATH : null,
    },
  };
}
