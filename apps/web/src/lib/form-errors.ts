import type { z } from 'zod';

export type FieldErrors = Record<string, string>;

/** First message per top-level field of a failed zod parse (messages are `validation` keys). */
export function fieldErrorsFromZod(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? 'form');
    errors[field] ??= issue.message;
  }
  return errors;
}

/** Server field errors may be keyed by a path (`body.email`); the form needs the field name. */
export function fieldErrorsFromServer(fields: Record<string, string>): FieldErrors {
  const errors: FieldErrors = {};
  for (const [path, message] of Object.entries(fields)) {
    const field = path.split('.').pop() ?? path;
    errors[field] ??= message;
  }
  return errors;
}
