/** What other modules may use of the uploads module besides `app.uploads` (`receiveMultipart`, `discard`, `cutSample`). */
export { extensionOfMime } from './uploads.inspect.ts';
export type { UploadsService } from './uploads.service.ts';
export {
  streamMultipart,
  type CutSample,
  type ReceivedFile,
  type ReceivedMultipart,
  type UploadFlag,
  type UploadSpec,
} from './uploads.types.ts';
