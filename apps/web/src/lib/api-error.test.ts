import { describe, expect, it } from 'vitest';
import { toApiFailure } from './api-error';

describe('API failure reading', () => {
  it('reads the code and each field’s message key of the shared error body, never the English message', () => {
    const failure = toApiFailure({
      status: 400,
      data: {
        error: {
          code: 'validation_failed',
          message: 'Some fields are not valid.',
          fields: { email: 'Enter a valid e-mail address.', 'address.city': 'Ville manquante' },
          fieldKeys: { email: 'email.invalid' },
        },
      },
    });
    expect(failure).toEqual({
      hasResponse: true,
      status: 400,
      code: 'validation_failed',
      fields: { email: 'email.invalid', 'address.city': 'Ville manquante' },
      retryAfter: null,
      reason: null,
    });
  });

  it('reads the finer reason of a refusal, such as a card’s decline code', () => {
    const failure = toApiFailure({
      status: 402,
      data: {
        error: {
          code: 'payment_declined',
          message: 'Your card has insufficient funds.',
          reason: 'insufficient_funds',
        },
      },
    });
    expect(failure).toMatchObject({ code: 'payment_declined', reason: 'insufficient_funds' });
    expect(failure).not.toHaveProperty('message');
  });

  it('reads when to try again from a rate_limited answer', () => {
    const failure = toApiFailure({
      status: 429,
      data: { error: { code: 'rate_limited', message: 'Too many attempts.', retryAfter: 840 } },
    });
    expect(failure).toMatchObject({ code: 'rate_limited', retryAfter: 840 });
  });

  it('keeps the status but no details when the body is not the shared shape', () => {
    expect(toApiFailure({ status: 502, data: '<html>' })).toMatchObject({
      status: 502,
      code: null,
      fields: {},
    });
    expect(
      toApiFailure({ status: 400, data: { error: { code: 'x', message: 'y', fields: { a: 1 } } } }),
    ).toMatchObject({ code: null });
  });

  it('tells a network failure from an answer', () => {
    expect(toApiFailure({ status: 'FETCH_ERROR', error: 'offline' }).hasResponse).toBe(false);
    expect(toApiFailure(undefined).hasResponse).toBe(false);
  });
});
