import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { SerializedError } from '@reduxjs/toolkit';
import { ErrorBody } from '@hls/contract';
import type { ErrorCode } from '@hls/contract';

export type ApiFailure = {
  /** False when the server never answered (network down, CORS, timeout). */
  hasResponse: boolean;
  status: number | null;
  code: ErrorCode | null;
  message: string | null;
  fields: Record<string, string>;
};

/** Normalises an RTK Query error into the shared error body `{ error: { code, message, fields } }`. */
export function toApiFailure(error: FetchBaseQueryError | SerializedError | undefined | unknown): ApiFailure {
  const failure: ApiFailure = { hasResponse: false, status: null, code: null, message: null, fields: {} };
  if (!error || typeof error !== 'object' || !('status' in error)) return failure;
  const { status } = error as FetchBaseQueryError;
  if (typeof status !== 'number') return failure;
  failure.hasResponse = true;
  failure.status = status;
  const body = ErrorBody.safeParse((error as { data?: unknown }).data);
  if (body.success) {
    failure.code = body.data.error.code;
    failure.message = body.data.error.message;
    failure.fields = body.data.error.fields ?? {};
  }
  return failure;
}
