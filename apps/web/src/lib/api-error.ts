import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { SerializedError } from '@reduxjs/toolkit';
import type { ErrorBody, ErrorCode } from '@hls/contract';

export type ApiFailure = {
  /** False when the server never answered (network down, CORS, timeout). */
  hasResponse: boolean;
  status: number | null;
  code: ErrorCode | null;
  message: string | null;
  fields: Record<string, string>;
  /** Seconds before trying again, when the server said (`rate_limited`). */
  retryAfter: number | null;
};

/** Normalises an RTK Query error into the shared error body `{ error: { code, message, fields } }`. */
export function toApiFailure(error: FetchBaseQueryError | SerializedError | undefined | unknown): ApiFailure {
  const failure: ApiFailure = {
    hasResponse: false,
    status: null,
    code: null,
    message: null,
    fields: {},
    retryAfter: null,
  };
  if (!error || typeof error !== 'object' || !('status' in error)) return failure;
  const { status } = error as FetchBaseQueryError;
  if (typeof status !== 'number') return failure;
  failure.hasResponse = true;
  failure.status = status;
  const body = (error as { data?: unknown }).data;
  if (isErrorBody(body)) {
    failure.code = body.error.code;
    failure.message = body.error.message;
    failure.fields = body.error.fields ?? {};
    const { retryAfter } = body.error;
    if (typeof retryAfter === 'number' && retryAfter > 0) failure.retryAfter = retryAfter;
  }
  return failure;
}

/** The shape of the shared error body, checked by hand: the zod schema stays out of the first page load. */
function isErrorBody(value: unknown): value is ErrorBody {
  if (!value || typeof value !== 'object') return false;
  const { error } = value as { error?: unknown };
  if (!error || typeof error !== 'object') return false;
  const { code, message, fields } = error as Record<string, unknown>;
  return (
    typeof code === 'string' &&
    typeof message === 'string' &&
    (fields === undefined ||
      (!!fields &&
        typeof fields === 'object' &&
        Object.values(fields).every((field) => typeof field === 'string')))
  );
}
