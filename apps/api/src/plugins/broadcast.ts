import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Database } from '../db/database.ts';
import type { AppEvents } from './events.ts';

/** The PostgreSQL channel the instances of one shop share (NOTIFY is per database: one shop, one channel). */
const CHANNEL = 'hls_events';

/**
 * The events every instance must hear, whichever raised them: caches emptied (the catalogue, an author's name),
 * sessions ended (logout, suspension, password or role change), senders and workers woken (mail queued, a job
 * sent). The others (an order expired, a first download) act on the database once, where they happen.
 */
export const BROADCAST_EVENTS = [
  'catalog.changed',
  'accounts.renamed',
  'accounts.sessions-ended',
  'mail.queued',
  'jobs.sent',
] as const satisfies readonly (keyof AppEvents)[];

type BroadcastEvent = (typeof BROADCAST_EVENTS)[number];
const isBroadcast = (name: keyof AppEvents): name is BroadcastEvent =>
  (BROADCAST_EVENTS as readonly string[]).includes(name);

/** An event sent to the other instances; `seq` numbers the sender's messages (so that no two are identical). */
type Message = { origin: string; seq?: number; name: BroadcastEvent; payload: unknown };

export type BroadcastOptions = {
  database: Pick<Database, 'kind' | 'pool' | 'db'>;
  /** Delay before listening again after the connection was lost, doubled up to 5 s. */
  retryMs?: number;
};

declare module 'fastify' {
  interface FastifyInstance {
    /** Whether this instance hears the others' events now (always true on the embedded database: one process). */
    broadcastListening(): boolean;
    /**
     * This instance acts on an event `name` itself when `here(payload)` is true (mail queued where a sender runs, a
     * job sent where its queue's worker runs): it is not sent to the others then, whose senders and workers would
     * only wake to compete for the same work.
     */
    actsOnItsOwn<K extends BroadcastEvent>(name: K, here: (payload: AppEvents[K]) => boolean): void;
  }
}

/**
 * Several instances, one shop: the events of `BROADCAST_EVENTS` raised by one instance are sent to the others with
 * PostgreSQL's NOTIFY: those raised in a transaction by one statement sent with its COMMIT (delivered when it
 * commits), the others once emitted here; and each instance emits those it hears with LISTEN on a connection of its
 * own. The database
 * every instance already shares carries them: no other server to run (docs/decisions/0023-several-instances.md).
 * A lost connection (the database restarting) is opened again by itself; meanwhile events are not heard, and the
 * caches' own expiry bounds what that costs.
 * On the embedded database (one process) nothing is sent.
 */
export default fp(
  async function broadcast(app: FastifyInstance, options: BroadcastOptions) {
    const { database } = options;
    const ownEvents = new Map<BroadcastEvent, (payload: never) => boolean>();
    app.decorate('actsOnItsOwn', (name: BroadcastEvent, here: (payload: never) => boolean) => {
      ownEvents.set(name, here);
    });
    if (database.kind !== 'postgres') {
      app.decorate('broadcastListening', () => true);
      return;
    }
    const log = app.log.child({ plugin: 'broadcast' });
    const origin = randomUUID();
    const firstRetryMs = options.retryMs ?? 500;
    let listener: pg.Client | undefined;
    let listening = false;
    let closing = false;
    let retryMs = firstRetryMs;
    let retryTimer: NodeJS.Timeout | undefined;
    /** Set while an event heard from another instance is emitted here, so it is not sent back. */
    let delivering = false;

    const deliver = (text: string | undefined) => {
      let message: Message;
      try {
        message = JSON.parse(text ?? '') as Message;
      } catch {
        return;
      }
      if (message.origin === origin || !isBroadcast(message.name)) return;
      delivering = true;
      try {
        app.events.emit(message.name, message.payload as never);
      } finally {
        delivering = false;
      }
    };

    const listenAgain = () => {
      if (closing || retryTimer) return;
      retryTimer = setTimeout(() => {
        retryTimer = undefined;
        void listen();
      }, retryMs);
      retryTimer.unref();
      retryMs = Math.min(retryMs * 2, 5000);
    };

    async function listen() {
      const client = new pg.Client(database.pool.options);
      listener = client;
      const lost = (error?: Error) => {
        if (listener !== client) return;
        listener = undefined;
        if (listening && !closing)
          log.warn({ err: error }, 'the events of other instances are not heard for now');
        listening = false;
        client.removeAllListeners('notification');
        client.end().catch(() => undefined);
        listenAgain();
      };
      client.on('error', lost);
      client.on('end', () => lost());
      client.on('notification', (notification) => deliver(notification.payload));
      try {
        await client.connect();
        await client.query(`LISTEN ${CHANNEL}`);
        if (listener !== client) return;
        listening = true;
        retryMs = firstRetryMs;
        log.info('hearing the events of other instances');
      } catch (error) {
        lost(error as Error);
      }
    }

    let sequence = 0;
    /** The message telling the others of an event, or undefined when they need not hear it. */
    const messageOf = (name: BroadcastEvent, payload: unknown): Message | undefined => {
      if (delivering || closing || ownEvents.get(name)?.(payload as never)) return undefined;
      sequence += 1;
      return { origin, seq: sequence, name, payload };
    };
    // One statement for several messages (a commit raises several events at once: mail queued, a job sent…), in
    // the order emitted. Each message is numbered: PostgreSQL sends identical notifications of one statement once.
    const notify = (messages: Message[]) => {
      const texts = sql.param(messages.map((message) => JSON.stringify(message)));
      return sql`SELECT pg_notify(${CHANNEL}, message) FROM unnest(${texts}::text[]) WITH ORDINALITY AS m(message, n) ORDER BY n`;
    };

    /** The payloads of events already told with their transaction's COMMIT: not sent again once emitted here. */
    const announced = new WeakSet<object>();
    app.announceEvents((events, tx) => {
      const messages = events.flatMap(({ name, payload }) => {
        if (!isBroadcast(name) || typeof payload !== 'object' || payload === null) return [];
        const message = messageOf(name, payload);
        if (!message) return [];
        announced.add(payload);
        return [message];
      });
      // NOTIFY in a transaction is delivered when it commits, and never when it rolls back.
      return messages.length > 0 ? tx.execute(notify(messages)) : undefined;
    });

    /** The messages of the events emitted (outside a transaction) in this turn of the event loop. */
    let outgoing: Message[] = [];
    const send = () => {
      const batch = outgoing;
      outgoing = [];
      database.db.execute(notify(batch)).catch((error: unknown) => {
        log.warn(
          { err: error, events: batch.map((message) => message.name) },
          'events could not be sent to the other instances',
        );
      });
    };

    const offs = BROADCAST_EVENTS.map((name) =>
      app.events.on(name, (payload: unknown) => {
        if (typeof payload === 'object' && payload !== null && announced.delete(payload)) return;
        const message = messageOf(name, payload);
        if (!message) return;
        outgoing.push(message);
        if (outgoing.length === 1) queueMicrotask(send);
      }),
    );

    await listen();
    app.decorate('broadcastListening', () => listening);
    app.addHook('onClose', async () => {
      closing = true;
      for (const off of offs) off();
      clearTimeout(retryTimer);
      const client = listener;
      listener = undefined;
      listening = false;
      await client?.end().catch(() => undefined);
    });
  },
  { name: 'broadcast', dependencies: ['events'] },
);
