import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { SerializedError } from '@reduxjs/toolkit';
import type { ErrorBody, ErrorCode } from '@hls/contract';

/**
 * What the page needs of a failed call, all of it translatable: the error code (namespace `errors`), each field's
 * message key (namespace `validation`) and the finer reason. The server's own `message` (English, for API callers)
 * is left out, so a page can only say what went wrong in the visitor's language.
 */
export type ApiFailure = {
  /** False when the server never answered (network down, CORS, timeout). */
  hasResponse: boolean;
  status: number | null;
  code: ErrorCode | null;
  /** Field path → message key (`email.invalid`); the server's sentence for a field it gave no key. */
  fields: Record<string, string>;
  /** Seconds before trying again, when the server said (`rate_limited`). */
  retryAfter: number | null;
  /** A finer cause, such as a card's decline code with `payment_declined`. */
  reason: string | null;
};

/** Normalises an RTK Query error into the shared error body `{ error: { code, fields, fieldKeys, … } }`. */
export function toApiFailure(error: FetchBaseQueryError | SerializedError | undefined | unknown): ApiFailure {
  const failure: ApiFailure = {
    hasResponse: false,
    status: null,
    code: null,
    fields: {},
    retryAfter: null,
    reason: null,
  };
  if (!error || typeof error !== 'object' || !('status' in error)) return failure;
  const { status } = error as FetchBaseQueryError;
  if (typeof status !== 'number') return failure;
  failure.hasResponse = true;
  failure.status = status;
  const body = (error as { data?: unknown }).data;
  if (isErrorBody(body)) {
    failure.code = body.error.code;
    failure.fields = { ...body.error.fields, ...body.error.fieldKeys };
    const { retryAfter, reason } = body.error;
    if (typeof retryAfter === 'number' && retryAfter > 0) failure.retryAfter = retryAfter;
    if (typeof reason === 'string' && reason) failure.reason = reason;
  }
  return failure;
}

/** The shape of the shared error body, checked by hand: the zod schema stays out of the first page load. */
function isErrorBody(value: unknown): value is ErrorBody {
  if (!value || typeof value !== 'object') return false;
  const { error } = value as { error?: unknown };
  if (!error || typeof error !== 'object') return false;
  const { code, message, fields, fieldKeys } = error as Record<string, unknown>;
  return (
    typeof code === 'string' && typeof message === 'string' && isTextRecord(fields) && isTextRecord(fieldKeys)
  );
}

/** Absent, or an object of strings. */
function isTextRecord(value: unknown): boolean {
  return (
    value === undefined ||
    (!!value && typeof value === 'object' && Object.values(value).every((text) => typeof text === 'string'))
  );
}
