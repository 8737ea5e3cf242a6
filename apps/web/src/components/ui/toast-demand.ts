import { loadNamespaces } from '@/i18n/namespaces';

let wanted = false;
const listeners = new Set<() => void>();

/** Mounts the toast area (first call only) and resolves once the namespaces a toast needs are loaded. */
export function requestToastArea(namespaces: readonly string[]): Promise<void> {
  if (!wanted) {
    wanted = true;
    listeners.forEach((listener) => listener());
  }
  return loadNamespaces(namespaces);
}

export function subscribeToastDemand(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function isToastAreaWanted(): boolean {
  return wanted;
}
