import type { DeclineCode, Language } from '@hls/contract';
import { declineCodes } from '@hls/contract';
import en from '@hls/locales/en/checkout.json' with { type: 'json' };
import fr from '@hls/locales/fr/checkout.json' with { type: 'json' };

/**
 * What the API tells a customer about a payment, in the words the checkout page uses: the `checkout` namespace of
 * @hls/locales, so a refusal reads the same in the API's answer and on the page.
 */
const checkout = { fr, en } satisfies Record<Language, typeof en>;

/** The card's refusal as the customer reads it, in the page's language (the demo provider's and Stripe's codes). */
const declines: Record<Language, Record<DeclineCode, string>> = {
  fr: checkout.fr.declines,
  en: checkout.en.declines,
};

export const isDeclineCode = (code: string | null | undefined): code is DeclineCode =>
  (declineCodes as readonly string[]).includes(code ?? '');

/** Our sentence for a known decline code; the provider's own message (or a generic refusal) otherwise. */
export function declineMessage(
  code: string | null | undefined,
  providerMessage: string | null | undefined,
  language: Language,
): string {
  if (isDeclineCode(code)) return declines[language][code];
  return providerMessage || declines[language].card_declined;
}

const sentences = {
  mismatch: (words: typeof en) => words.declines.mismatch,
  expiredRefunded: (words: typeof en) => words.closed.expiredRefunded,
} as const;

export const message = (key: keyof typeof sentences, language: Language) =>
  sentences[key](checkout[language]);
