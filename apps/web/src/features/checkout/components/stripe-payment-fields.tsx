import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PaymentIntent } from '@hls/contract';
import { Alert } from '@/components/ui/alert';
import { Spinner } from '@/components/ui/spinner';
import { useAppLanguage } from '@/i18n/use-app-language';

/** What the payment step asks of Stripe.js once the customer orders. */
export type StripeConfirmation =
  | { kind: 'done'; status: string }
  | { kind: 'declined'; message: string }
  | { kind: 'failed'; message: string | null };

export type StripeController = { confirm: () => Promise<StripeConfirmation> };

type StripePaymentFieldsProps = {
  intent: PaymentIntent;
  onReady: (controller: StripeController | null) => void;
};

/**
 * Stripe's Payment Element. Stripe.js comes from js.stripe.com, as PCI DSS requires, and only on this screen: the
 * package is imported here, when the order is paid by Stripe.
 */
export function StripePaymentFields({ intent, onReady }: StripePaymentFieldsProps) {
  const { t } = useTranslation('checkout');
  const mountRef = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  const onReadyRef = useRef(onReady);
  const locale = useAppLanguage();
  const { clientSecret, publishableKey } = intent;

  useEffect(() => {
    onReadyRef.current = onReady;
  }, [onReady]);

  useEffect(() => {
    let cancelled = false;
    let destroy: (() => void) | null = null;
    void (async () => {
      try {
        if (!publishableKey) throw new Error('No publishable key');
        const { loadStripe } = await import('@stripe/stripe-js');
        const stripe = await loadStripe(publishableKey, { locale });
        if (cancelled) return;
        if (!stripe || !mountRef.current) throw new Error('Stripe.js did not load');
        const elements = stripe.elements({
          clientSecret,
          appearance: {
            theme: 'stripe',
            variables: { colorPrimary: '#1d4e89', borderRadius: '10px', fontFamily: 'system-ui, sans-serif' },
          },
        });
        const element = elements.create('payment', { layout: 'tabs' });
        element.on('ready', () => {
          if (!cancelled) setState('ready');
        });
        element.mount(mountRef.current);
        destroy = () => element.destroy();
        onReadyRef.current({
          confirm: async () => {
            const { error, paymentIntent } = await stripe.confirmPayment({
              elements,
              redirect: 'if_required',
              // Only payment methods that leave the page come back here; cards answer in place.
              confirmParams: { return_url: window.location.href },
            });
            if (error) {
              if (error.type === 'card_error' || error.type === 'validation_error')
                return { kind: 'declined', message: error.message ?? '' };
              return { kind: 'failed', message: error.message ?? null };
            }
            return { kind: 'done', status: paymentIntent.status };
          },
        });
      } catch {
        if (!cancelled) setState('failed');
      }
    })();
    return () => {
      cancelled = true;
      onReadyRef.current(null);
      destroy?.();
    };
  }, [clientSecret, publishableKey, locale]);

  return (
    <div className="stripe-payment">
      {state === 'loading' && <Spinner label={t('stripe.loading')} />}
      {state === 'failed' && <Alert tone="error">{t('stripe.failed')}</Alert>}
      <div ref={mountRef} className="stripe-payment__element" />
    </div>
  );
}
