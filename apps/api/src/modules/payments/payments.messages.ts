import type { DeclineCode, Language } from '@hls/contract';
import { declineCodes } from '@hls/contract';

/** The card's refusal as the customer reads it, in the page's language (the demo provider's and Stripe's codes). */
const declines: Record<Language, Record<DeclineCode, string>> = {
  fr: {
    card_declined: 'Votre carte a été refusée.',
    insufficient_funds: 'Le solde de votre carte est insuffisant.',
    authentication_failed: 'L’authentification de votre carte a échoué.',
    expired_card: 'Votre carte a expiré.',
    incorrect_cvc: 'Le code de sécurité de votre carte est incorrect.',
    incorrect_number: 'Le numéro de votre carte est incorrect.',
  },
  en: {
    card_declined: 'Your card was declined.',
    insufficient_funds: 'Your card has insufficient funds.',
    authentication_failed: 'The authentication of your card failed.',
    expired_card: 'Your card has expired.',
    incorrect_cvc: "Your card's security code is incorrect.",
    incorrect_number: 'Your card number is incorrect.',
  },
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
  mismatch: {
    fr: 'Le paiement reçu ne correspond pas à la commande\u202f: elle n’est pas payée. Contactez-nous.',
    en: 'The payment received does not match the order: it is not paid. Please contact us.',
  },
  expiredRefunded: {
    fr: 'La commande a expiré avant le paiement et ses articles ne sont plus disponibles\u202f: le paiement est remboursé.',
    en: 'The order expired before the payment and its items are no longer available: the payment is refunded.',
  },
} as const;

export const message = (key: keyof typeof sentences, language: Language) => sentences[key][language];
