import type { i18n as I18n } from 'i18next';

let app: { instance: I18n; ready: Promise<unknown> } | null = null;

/** The instance the browser app runs on, and its init (tests load every namespace up front and register none). */
export function registerI18n(instance: I18n, ready: Promise<unknown>): void {
  app = { instance, ready };
}

/**
 * Loads translation namespaces, in the current language, before something shows that needs them: a screen with
 * its route chunk, a toast with react-toastify. Resolves at once when they are already there; a namespace that
 * fails to load shows its keys, as anywhere else in i18next, and never blocks.
 */
export async function loadNamespaces(namespaces: readonly string[]): Promise<void> {
  if (!app || namespaces.length === 0) return;
  const { instance, ready } = app;
  // Before init has settled the language, i18next would fetch the fallback language's files instead.
  await ready.catch(() => undefined);
  if (namespaces.every((ns) => instance.hasLoadedNamespace(ns))) return;
  await instance.loadNamespaces([...namespaces]).catch(() => undefined);
}
