import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler as zodValidatorCompiler } from 'fastify-type-provider-zod';

/**
 * C0 control characters but tab, line feed and carriage return, and DEL: nothing a person types, and NUL cannot
 * be stored by PostgreSQL at all (it would fail the query: a 500 instead of a 400).
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

/** How deep an input is searched: the contract's bodies are a few levels deep. */
const MAX_DEPTH = 8;

type Issue = { keyword: string; instancePath: string; schemaPath: string; message: string; params: object };

/** The paths (`/lines/0/title`) of the strings in `value` that hold a control character. */
function controlCharacterPaths(value: unknown, path = '', depth = 0, found: string[] = []): string[] {
  if (typeof value === 'string') {
    if (CONTROL_CHARACTERS.test(value)) found.push(path || '/');
  } else if (value !== null && typeof value === 'object' && depth < MAX_DEPTH) {
    for (const [key, item] of Object.entries(value)) {
      controlCharacterPaths(item, `${path}/${key}`, depth + 1, found);
    }
  }
  return found;
}

/**
 * Every route's input (body, query, params) is checked against its contract schema, and its body and query first
 * for control characters in any of their text: those are refused as a field error (`text.control`) before anything reads them.
 */
export const validatorCompiler: FastifySchemaCompiler<unknown> = (route) => {
  const validate = zodValidatorCompiler(route as Parameters<typeof zodValidatorCompiler>[0]);
  // A path's parameters name things (ids, storage keys): their own schemas refuse what names nothing.
  if (route.httpPart === 'params') return validate;
  return (data: unknown) => {
    const paths = controlCharacterPaths(data);
    if (paths.length > 0) {
      const error: Issue[] = paths.map((instancePath) => ({
        keyword: 'control_characters',
        instancePath,
        schemaPath: `#${instancePath}`,
        message: 'text.control',
        params: {},
      }));
      return { error: error as unknown as Error };
    }
    return validate(data);
  };
};
