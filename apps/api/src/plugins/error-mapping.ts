import type { ErrorBody, ErrorCode } from '@hls/contract';
import { isDatabaseUnavailable } from '../db/errors.ts';
import { AppError } from './app-error.ts';
import type { Translate } from './validation-messages.ts';

export type MappedError = {
  status: number;
  body: ErrorBody;
  /** True when the error is ours to log as a fault. */ fault: boolean;
};

type ValidationIssue = { instancePath?: string; message?: string };
type FrameworkError = {
  statusCode?: number;
  code?: string;
  message?: string;
  validation?: ValidationIssue[];
};

const codeByStatus: Record<number, ErrorCode> = {
  400: 'validation_failed',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  429: 'rate_limited',
  503: 'service_unavailable',
};

const messageByCode: Partial<Record<ErrorCode, string>> = {
  validation_failed: 'Some fields are not valid.',
  unauthorized: 'Authentication required.',
  forbidden: 'You are not allowed to do this.',
  not_found: 'Not found.',
  payload_too_large: 'The request is too large.',
  unsupported_media_type: 'This content type is not supported.',
  rate_limited: 'Too many requests. Try again later.',
  service_unavailable: 'The service is temporarily unavailable.',
};

type FieldMessages = { fields: Record<string, string>; fieldKeys: Record<string, string> };

/**
 * Each field's message in the request's language, and its key for the web app (which says it in the visitor's
 * language): a message that is no key of the catalogue (a library's own sentence) counts as `generic.invalid`.
 */
function fieldMessages(keyed: [field: string, key: string][], translate: Translate): FieldMessages {
  const fields: Record<string, string> = {};
  const fieldKeys: Record<string, string> = {};
  const unknown = translate('generic.invalid');
  for (const [field, key] of keyed) {
    if (field in fields) continue;
    const text = translate(key);
    fields[field] = text;
    fieldKeys[field] = text === unknown ? 'generic.invalid' : key;
  }
  return { fields, fieldKeys };
}

function fieldsFromIssues(issues: ValidationIssue[], translate: Translate): FieldMessages {
  return fieldMessages(
    issues.map((issue) => [
      (issue.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.') || '_',
      issue.message ?? 'generic.invalid',
    ]),
    translate,
  );
}

/** Maps any thrown value to the API's error shape. Pure: the hook does the logging and sending. */
export function mapError(error: unknown, translate: Translate): MappedError {
  if (error instanceof AppError) {
    const fields = error.fields ? fieldMessages(Object.entries(error.fields), translate) : undefined;
    return {
      status: error.status,
      body: {
        error: {
          code: error.code,
          message: error.message,
          ...fields,
          ...(error.retryAfter !== undefined ? { retryAfter: error.retryAfter } : {}),
          ...(error.reason !== undefined ? { reason: error.reason } : {}),
        },
      },
      fault: error.status >= 500,
    };
  }

  const framework = (typeof error === 'object' && error !== null ? error : {}) as FrameworkError;
  if (Array.isArray(framework.validation)) {
    return {
      status: 400,
      body: {
        error: {
          code: 'validation_failed',
          message: messageByCode.validation_failed!,
          ...fieldsFromIssues(framework.validation, translate),
        },
      },
      fault: false,
    };
  }

  const status = framework.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    const code = codeByStatus[status] ?? 'validation_failed';
    // Framework 4xx messages (malformed JSON, empty body…) are safe and useful to show.
    const message =
      status === 400 && framework.message ? framework.message : (messageByCode[code] ?? 'Bad request.');
    return { status, body: { error: { code, message } }, fault: false };
  }

  if (status === 503 || isDatabaseUnavailable(error)) {
    // Out of reach or too slow for now (a statement past its timeout, a lost connection): the client may retry.
    return {
      status: 503,
      body: { error: { code: 'service_unavailable', message: messageByCode.service_unavailable! } },
      fault: true,
    };
  }

  return {
    status: 500,
    body: {
      error: { code: 'internal_error', message: 'Internal server error' },
    },
    fault: true,
  };
}
