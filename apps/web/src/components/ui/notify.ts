import { requestToastArea } from './toast-demand';
import type { ToastContent, ToastKind } from './toast-show';

/**
 * Shows a toast once react-toastify is loaded: the library, its container and the toast components come with the
 * first toast, not with the first page. Toasts asked for before the container mounts wait in react-toastify's
 * own queue.
 */
function show(kind: ToastKind, content: ToastContent, namespaces: readonly string[] = []): void {
  const area = requestToastArea(namespaces);
  void Promise.all([import('./toast-show'), area]).then(([{ showToast }]) => showToast(kind, content));
}

/** Toasts of SPEC §8 (shown bottom left by the container of ./toast-area). */
export const notify = {
  success: (title: string, detail?: string | null) => show('success', { title, detail }),
  error: (title: string, detail?: string | null) => show('error', { title, detail }),
  info: (title: string, detail?: string | null) => show('info', { title, detail }),
  /** A toast given by its key in the `toast` namespace, for code that runs outside components. */
  key: (kind: ToastKind, messageKey: string) => show(kind, { messageKey }, ['toast']),
};
