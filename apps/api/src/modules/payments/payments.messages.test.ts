import { describe, expect, it } from 'vitest';
import { declineCodes } from '@hls/contract';
import { lookup, readNamespace } from '@hls/locales';
import { declineMessage, message } from './payments.messages.ts';

describe('what the API says of a payment', () => {
  for (const lng of ['fr', 'en'] as const) {
    const checkout = readNamespace(lng, 'checkout');

    it(`refuses a card in the checkout page’s words (${lng})`, () => {
      for (const code of declineCodes) {
        expect(declineMessage(code, 'The provider’s words.', lng)).toBe(lookup(checkout, `declines.${code}`));
      }
      expect(declineMessage('do_not_honor', 'The provider’s words.', lng)).toBe('The provider’s words.');
      expect(declineMessage('do_not_honor', null, lng)).toBe(lookup(checkout, 'declines.card_declined'));
    });

    it(`says a payment that does not match, or came too late, in the checkout page’s words (${lng})`, () => {
      expect(message('mismatch', lng)).toBe(lookup(checkout, 'declines.mismatch'));
      expect(message('expiredRefunded', lng)).toBe(lookup(checkout, 'closed.expiredRefunded'));
    });
  }
});
