import type { FastifyServerOptions } from 'fastify';
import { stdSerializers } from 'pino';

const secretKeys = [
  'password',
  'oldPassword',
  'newPassword',
  'access',
  'refresh',
  'token',
  'iban',
  'passwordHash',
];

/** What a failed query's error says of the values it carried: nothing. */
const valueFields = ['params', 'parameters', 'detail', 'where', 'internalQuery'];

/**
 * Errors as pino logs them, without the values of a failed query: Drizzle puts the query's parameters (an
 * e-mail, a password hash) in its error's `params` and message, PostgreSQL repeats a conflicting value in
 * `detail`. The query text, the code, the constraint and the stack stay.
 */
export function errorWithoutValues(error: Error): ReturnType<typeof stdSerializers.err> {
  const serialized = stdSerializers.err(error) as ReturnType<typeof stdSerializers.err> &
    Record<string, unknown>;
  const scrub = (value: Record<string, unknown>) => {
    for (const field of valueFields) delete value[field];
    if (typeof value.message === 'string') value.message = value.message.replace(/\nparams: [\s\S]*$/, '');
    if (typeof value.stack === 'string') value.stack = value.stack.replace(/\nparams: [^\n]*/, '');
  };
  scrub(serialized);
  for (
    let cause = serialized.cause as Record<string, unknown> | undefined, depth = 0;
    cause && depth < 5;
    depth++
  ) {
    if (typeof cause !== 'object') break;
    scrub(cause);
    cause = cause.cause as Record<string, unknown> | undefined;
  }
  return serialized;
}

/** pino options shared by the server and the commands: secrets never reach the logs. */
export function loggerOptions(level: string): NonNullable<Exclude<FastifyServerOptions['logger'], boolean>> {
  return {
    level,
    serializers: { err: errorWithoutValues },
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'res.headers["set-cookie"]',
        ...secretKeys.flatMap((key) => [key, `*.${key}`, `*.*.${key}`]),
      ],
      censor: '[redacted]',
    },
  };
}
