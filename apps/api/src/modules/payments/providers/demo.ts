import { randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, inArray, notInArray, sql, type Placeholder } from 'drizzle-orm';
import type { DeclineCode } from '@hls/contract';
import type { Db } from '../../../db/database.ts';
import { preparedOnce } from '../../../db/prepared.ts';
import { AppError } from '../../../plugins/app-error.ts';
import { demoIntents, demoRefunds } from '../payments.tables.ts';
import {
  ProviderRefusedError,
  type IntentStatus,
  type PaymentsProvider,
  type RetrievedIntent,
} from './provider.ts';

/** The well-known test cards (Stripe's numbers) and what the demo provider does with them. */
const testCards: Record<string, 'succeed' | 'authenticate' | DeclineCode> = {
  '4242424242424242': 'succeed',
  '4000000000000002': 'card_declined',
  '4000000000009995': 'insufficient_funds',
  '4000002500003155': 'authenticate',
};

/** The Luhn checksum every real card number passes. */
export function passesLuhn(number: string): boolean {
  let sum = 0;
  for (let i = 0; i < number.length; i += 1) {
    let digit = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return number.length >= 12 && sum % 10 === 0;
}

/** A card is valid through the last day of its expiry month. */
export function isExpired(expiry: string, now: Date): boolean {
  const match = /^(\d{2})\s*\/\s*(\d{2})$/.exec(expiry.trim());
  if (!match) return true;
  const month = Number(match[1]);
  const year = 2000 + Number(match[2]);
  return year * 12 + month < now.getUTCFullYear() * 12 + now.getUTCMonth() + 1;
}

export type DemoCard = { number: string; expiry: string; cvc: string };

/** What the card form gets back: the decline code names the provider's reason. */
export type DemoOutcome = {
  status: 'succeeded' | 'requires_action' | 'declined';
  declineCode: DeclineCode | null;
};

/** The outcome of a card on the demo provider, before anything is stored. */
export function demoCardOutcome(card: DemoCard, now: Date): DemoOutcome {
  if (!passesLuhn(card.number)) return { status: 'declined', declineCode: 'incorrect_number' };
  if (isExpired(card.expiry, now)) return { status: 'declined', declineCode: 'expired_card' };
  const rule = testCards[card.number] ?? 'succeed';
  if (rule === 'succeed') return { status: 'succeeded', declineCode: null };
  if (rule === 'authenticate') return { status: 'requires_action', declineCode: null };
  return { status: 'declined', declineCode: rule };
}

const declineMessages: Record<DeclineCode, string> = {
  card_declined: 'Your card was declined.',
  insufficient_funds: 'Your card has insufficient funds.',
  authentication_failed: 'The authentication of your card failed.',
  expired_card: 'Your card has expired.',
  incorrect_cvc: "Your card's security code is incorrect.",
  incorrect_number: 'Your card number is incorrect.',
};

const intentStatusAfter = {
  succeeded: 'succeeded',
  requires_action: 'requires_action',
  declined: 'requires_payment_method',
} as const;

const token = (bytes: number) => randomBytes(bytes).toString('base64url').replace(/[-_]/g, '');

function sameSecret(given: string, stored: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(stored);
  return a.length === b.length && timingSafeEqual(a, b);
}

type DemoIntentRow = typeof demoIntents.$inferSelect;

function toRetrieved(row: DemoIntentRow): RetrievedIntent {
  return {
    id: row.id,
    status: row.status as IntentStatus,
    clientSecret: row.clientSecret,
    amountReceived: row.amountReceived,
    amountCents: row.amountCents,
    currency: row.currency,
    orderId: row.orderId,
    paymentId: row.paymentId,
    lastError: row.declineCode
      ? {
          code: row.declineCode,
          message: declineMessages[row.declineCode as DeclineCode] ?? declineMessages.card_declined,
        }
      : null,
  };
}

const notFound = () => new AppError('not_found', 'Not found.');

/** An outcome with the intent as it is after it (what `retrieveIntent` would answer next). */
export type DemoAnswer = DemoOutcome & { intent: RetrievedIntent };

export type DemoProvider = PaymentsProvider & {
  /** The demo card form: no money is taken, no card number is kept (its last four digits only). */
  pay(intentId: string, clientSecret: string, card: DemoCard, now?: Date): Promise<DemoAnswer>;
  /** The demo "3-D Secure" dialog's answer. */
  authenticate(intentId: string, clientSecret: string, approve: boolean): Promise<DemoAnswer>;
};

/** The default provider: intents in our own database, the well-known test cards, no account and no money. */
export function createDemoProvider(deps: { db: Db }): DemoProvider {
  const { db } = deps;

  /** The intent, locked, when the client secret is its own; a 404 otherwise (as for an unknown intent). */
  const lockOwned = async (
    tx: Parameters<Parameters<Db['transaction']>[0]>[0],
    id: string,
    secret: string,
  ) => {
    const [row] = await tx.select().from(demoIntents).where(eq(demoIntents.id, id)).for('update');
    if (!row || !sameSecret(secret, row.clientSecret)) throw notFound();
    return row;
  };

  const settled = (row: DemoIntentRow): DemoAnswer | null => {
    if (row.status === 'succeeded')
      return { status: 'succeeded', declineCode: null, intent: toRetrieved(row) };
    if (row.status === 'canceled') {
      throw new AppError('order_not_payable', 'This payment was cancelled: the order is no longer payable.');
    }
    return null;
  };

  /** What every card attempt writes besides its outcome: the money received when it succeeded, one more try. */
  const attemptCounted = (succeeded: boolean | Placeholder) => ({
    amountReceived: sql`CASE WHEN ${succeeded}::boolean THEN ${demoIntents.amountCents} ELSE 0 END`,
    attempts: sql`${demoIntents.attempts} + 1`,
    updatedAt: sql`now()`,
  });

  // The two statements of every demo payment, built once (their values are placeholders).
  const value = sql.placeholder;
  const createStatement = preparedOnce(
    db
      .insert(demoIntents)
      .values({
        id: value('id'),
        clientSecret: value('clientSecret'),
        idempotencyKey: value('idempotencyKey'),
        orderId: value('orderId'),
        paymentId: value('paymentId'),
        amountCents: value('amountCents'),
        currency: value('currency'),
      })
      .onConflictDoNothing({ target: demoIntents.idempotencyKey })
      .returning(),
  );
  // The usual case of a card in one statement: the intent is the client secret's and still waits for a card. The
  // secrets are compared by their digests, so the comparison tells nothing of the stored one (as `sameSecret`).
  const payStatement = preparedOnce(
    db
      .update(demoIntents)
      .set({
        // As SQL: Drizzle's types take no placeholder in an update's values.
        status: sql`${value('status')}`,
        declineCode: sql`${value('declineCode')}`,
        cardLast4: sql`${value('cardLast4')}`,
        ...attemptCounted(value('succeeded')),
      })
      .where(
        and(
          eq(demoIntents.id, value('intentId')),
          sql`sha256(convert_to(${demoIntents.clientSecret}, 'UTF8')) = sha256(convert_to(${value('clientSecret')}::text, 'UTF8'))`,
          notInArray(demoIntents.status, ['succeeded', 'canceled']),
        ),
      )
      .returning(),
  );

  return {
    name: 'demo',
    browser: { provider: 'demo', publishableKey: null },

    async createIntent(input) {
      const id = `pi_demo_${token(18)}`;
      // A second creation with the same key (a retry, a concurrent call) finds the first intent.
      const [inserted] = await createStatement.execute({
        id,
        clientSecret: `${id}_secret_${token(24)}`,
        idempotencyKey: input.idempotencyKey,
        orderId: input.orderId,
        paymentId: input.paymentId,
        amountCents: input.amountCents,
        currency: input.currency.toLowerCase(),
      });
      const [intent] = inserted
        ? [inserted]
        : await db.select().from(demoIntents).where(eq(demoIntents.idempotencyKey, input.idempotencyKey));
      return { intentId: intent!.id, clientSecret: intent!.clientSecret, status: intent!.status };
    },

    async retrieveIntent(intentId) {
      const [row] = await db.select().from(demoIntents).where(eq(demoIntents.id, intentId));
      if (!row) throw new ProviderRefusedError(`No such payment intent: ${intentId}`, 'resource_missing');
      return toRetrieved(row);
    },

    async cancelIntent(intentId) {
      await db
        .update(demoIntents)
        .set({ status: 'canceled', updatedAt: new Date() })
        .where(
          and(
            eq(demoIntents.id, intentId),
            inArray(demoIntents.status, ['requires_payment_method', 'requires_action']),
          ),
        );
    },

    refund: (input) =>
      db.transaction(async (tx) => {
        // The payment is locked first: a request with the same key waits for the first one, then finds its refund
        // (checking the key before the lock let a concurrent retry count the first refund as a second one).
        const [intent] = await tx
          .select()
          .from(demoIntents)
          .where(eq(demoIntents.id, input.intentId))
          .for('update');
        const [done] = await tx
          .select()
          .from(demoRefunds)
          .where(eq(demoRefunds.idempotencyKey, input.idempotencyKey));
        if (done) return { refundId: done.id, status: 'succeeded' };
        if (!intent || intent.status !== 'succeeded') {
          throw new ProviderRefusedError('This payment cannot be refunded.', 'charge_not_refundable');
        }
        const [{ refunded } = { refunded: 0 }] = await tx
          .select({ refunded: sql<number>`coalesce(sum(${demoRefunds.amountCents}), 0)::int` })
          .from(demoRefunds)
          .where(eq(demoRefunds.intentId, intent.id));
        if (input.amountCents <= 0 || refunded + input.amountCents > intent.amountReceived) {
          throw new ProviderRefusedError(
            'The refund is larger than what is left of the payment.',
            'amount_too_large',
          );
        }
        const id = `re_demo_${token(18)}`;
        await tx.insert(demoRefunds).values({
          id,
          intentId: intent.id,
          idempotencyKey: input.idempotencyKey,
          amountCents: input.amountCents,
        });
        return { refundId: id, status: 'succeeded' };
      }),

    async pay(intentId, clientSecret, card, now = new Date()) {
      const outcome = demoCardOutcome(card, now);
      const succeeded = outcome.status === 'succeeded';
      const attempt = {
        status: intentStatusAfter[outcome.status],
        declineCode: outcome.declineCode,
        cardLast4: card.number.slice(-4),
      };
      const [paid] = await payStatement.execute({ ...attempt, succeeded, intentId, clientSecret });
      if (paid) return { ...outcome, intent: toRetrieved(paid) };
      // Unknown, another's, or paid or cancelled already: the intent locked says which.
      return db.transaction(async (tx) => {
        const row = await lockOwned(tx, intentId, clientSecret);
        const done = settled(row);
        if (done) return done;
        const [updated] = await tx
          .update(demoIntents)
          .set({ ...attempt, ...attemptCounted(succeeded) })
          .where(eq(demoIntents.id, row.id))
          .returning();
        return { ...outcome, intent: toRetrieved(updated!) };
      });
    },

    authenticate: (intentId, clientSecret, approve) =>
      db.transaction(async (tx) => {
        const row = await lockOwned(tx, intentId, clientSecret);
        const done = settled(row);
        if (done) return done;
        if (row.status !== 'requires_action') {
          throw new AppError('payment_incomplete', 'This payment is not waiting for an authentication.');
        }
        const outcome: DemoOutcome = approve
          ? { status: 'succeeded', declineCode: null }
          : { status: 'declined', declineCode: 'authentication_failed' };
        const [updated] = await tx
          .update(demoIntents)
          .set({
            status: approve ? 'succeeded' : 'requires_payment_method',
            declineCode: outcome.declineCode,
            amountReceived: approve ? row.amountCents : 0,
            updatedAt: new Date(),
          })
          .where(eq(demoIntents.id, row.id))
          .returning();
        return { ...outcome, intent: toRetrieved(updated!) };
      }),
  };
}
