import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { createLocalStorage, isValidStorageKey, type Storage, type StoredObject } from './storage.ts';

export type CopyProgress = {
  done: number;
  total: number;
  bytesDone: number;
  bytesTotal: number;
  copied: number;
  skipped: number;
  failed: number;
};

export type CopyFailure = { key: string; error: string };

/** Objects copied at once. */
const COPIES_AT_ONCE = 4;

/** The keys of the local store under `root`: one per metadata file (`meta/<key>.json`), sorted. */
export async function listLocalKeys(root: string): Promise<string[]> {
  const metaDir = path.resolve(root, 'meta');
  let entries;
  try {
    entries = await readdir(metaDir, { recursive: true, withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.json'))
    .map((entry) => path.relative(metaDir, path.join(entry.parentPath, entry.name)).slice(0, -'.json'.length))
    .map((key) => key.split(path.sep).join('/'))
    .filter(isValidStorageKey)
    .sort();
}

/**
 * Copies every object of the local store under `root` into `target`, with its mime type and SHA-256. An object
 * the target already holds with the same size and SHA-256 is skipped, so running it again after an interruption
 * copies only what is missing. A failed object does not stop the others: it is counted and reported.
 */
export async function copyLocalObjects(
  root: string,
  target: Storage,
  report: { progress?(progress: CopyProgress): void; failure?(failure: CopyFailure): void } = {},
): Promise<CopyProgress & { failures: CopyFailure[] }> {
  const source = createLocalStorage(root);
  const keys = await listLocalKeys(root);
  const objects: StoredObject[] = [];
  const failures: CopyFailure[] = [];
  const fail = (key: string, error: unknown) => {
    const failure = { key, error: error instanceof Error ? error.message : String(error) };
    failures.push(failure);
    report.failure?.(failure);
  };
  for (const key of keys) {
    const object = await source.stat(key).catch((error: unknown) => {
      fail(key, error);
      return null;
    });
    if (object) objects.push(object);
    else if (object === undefined) fail(key, new Error('metadata without its bytes'));
  }
  const progress: CopyProgress = {
    done: failures.length,
    total: keys.length,
    bytesDone: 0,
    bytesTotal: objects.reduce((sum, object) => sum + object.sizeBytes, 0),
    copied: 0,
    skipped: 0,
    failed: failures.length,
  };

  let next = 0;
  async function worker() {
    for (let index = next++; index < objects.length; index = next++) {
      const object = objects[index]!;
      try {
        const there = await target.stat(object.key);
        if (there && there.sizeBytes === object.sizeBytes && there.sha256 === object.sha256) {
          progress.skipped += 1;
        } else {
          const stored = await target.putStream(
            object.key,
            await source.createReadStream(object.key),
            object.mime,
          );
          if (stored.sha256 !== object.sha256 || stored.sizeBytes !== object.sizeBytes) {
            throw new Error(
              `copied ${stored.sizeBytes} bytes of SHA-256 ${stored.sha256}, the local metadata says ` +
                `${object.sizeBytes} bytes of SHA-256 ${object.sha256}`,
            );
          }
          progress.copied += 1;
        }
      } catch (error) {
        progress.failed += 1;
        fail(object.key, error);
      }
      progress.done += 1;
      progress.bytesDone += object.sizeBytes;
      report.progress?.({ ...progress });
    }
  }
  await Promise.all(Array.from({ length: COPIES_AT_ONCE }, worker));
  return { ...progress, failures };
}
