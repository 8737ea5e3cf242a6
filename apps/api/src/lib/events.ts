/** A listener of one event; what it returns is ignored. */
export type Listener<P> = (payload: P) => void;

export type EventBus<E> = {
  /** Adds a listener; call the returned function to remove it. */
  on<K extends keyof E>(name: K, listener: Listener<E[K]>): () => void;
  /** Calls the listeners of `name` now, in the order they were added. */
  emit<K extends keyof E>(name: K, payload: E[K]): void;
  /** How many listeners are registered, over every event. */
  listenerCount(): number;
};

/**
 * Typed events of one application (not of the process: two apps in one process never hear each other). A
 * listener that throws is reported to `onError` and the others still run: the change that raised the event has
 * already happened.
 */
export function createEventBus<E>(onError: (error: unknown, name: keyof E) => void): EventBus<E> {
  const listeners = new Map<keyof E, Set<Listener<never>>>();
  return {
    on(name, listener) {
      let set = listeners.get(name);
      if (!set) listeners.set(name, (set = new Set()));
      set.add(listener);
      return () => void set.delete(listener);
    },
    emit(name, payload) {
      for (const listener of [...(listeners.get(name) ?? [])]) {
        try {
          (listener as Listener<typeof payload>)(payload);
        } catch (error) {
          onError(error, name);
        }
      }
    },
    listenerCount: () => [...listeners.values()].reduce((sum, set) => sum + set.size, 0),
  };
}
