import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createEventBus, type EventBus } from '../lib/events.ts';

/**
 * The events of the app, by name. Each module adds the events it raises, in its plugin:
 * `declare module '../../plugins/events.ts' { interface AppEvents { 'catalog.changed': CatalogChange } }`.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by the modules' declarations
export interface AppEvents {}

export type AppEventBus = EventBus<AppEvents>;

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * This app's events. `emit` delivers at once: raise events of a database write with `app.transaction`, which
     * delivers them after the commit. A listener added by a plugin is removed by that plugin's `onClose`.
     */
    events: AppEventBus;
  }
}

export default fp(
  async function events(app: FastifyInstance) {
    app.decorate(
      'events',
      createEventBus<AppEvents>((error, name) =>
        app.log.error({ err: error, event: name }, 'an event listener failed'),
      ),
    );
  },
  { name: 'events' },
);
