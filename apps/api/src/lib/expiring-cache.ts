/**
 * Values kept by key for `ttlMs` at most, as promises so that concurrent askers share one load; at most `max`
 * keys (the oldest go first). A load that fails is forgotten, so the next asker tries again. `clear()` drops all
 * (the caches of catalogue data are cleared at every catalogue write of the process).
 */
export function createExpiringCache<T>({ ttlMs, max = Infinity }: { ttlMs: number; max?: number }) {
  const entries = new Map<string, { value: Promise<T>; expires: number }>();
  const get = (key: string, load: () => Promise<T>): Promise<T> => {
    const now = Date.now();
    const hit = entries.get(key);
    if (hit && hit.expires > now) return hit.value;
    if (entries.size >= max) entries.delete(entries.keys().next().value!);
    const value = load();
    entries.set(key, { value, expires: now + ttlMs });
    value.catch(() => entries.delete(key));
    return value;
  };
  return Object.assign(get, { clear: () => entries.clear() });
}
