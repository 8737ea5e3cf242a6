/** What other modules and the commands may use of the storage module besides `app.storage`. */
export {
  createLocalStorage,
  isValidStorageKey,
  StorageNotFoundError,
  StorageTooLargeError,
  StorageUnavailableError,
  type ObjectReader,
  type StoredObject,
  type Storage,
} from './storage.ts';
export { DestinationClosedError, pipeObject } from './pipe-object.ts';
export { sendStoredObject } from './send-object.ts';
// The S3 client is loaded only where a bucket is configured (storage.plugin.ts, the storage:copy command).
export type { S3Storage } from './s3-storage.ts';
