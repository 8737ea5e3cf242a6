import type { FastifyServerOptions } from 'fastify';

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

/** pino options shared by the server and the commands: secrets never reach the logs. */
export function loggerOptions(level: string): NonNullable<Exclude<FastifyServerOptions['logger'], boolean>> {
  return {
    level,
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
