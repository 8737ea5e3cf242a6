import type { ErrorCode } from '@hls/contract';

/** The error services throw: a stable code from the contract, its HTTP status, and optional field messages. */
export class AppError extends Error {
  override name = 'AppError';
  readonly code: ErrorCode;
  readonly status: number;
  /** Field path → i18n key of the `validation` namespace; translated by the error handler. */
  readonly fields: Record<string, string> | undefined;
  /** Seconds before trying again (a 429): the `Retry-After` header and `retryAfter` of the body. */
  readonly retryAfter: number | undefined;
  /** A finer cause the web app translates (a card's decline code): `reason` of the body. */
  readonly reason: string | undefined;

  constructor(
    code: ErrorCode,
    status: number,
    message: string,
    fields?: Record<string, string>,
    options: { retryAfter?: number; reason?: string } = {},
  ) {
    super(message);
    this.code = code;
    this.status = status;
    this.fields = fields;
    this.retryAfter = options.retryAfter;
    this.reason = options.reason;
  }
}
