import { describe, expect, it } from 'vitest';
import { AppError } from './app-error.ts';
import { mapError } from './error-mapping.ts';

const translate = (key: string) => `t(${key})`;

describe('mapError', () => {
  it('maps an AppError to its status and code, translating field keys', () => {
    const mapped = mapError(
      new AppError('wrong_password', 400, 'Wrong.', { oldPassword: 'password.wrong' }),
      translate,
    );
    expect(mapped).toEqual({
      status: 400,
      body: {
        error: { code: 'wrong_password', message: 'Wrong.', fields: { oldPassword: 't(password.wrong)' } },
      },
      fault: false,
    });
  });

  it('maps schema validation issues to 400 validation_failed with one message per field', () => {
    const error = Object.assign(new Error('body/email Invalid'), {
      statusCode: 400,
      validation: [
        { instancePath: '/email', message: 'email.invalid' },
        { instancePath: '/email', message: 'email.required' },
        { instancePath: '/address/city', message: 'generic.required' },
        { instancePath: '', message: 'Invalid input' },
      ],
    });
    expect(mapError(error, translate)).toEqual({
      status: 400,
      body: {
        error: {
          code: 'validation_failed',
          message: 'Some fields are not valid.',
          fields: { email: 't(email.invalid)', 'address.city': 't(generic.required)', _: 't(Invalid input)' },
        },
      },
      fault: false,
    });
  });

  it('maps framework client errors by status', () => {
    const cases = [
      [413, 'payload_too_large'],
      [415, 'unsupported_media_type'],
      [404, 'not_found'],
      [429, 'rate_limited'],
      [401, 'unauthorized'],
    ] as const;
    for (const [statusCode, code] of cases) {
      const mapped = mapError(Object.assign(new Error('x'), { statusCode }), translate);
      expect(mapped.status).toBe(statusCode);
      expect(mapped.body.error.code).toBe(code);
      expect(mapped.fault).toBe(false);
    }
  });

  it('hides the message of unexpected errors behind a 500', () => {
    const mapped = mapError(new Error('relation "users" does not exist'), translate);
    expect(mapped).toEqual({
      status: 500,
      body: { error: { code: 'internal_error', message: 'Internal server error' } },
      fault: true,
    });
    expect(mapError('a string was thrown', translate).status).toBe(500);
    expect(mapError(new AppError('internal_error', 500, 'Boom'), translate).fault).toBe(true);
  });
});
