import { describe, expect, it } from 'vitest';
import { AppError } from './app-error.ts';
import { mapError } from './error-mapping.ts';

/** A catalogue that knows the keys with a dot; anything else gets the generic message, as the real one does. */
const translate = (key: string) => (key.includes('.') ? `t(${key})` : 't(generic.invalid)');

describe('mapError', () => {
  it('maps an AppError to its status and code, translating field keys and giving them for the web app', () => {
    const mapped = mapError(
      new AppError('wrong_password', 'Wrong.', { oldPassword: 'password.wrong' }),
      translate,
    );
    expect(mapped).toEqual({
      status: 400,
      body: {
        error: {
          code: 'wrong_password',
          message: 'Wrong.',
          fields: { oldPassword: 't(password.wrong)' },
          fieldKeys: { oldPassword: 'password.wrong' },
        },
      },
      fault: false,
    });
  });

  it('maps schema validation issues to 400 validation_failed with one message and key per field', () => {
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
          fields: {
            email: 't(email.invalid)',
            'address.city': 't(generic.required)',
            _: 't(generic.invalid)',
          },
          fieldKeys: { email: 'email.invalid', 'address.city': 'generic.required', _: 'generic.invalid' },
        },
      },
      fault: false,
    });
  });

  it('gives the finer reason of an AppError, such as a card’s decline code', () => {
    const mapped = mapError(
      new AppError('payment_declined', 'Declined.', undefined, { reason: 'insufficient_funds' }),
      translate,
    );
    expect(mapped.body.error).toEqual({
      code: 'payment_declined',
      message: 'Declined.',
      reason: 'insufficient_funds',
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
    expect(mapError(new AppError('internal_error', 'Boom'), translate).fault).toBe(true);
  });
});
