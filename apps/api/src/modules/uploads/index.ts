/**
 * What other modules may use of the uploads module besides `app.uploads`: the types of
 * `app.uploads.receiveMultipart(request, spec)`, `discard(files)` and `cutSample(sourceKey, targetKey)`, and
 * `streamMultipart`, the config a route that streams its multipart body must carry:
 *
 * ```ts
 * app.put('/api/submissions/:id/files/:slot', { config: streamMultipart, schema: { params, response } },
 *   async (request) => {
 *     const { fields, files } = await app.uploads.receiveMultipart(request, {
 *       files: { file: request.params.slot }, keyPrefix: `submissions/${id}`,
 *     });
 *     // … on a later failure: await app.uploads.discard(files)
 *   });
 * ```
 *
 * Refusals are AppErrors: 413 `payload_too_large` `{ [part]: 'upload.tooLarge' }`; 415 `upload_rejected`
 * `{ [part]: 'upload.type' | 'upload.typeMismatch' }`; 422 `upload_rejected` `{ [part]: 'upload.unsafe' |
 * 'upload.damaged' | 'upload.macros' }`; 400 `validation_failed` for a file part the spec does not name or a
 * slot sent twice. Whatever is refused, nothing the request stored is left in storage.
 */
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
