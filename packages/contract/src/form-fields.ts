import { z } from 'zod';

/** What the forms' fields share (multipart text parts and query strings); not part of the package's index. */

/** Multipart text fields arrive as strings: '' means "not given". */
export const blankToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);
export const optionalOf = <T extends z.ZodType>(schema: T) =>
  z.preprocess(blankToUndefined, schema.optional());
export const booleanField = z.preprocess(
  (value) =>
    value === 'true' || value === 'on' || value === '1'
      ? true
      : value === 'false' || value === '0'
        ? false
        : value,
  z.boolean({ error: 'boolean.invalid' }),
);
