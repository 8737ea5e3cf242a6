import { errorStatus, type ErrorCode } from '@hls/contract';

type AppErrorOptions = {
  /** Another status than the code's own (`errorStatus`), where the code has two: an upload refused with 422. */
  status?: number;
  /** Seconds before trying again (a 429): the `Retry-After` header and `retryAfter` of the body. */
  retryAfter?: number;
  /** A finer cause the web app translates (a card's decline code): `reason` of the body. */
  reason?: string;
};

/**
 * The error services throw: a stable code from the contract, whose HTTP status follows from it (`errorStatus`), a
 * message, and optional field messages.
 */
export class AppError extends Error {
  override name = 'AppError';
  readonly code: ErrorCode;
  readonly status: number;
  /** Field path → i18n key of the `validation` namespace; translated by the error handler. */
  readonly fields: Record<string, string> | undefined;
  readonly retryAfter: number | undefined;
  readonly reason: string | undefined;

  constructor(
    code: ErrorCode,
    message: string,
    fields?: Record<string, string>,
    options: AppErrorOptions = {},
  ) {
    super(message);
    this.code = code;
    this.status = options.status ?? errorStatus[code];
    this.fields = fields;
    this.retryAfter = options.retryAfter;
    this.reason = options.reason;
  }
}
