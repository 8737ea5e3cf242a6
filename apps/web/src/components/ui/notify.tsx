import { toast } from 'react-toastify';
import { ToastMessage, TranslatedToast } from './toast-message';

/** Toasts of SPEC §8 (shown bottom left by the container in app/provider). */
export const notify = {
  success: (title: string, detail?: string | null) =>
    toast.success(<ToastMessage title={title} detail={detail} />),
  error: (title: string, detail?: string | null) =>
    toast.error(<ToastMessage title={title} detail={detail} />),
  info: (title: string, detail?: string | null) => toast.info(<ToastMessage title={title} detail={detail} />),
  /** A toast given by its key in the `toast` namespace, for code that runs outside components. */
  key: (kind: 'success' | 'error' | 'info', messageKey: string) =>
    toast[kind](<TranslatedToast messageKey={messageKey} />),
};
