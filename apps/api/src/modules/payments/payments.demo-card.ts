import { randomUUID } from 'node:crypto';
import type { DemoPaymentResult, Language } from '@hls/contract';
import { declineMessage } from './payments.messages.ts';
import type { Settlement } from './payments.settlement.ts';
import { notFound, type PaymentsLogger } from './payments.shared.ts';
import type { DemoAnswer, DemoCard, DemoProvider } from './providers/demo.ts';
import type { PaymentsProvider } from './providers/provider.ts';

/** The demo provider's card form (no money taken): the card's outcome, and the order completed at once. */
export function createDemoCard(deps: {
  provider: PaymentsProvider;
  log: PaymentsLogger;
  settlement: Pick<Settlement, 'settle' | 'recordFailure'>;
}) {
  const { provider, log } = deps;
  const { settle, recordFailure } = deps.settlement;

  function demoProvider(): DemoProvider {
    if (provider.name !== 'demo') throw notFound();
    return provider as DemoProvider;
  }

  /** The demo provider has no webhook: its card form completes the order itself, so a closed tab loses no sale. */
  async function afterDemoOutcome({ status, intent }: DemoAnswer) {
    if (status === 'requires_action') return;
    try {
      if (status === 'succeeded') {
        await settle(intent, { eventId: `intent:${intent.id}:succeeded`, type: 'payment_intent.succeeded' });
      } else {
        await recordFailure(intent, {
          eventId: `${intent.id}:declined:${randomUUID()}`,
          type: 'payment_intent.payment_failed',
        });
      }
    } catch (error) {
      // The confirm route runs the same confirmation again.
      log.error({ err: error, intentId: intent.id }, 'the demo payment could not be recorded yet');
    }
  }

  return {
    /** The demo card form: the outcome in the page's language; a success completes the order at once. */
    async demoPay(
      intentId: string,
      input: DemoCard & { clientSecret: string },
      language: Language,
    ): Promise<DemoPaymentResult> {
      const demo = demoProvider();
      const outcome = await demo.pay(intentId, input.clientSecret, {
        number: input.number,
        expiry: input.expiry,
        cvc: input.cvc,
      });
      await afterDemoOutcome(outcome);
      return {
        status: outcome.status,
        declineCode: outcome.declineCode,
        message: outcome.declineCode ? declineMessage(outcome.declineCode, null, language) : null,
      };
    },

    async demoAuthenticate(
      intentId: string,
      input: { clientSecret: string; approve: boolean },
      language: Language,
    ): Promise<DemoPaymentResult> {
      const outcome = await demoProvider().authenticate(intentId, input.clientSecret, input.approve);
      await afterDemoOutcome(outcome);
      return {
        status: outcome.status,
        declineCode: outcome.declineCode,
        message: outcome.declineCode ? declineMessage(outcome.declineCode, null, language) : null,
      };
    },
  };
}
