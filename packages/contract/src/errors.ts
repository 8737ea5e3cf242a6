import { z } from 'zod';

/** Every error code the API can answer with; the web app translates them (namespace `errors`). */
export const errorCodes = [
  'validation_failed',
  'unauthorized',
  'token_expired',
  'forbidden',
  'not_found',
  'email_not_found',
  'email_taken',
  'invalid_credentials',
  'invalid_refresh_token',
  'invalid_reset_token',
  'wrong_password',
  'rate_limited',
  'payload_too_large',
  'unsupported_media_type',
  'service_unavailable',
  /** The order is no longer waiting for payment (paid, cancelled or expired). */
  'order_not_payable',
  /** A paper order needs its delivery address before payment. */
  'address_required',
  /** The order needs the buyer's country (and a business's VAT number) before payment: VAT depends on it. */
  'billing_required',
  /**
   * The request's address places the buyer in another country than the one given: the buyer confirms their
   * country (`reason` is the other country's code) and the evidence is kept.
   */
  'country_unconfirmed',
  /** The EU's VIES service could not check a VAT number just now; nothing was changed. */
  'vat_check_unavailable',
  /** The card was refused; `message` carries the provider's reason. */
  'payment_declined',
  /** The provider has not (yet) taken the payment: confirm again once the card is confirmed. */
  'payment_incomplete',
  /** The payment provider cannot be reached; nothing was changed, try again. */
  'payment_provider_unavailable',
  /** The withdrawal period is over, or nothing in the order can be withdrawn. */
  'withdrawal_unavailable',
  /** The order (or line) cannot be refunded: unpaid, already refunded, or more than was paid. */
  'refund_unavailable',
  /** The order's state does not allow this step (ship before paid, deliver before shipped…). */
  'invalid_transition',
  /** The buyer's stamped copy is still being prepared. */
  'download_not_ready',
  /** The download link is forged, expired, of another user or of a revoked purchase. */
  'invalid_download_token',
  /**
   * An upload refused for what it holds (415 for a type not accepted or not the one declared, 422 for a file
   * that cannot be taken in safely: a zip bomb, a zip-slip name, a damaged package); `fields` names the upload.
   */
  'upload_rejected',
  /** The EPUB has errors epubcheck calls blocking (its report is in the proposal): it cannot be published. */
  'epub_invalid',
  /** The EPUB's check has not run yet: publish once its report is in. */
  'epub_check_pending',
  /** A suspended account cannot log in. */
  'account_suspended',
  /** Ordering waits until the account's e-mail address is confirmed (the link mailed to it was followed). */
  'email_unconfirmed',
  /** An e-mail confirmation or report link is unknown, used, expired, or of an address no longer concerned. */
  'invalid_email_token',
  /** Only a verified buyer of a product (or, for a free document, someone who downloaded it) may review it. */
  'review_not_allowed',
  'internal_error',
] as const;

export const ErrorCode = z.enum(errorCodes);
export type ErrorCode = z.infer<typeof ErrorCode>;

/**
 * The HTTP status each code answers with: an error names its code, the status follows. `upload_rejected` is a 415
 * for a type not accepted and a 422 (given explicitly) for a file that cannot be taken in safely.
 */
export const errorStatus = {
  validation_failed: 400,
  unauthorized: 401,
  token_expired: 401,
  forbidden: 403,
  not_found: 404,
  email_not_found: 404,
  email_taken: 409,
  invalid_credentials: 401,
  invalid_refresh_token: 401,
  invalid_reset_token: 400,
  wrong_password: 400,
  rate_limited: 429,
  payload_too_large: 413,
  unsupported_media_type: 415,
  service_unavailable: 503,
  order_not_payable: 409,
  address_required: 409,
  billing_required: 409,
  country_unconfirmed: 409,
  vat_check_unavailable: 503,
  payment_declined: 402,
  payment_incomplete: 409,
  payment_provider_unavailable: 503,
  withdrawal_unavailable: 409,
  refund_unavailable: 409,
  invalid_transition: 409,
  download_not_ready: 409,
  invalid_download_token: 403,
  upload_rejected: 415,
  epub_invalid: 409,
  epub_check_pending: 409,
  account_suspended: 403,
  email_unconfirmed: 403,
  invalid_email_token: 400,
  review_not_allowed: 403,
  internal_error: 500,
} as const satisfies Record<ErrorCode, number>;

export const ErrorBody = z.object({
  error: z.object({
    code: ErrorCode,
    message: z.string(),
    /** Field path → message in the request's language (`lng`, then Accept-Language), for validation errors. */
    fields: z.record(z.string(), z.string()).optional(),
    /**
     * Field path → the key of its message in the web app's `validation` namespace (`email.invalid`), so the page
     * says it in the visitor's language whatever language the request asked for.
     */
    fieldKeys: z.record(z.string(), z.string()).optional(),
    /** Seconds before trying again, with `rate_limited` (also the `Retry-After` header). */
    retryAfter: z.number().int().positive().optional(),
    /** A finer cause for the web app to translate: the card's decline code (or `mismatch`) of `payment_declined`. */
    reason: z.string().optional(),
  }),
});
export type ErrorBody = z.infer<typeof ErrorBody>;
