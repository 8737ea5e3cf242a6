import type { ReactNode } from 'react';
import { requestToastArea } from './toast-demand';
import { ToastMessage, TranslatedToast } from './toast-message';

type Kind = 'success' | 'error' | 'info';

/**
 * Shows a toast once react-toastify is loaded: the library and its container come with the first toast, not
 * with the first page. Toasts asked for before the container mounts wait in react-toastify's own queue.
 */
function show(kind: Kind, content: ReactNode, namespaces: readonly string[] = []): void {
  const area = requestToastArea(namespaces);
  void Promise.all([import('react-toastify'), area]).then(([{ toast }]) => toast[kind](content));
}

/** Toasts of SPEC §8 (shown bottom left by the container of ./toast-area). */
export const notify = {
  success: (title: string, detail?: string | null) =>
    show('success', <ToastMessage title={title} detail={detail} />),
  error: (title: string, detail?: string | null) =>
    show('error', <ToastMessage title={title} detail={detail} />),
  info: (title: string, detail?: string | null) =>
    show('info', <ToastMessage title={title} detail={detail} />),
  /** A toast given by its key in the `toast` namespace, for code that runs outside components. */
  key: (kind: Kind, messageKey: string) => show(kind, <TranslatedToast messageKey={messageKey} />, ['toast']),
};
