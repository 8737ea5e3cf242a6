import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { Writable } from 'node:stream';
import { SAMPLE_PAGES } from '@hls/contract/values';
import type { FastifyRequest } from 'fastify';
import type sharpLibrary from 'sharp';
import type { OutputInfo } from 'sharp';
import type { UploadSettings } from '../../config.ts';
import { onFirstUse } from '../../lib/on-first-use.ts';
import { AppError } from '../../plugins/app-error.ts';
import { type Storage, StorageTooLargeError } from '../storage/index.ts';
import { ContentRefusal, inspectUpload } from './uploads.inspect.ts';
import { cutPdf, PdfDamagedError } from './uploads.pdf.ts';
import type { CutSample, ReceivedFile, ReceivedMultipart, UploadSlot, UploadSpec } from './uploads.types.ts';

/** libvips, loaded with the first cover. */
const sharp = onFirstUse<typeof sharpLibrary>('sharp');

/** Covers are re-encoded to WebP no larger than this on their longer side. */
export const COVER_MAX_SIDE = 1600;
/** Pixels a cover may decode to (about 50 megapixels): a larger one is refused before decoding. */
export const COVER_MAX_PIXELS = 50_000_000;

type Stored = { key: string; slot: UploadSlot; part: string; originalName: string; sizeBytes: number };

/** A file name as metadata: its last path segment, without control characters, at most 200 characters. */
function cleanName(name: string | undefined): string {
  const base = path.posix.basename((name ?? '').replaceAll('\\', '/'));
  const printable = [...base].filter((c) => c.charCodeAt(0) > 0x1f && c !== '\u007f').join('');
  return printable.trim().slice(0, 200) || 'file';
}

function tooLarge(part: string): AppError {
  return new AppError('payload_too_large', 'The file is too large.', { [part]: 'upload.tooLarge' });
}

function refused(part: string, refusal: ContentRefusal): AppError {
  const status = refusal.code === 'upload.type' || refusal.code === 'upload.typeMismatch' ? 415 : 422;
  return new AppError('upload_rejected', 'The file was refused.', { [part]: refusal.code }, { status });
}

/** Multipart errors of @fastify/multipart, by code. */
type MultipartError = Error & { code?: string; statusCode?: number; part?: { fieldname?: string } };

export function createUploadsService(deps: {
  storage: Storage;
  settings: UploadSettings;
  log?: { warn(object: object, message: string): void };
}) {
  const { storage, settings } = deps;
  const limitOf = (slot: UploadSlot) =>
    slot === 'cover'
      ? settings.coverMaxBytes
      : slot === 'manuscript'
        ? settings.manuscriptMaxBytes
        : settings.fileMaxBytes;

  async function discard(files: readonly { storageKey: string }[]): Promise<void> {
    await Promise.all(
      files.map((file) =>
        storage.deleteObject(file.storageKey).catch((error: unknown) => {
          deps.log?.warn({ err: error, key: file.storageKey }, 'upload not discarded');
        }),
      ),
    );
  }

  /** Re-encodes a stored cover to WebP (metadata dropped, at most COVER_MAX_SIDE), stored at `key`. */
  async function encodeCover(sourceKey: string, key: string) {
    const stored = await storage.getObject(sourceKey);
    if (!stored) throw new ContentRefusal('upload.damaged', `no object ${sourceKey}`);
    let output: { data: Buffer; info: OutputInfo };
    try {
      output = await sharp()(stored.bytes, { limitInputPixels: COVER_MAX_PIXELS, failOn: 'error' })
        .rotate()
        .resize({ width: COVER_MAX_SIDE, height: COVER_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 82 })
        .toBuffer({ resolveWithObject: true });
    } catch (error) {
      const message = (error as Error).message;
      throw new ContentRefusal(/pixel limit/i.test(message) ? 'upload.unsafe' : 'upload.damaged', message);
    }
    const object = await storage.putObject(key, output.data, 'image/webp');
    return { object, width: output.info.width, height: output.info.height };
  }

  /**
   * Takes in a multipart request's files and fields: each file part is streamed to storage under `spec.keyPrefix`
   * as it arrives, counted against its slot's limit, then checked by content once the whole request was read (the
   * declared type may come in a field after the file). The route carries `config: streamMultipart`:
   *
   * ```ts
   * const { fields, files } = await app.uploads.receiveMultipart(request, {
   *   files: { file: request.params.slot }, keyPrefix: `submissions/${id}`,
   * });
   * // … on a later failure: await app.uploads.discard(files)
   * ```
   *
   * Refusals: 413 `payload_too_large` `{ [part]: 'upload.tooLarge' }`; 415 `upload_rejected` `{ [part]:
   * 'upload.type' | 'upload.typeMismatch' }`; 422 `upload_rejected` `{ [part]: 'upload.unsafe' | 'upload.damaged'
   * | 'upload.macros' }`; 400 `validation_failed` for a file part the spec does not name or a slot sent twice.
   * Whatever is refused, nothing the request stored is left in storage.
   */
  async function receiveMultipart(request: FastifyRequest, spec: UploadSpec): Promise<ReceivedMultipart> {
    const fields: Record<string, string> = {};
    const stored: Stored[] = [];
    const files: ReceivedFile[] = [];
    const slots = Object.values(spec.files);
    const largest = Math.max(...slots.map(limitOf));
    let currentPart: string | undefined;
    try {
      const parts = request.parts({
        limits: {
          // Our own count stops a file at its slot's limit; busboy's is only a backstop.
          fileSize: largest + 1,
          files: slots.length,
          fields: spec.maxFields ?? 30,
          parts: slots.length + (spec.maxFields ?? 30),
        },
      });
      for await (const part of parts) {
        currentPart = part.fieldname;
        if (part.type === 'field') {
          // A text part past the parser's `fieldSize` arrives cut: refuse it rather than keep half of it.
          if (part.valueTruncated) {
            throw new AppError('payload_too_large', 'The request is too large.', {
              [part.fieldname]: 'generic.tooLong',
            });
          }
          fields[part.fieldname] = String(part.value);
          continue;
        }
        const slot = spec.files[part.fieldname];
        if (!slot || stored.some((file) => file.part === part.fieldname)) {
          part.file.resume();
          throw new AppError('validation_failed', 'Unexpected file.', {
            [part.fieldname]: 'generic.invalid',
          });
        }
        const key = `${spec.keyPrefix}/${randomUUID()}.upload`;
        const entry: Stored = {
          key,
          slot,
          part: part.fieldname,
          originalName: cleanName(part.filename),
          sizeBytes: 0,
        };
        stored.push(entry);
        try {
          const object = await storage.putStream(key, part.file, 'application/octet-stream', {
            maxBytes: limitOf(slot),
          });
          entry.sizeBytes = object.sizeBytes;
        } catch (error) {
          if (error instanceof StorageTooLargeError) throw tooLarge(part.fieldname);
          throw error;
        }
        // An empty file input sends an empty part: no file.
        if (entry.sizeBytes === 0) {
          stored.pop();
          await storage.deleteObject(key);
        }
      }
      currentPart = undefined;

      for (const entry of stored) {
        currentPart = entry.part;
        let inspection;
        try {
          inspection = await inspectUpload({
            storage,
            settings,
            key: entry.key,
            sizeBytes: entry.sizeBytes,
            slot: entry.slot,
            originalName: entry.originalName,
            declared: entry.slot === 'file' ? spec.declaredFileType?.(fields) : undefined,
          });
        } catch (error) {
          if (error instanceof ContentRefusal) throw refused(entry.part, error);
          throw error;
        }
        const id = path.posix.basename(entry.key, '.upload');
        if (entry.slot === 'cover') {
          const coverKey = `${spec.keyPrefix}/${id}.webp`;
          let cover;
          try {
            cover = await encodeCover(entry.key, coverKey);
          } catch (error) {
            if (error instanceof ContentRefusal) throw refused(entry.part, error);
            throw error;
          }
          files.push({
            slot: entry.slot,
            storageKey: cover.object.key,
            originalName: entry.originalName,
            mime: 'image/webp',
            sizeBytes: cover.object.sizeBytes,
            sha256: cover.object.sha256,
            width: cover.width,
            height: cover.height,
            pages: null,
            flags: [],
            fileType: null,
            extension: 'webp',
          });
          await storage.deleteObject(entry.key);
        } else {
          const moved = await storage.moveObject(entry.key, `${spec.keyPrefix}/${id}.${inspection.kind}`);
          files.push({
            slot: entry.slot,
            storageKey: moved.key,
            originalName: entry.originalName,
            mime: inspection.mime,
            sizeBytes: moved.sizeBytes,
            sha256: moved.sha256,
            width: null,
            height: null,
            pages: inspection.pages,
            flags: inspection.flags,
            fileType: inspection.fileType,
            extension: inspection.kind,
          });
        }
      }
      return { fields, files };
    } catch (error) {
      await discard([
        ...stored.map((entry) => ({ storageKey: entry.key })),
        ...files.map((file) => ({ storageKey: file.storageKey })),
      ]);
      stopReading(request, largest);
      const failure = error as MultipartError;
      if (failure.code === 'FST_REQ_FILE_TOO_LARGE') {
        throw tooLarge(failure.part?.fieldname ?? currentPart ?? 'file');
      }
      throw error;
    }
  }

  /** The first SAMPLE_PAGES pages of the PDF at `sourceKey`, stored at `targetKey`; null when not a PDF. */
  async function cutSample(sourceKey: string, targetKey: string): Promise<CutSample | null> {
    const source = await storage.getObject(sourceKey);
    if (!source || !source.bytes.subarray(0, 1024).includes('%PDF-')) return null;
    let sample: { pages: number; bytes: Uint8Array };
    try {
      sample = await cutPdf(source.bytes, SAMPLE_PAGES);
    } catch (error) {
      if (error instanceof PdfDamagedError) return null;
      throw error;
    }
    const object = await storage.putObject(targetKey, sample.bytes, 'application/pdf');
    return { key: object.key, pages: sample.pages, sizeBytes: object.sizeBytes, sha256: object.sha256 };
  }

  return { receiveMultipart, discard, cutSample };
}

/**
 * After a refusal, the rest of the request body is read and dropped (so the client, still sending, gets the
 * answer), up to `budget` bytes more; past that, the connection is closed.
 */
function stopReading(request: FastifyRequest, budget: number): void {
  const raw = request.raw;
  if (raw.readableEnded || raw.destroyed) return;
  // Into a sink rather than `resume()`: the multipart parser unpipes itself later, which would pause the
  // request again were nothing else piped from it.
  raw.unpipe();
  let drained = 0;
  const sink = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      drained += chunk.length;
      if (drained > budget) raw.destroy();
      callback();
    },
  });
  raw.pipe(sink);
}

export type UploadsService = ReturnType<typeof createUploadsService>;
