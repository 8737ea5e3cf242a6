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
  'internal_error',
] as const;

export const ErrorCode = z.enum(errorCodes);
export type ErrorCode = z.infer<typeof ErrorCode>;

export const ErrorBody = z.object({
  error: z.object({
    code: ErrorCode,
    message: z.string(),
    /** Field path → message, for validation errors. */
    fields: z.record(z.string(), z.string()).optional(),
  }),
});
export type ErrorBody = z.infer<typeof ErrorBody>;
