import { describe, expect, it } from 'vitest';
import { toApiFailure } from './api-error';

describe('API failure reading', () => {
  it('reads code, message and fields of the shared error body', () => {
    const failure = toApiFailure({
      status: 400,
      data: { error: { code: 'validation_failed', message: 'Bad', fields: { email: 'email.invalid' } } },
    });
    expect(failure).toEqual({
      hasResponse: true,
      status: 400,
      code: 'validation_failed',
      message: 'Bad',
      fields: { email: 'email.invalid' },
      retryAfter: null,
    });
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
