import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { DemoCardBody } from '@hls/contract';
import type { DemoPaymentResult, Order, PaymentIntent } from '@hls/contract';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useErrorText } from '@/i18n/use-error-text';
import { toApiFailure } from '@/lib/api-error';
import type { ApiFailure } from '@/lib/api-error';
import { fieldErrorsFromZod } from '@/lib/form-errors';
import type { FieldErrors } from '@/lib/form-errors';
import { formatMoney } from '@/lib/money';
import {
  useAuthenticateDemoMutation,
  useConfirmOrderMutation,
  useCreateIntentMutation,
  usePayDemoMutation,
} from '../api/checkout-api';
import { DemoAuthenticationDialog } from './demo-authentication-dialog';
import { DemoCardFields } from './demo-card-fields';
import type { DemoCard } from './demo-card-fields';
import { StripePaymentFields } from './stripe-payment-fields';
import type { StripeController } from './stripe-payment-fields';

type PaymentSectionProps = {
  order: Order;
  /** The address is saved (paper) and both boxes are ticked (digital goods). */
  ready: boolean;
  /** Why the button is not usable yet, when it is not. */
  pendingReason: string | null;
  locale: string;
  onPaid: () => void;
  /** The server says the order cannot be paid any more (paid meanwhile, expired): show it as it is now. */
  onNotPayable: () => void;
};

type Phase = 'idle' | 'paying' | 'authenticating' | 'confirming';

const emptyCard: DemoCard = { number: '', expiry: '', cvc: '' };

/**
 * The payment: the order's intent (one per order, amount from the server), the demo card form or Stripe's
 * Payment Element, then the confirmation that marks the order paid. One attempt at a time; a refused card leaves
 * the order payable.
 */
export function PaymentSection({
  order,
  ready,
  pendingReason,
  locale,
  onPaid,
  onNotPayable,
}: PaymentSectionProps) {
  const { t, i18n } = useTranslation(['checkout', 'errors']);
  const errorText = useErrorText();
  const [createIntent] = useCreateIntentMutation();
  const [payDemo] = usePayDemoMutation();
  const [authenticateDemo, { isLoading: authenticating }] = useAuthenticateDemoMutation();
  const [confirmOrder] = useConfirmOrderMutation();

  const [intent, setIntent] = useState<PaymentIntent | null>(null);
  const [intentFailure, setIntentFailure] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [phase, setPhase] = useState<Phase>('idle');
  const [decline, setDecline] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [card, setCard] = useState<DemoCard>(emptyCard);
  const [cardErrors, setCardErrors] = useState<FieldErrors>({});
  const [stripe, setStripe] = useState<StripeController | null>(null);
  // A ref, not state: a second click in the same tick must see the first one.
  const inFlight = useRef(false);
  const preparing = useRef(false);
  const autoConfirmed = useRef(false);
  // The intent the demo card was sent to, for the authentication that may follow.
  const payingIntent = useRef<PaymentIntent | null>(null);

  const consent = useMemo(
    () => (order.hasDigital ? ({ immediateDelivery: true, withdrawalWaiver: true } as const) : undefined),
    [order.hasDigital],
  );
  const amount = formatMoney(order.totalCents, locale);

  /** Why a card was refused, in the page's language: its decline code's words, else the general refusal. */
  const declineReason = useCallback(
    (reason: string | null | undefined) =>
      reason && i18n.exists(`checkout:declines.${reason}`)
        ? t(`checkout:declines.${reason}`)
        : t('errors:payment_declined'),
    [i18n, t],
  );

  /** A failure of any step: the order's state decides, the rest is said in words. */
  const handleFailure = useCallback(
    (failure: ApiFailure) => {
      if (failure.code === 'order_not_payable') {
        onNotPayable();
        return;
      }
      if (failure.code === 'payment_declined') {
        setDecline(declineReason(failure.reason));
        return;
      }
      setProblem(errorText(failure));
    },
    [declineReason, errorText, onNotPayable],
  );

  const finish = useCallback(() => {
    inFlight.current = false;
    setPhase('idle');
  }, []);

  const confirm = useCallback(async () => {
    setPhase('confirming');
    const result = await confirmOrder({ orderId: order.id });
    if (result.data) {
      // The page leaves for /download; the button stays busy until it does.
      onPaid();
      return;
    }
    handleFailure(toApiFailure(result.error));
    finish();
  }, [confirmOrder, finish, handleFailure, onPaid, order.id]);

  // The intent is asked for once the order may be paid: it tells which provider takes the card.
  useEffect(() => {
    if (!ready || intent || intentFailure || preparing.current) return;
    preparing.current = true;
    void createIntent({ orderId: order.id, ...(consent ? { consent } : {}) }).then((result) => {
      preparing.current = false;
      if (result.data) {
        setIntent(result.data);
        // A payment the provider already took (a closed tab, a bank page that came back) only needs confirming.
        const taken = result.data.status === 'succeeded' || result.data.status === 'processing';
        if (taken && !autoConfirmed.current && !inFlight.current) {
          autoConfirmed.current = true;
          inFlight.current = true;
          void confirm();
        }
        return;
      }
      const failure = toApiFailure(result.error);
      if (failure.code === 'order_not_payable') onNotPayable();
      else setIntentFailure(errorText(failure));
    });
  }, [
    ready,
    intent,
    intentFailure,
    attempt,
    createIntent,
    order.id,
    consent,
    errorText,
    onNotPayable,
    confirm,
  ]);

  const declineText = (result: DemoPaymentResult) => declineReason(result.declineCode);

  /** The demo card as the provider takes it, or null after showing what is wrong with it. */
  const demoCard = () => {
    const parsed = DemoCardBody.safeParse({ clientSecret: intent?.clientSecret ?? '', ...card });
    if (!parsed.success) {
      setCardErrors(fieldErrorsFromZod(parsed.error));
      return null;
    }
    setCardErrors({});
    return parsed.data;
  };

  const payWithDemo = async (current: PaymentIntent, body: DemoCardBody) => {
    payingIntent.current = current;
    const paid = await payDemo({
      intentId: current.intentId,
      body: { ...body, clientSecret: current.clientSecret },
    });
    if (!paid.data) {
      handleFailure(toApiFailure(paid.error));
      finish();
      return;
    }
    if (paid.data.status === 'requires_action') {
      setPhase('authenticating');
      return;
    }
    if (paid.data.status === 'declined') {
      setDecline(declineText(paid.data));
      finish();
      return;
    }
    await confirm();
  };

  const payWithStripe = async () => {
    if (!stripe) {
      finish();
      return;
    }
    const outcome = await stripe.confirm();
    if (outcome.kind === 'declined') {
      setDecline(outcome.message);
      finish();
      return;
    }
    if (outcome.kind === 'failed') {
      setProblem(outcome.message ?? t('checkout:stripe.failed'));
      finish();
      return;
    }
    await confirm();
  };

  const pay = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!ready || !intent || inFlight.current) return;
    // A card the demo provider would refuse for its form never leaves the page.
    const body = intent.provider === 'demo' ? demoCard() : null;
    if (intent.provider === 'demo' && !body) return;
    inFlight.current = true;
    setPhase('paying');
    setDecline(null);
    setProblem(null);
    // Asked again at the moment of ordering: the consents are recorded now, and the amount is the order's.
    const fresh = await createIntent({ orderId: order.id, ...(consent ? { consent } : {}) });
    if (!fresh.data) {
      handleFailure(toApiFailure(fresh.error));
      finish();
      return;
    }
    if (fresh.data.status === 'succeeded' || fresh.data.status === 'processing') {
      await confirm();
      return;
    }
    if (fresh.data.provider === 'demo' && body) await payWithDemo(fresh.data, body);
    else await payWithStripe();
  };

  const answerAuthentication = async (approve: boolean) => {
    const current = payingIntent.current ?? intent;
    if (!current || authenticating) return;
    const result = await authenticateDemo({
      intentId: current.intentId,
      clientSecret: current.clientSecret,
      approve,
    });
    if (!result.data) {
      handleFailure(toApiFailure(result.error));
      finish();
      return;
    }
    if (result.data.status === 'succeeded') {
      await confirm();
      return;
    }
    setDecline(declineText(result.data));
    finish();
  };

  const busy = phase !== 'idle';
  const busyLabel = phase === 'confirming' ? t('checkout:pay.confirming') : t('checkout:pay.paying');

  return (
    <form
      className="payment"
      noValidate
      onSubmit={(event) => void pay(event)}
      aria-labelledby="payment-title"
    >
      {ready && !intent && !intentFailure && <Spinner label={t('checkout:pay.preparing')} />}
      {intentFailure && (
        <Alert tone="error" title={t('checkout:pay.intentFailed')}>
          <p>{intentFailure}</p>
          <Button
            variant="secondary"
            size="sm"
            onClick={() => {
              setIntentFailure(null);
              setAttempt((n) => n + 1);
            }}
          >
            {t('checkout:retry')}
          </Button>
        </Alert>
      )}
      {intent?.provider === 'demo' && (
        <DemoCardFields value={card} onChange={setCard} errors={cardErrors} disabled={busy} />
      )}
      {intent?.provider === 'stripe' && <StripePaymentFields intent={intent} onReady={setStripe} />}

      {decline && (
        <Alert tone="error" title={t('checkout:pay.declinedTitle')}>
          <p data-testid="decline-reason">{decline}</p>
          <p>{t('checkout:pay.declinedNext')}</p>
        </Alert>
      )}
      {problem && <Alert tone="error">{problem}</Alert>}

      <div className="payment__submit">
        <p className="payment__amount">
          {t('checkout:pay.amount')} <strong>{amount}</strong>
        </p>
        <Button
          type="submit"
          variant="accent"
          size="lg"
          block
          className="payment__button"
          busy={busy}
          busyLabel={busyLabel}
          disabled={!ready || !intent}
          aria-describedby={pendingReason ? 'payment-pending' : undefined}
        >
          {t('checkout:pay.button')}
        </Button>
        {pendingReason && (
          <p className="payment__pending" id="payment-pending">
            {pendingReason}
          </p>
        )}
        <p className="payment__legal">{t('checkout:pay.legal')}</p>
      </div>
      <DemoAuthenticationDialog
        open={phase === 'authenticating'}
        amount={amount}
        busy={authenticating}
        onAnswer={(approve) => void answerAuthentication(approve)}
      />
    </form>
  );
}
