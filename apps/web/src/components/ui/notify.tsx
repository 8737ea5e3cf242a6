import { toast } from 'react-toastify';
import { useTranslation } from 'react-i18next';
import { ToastMessage } from './toast-message';

/** A toast text from the `toast` namespace, translated when it shows and when the language changes. */
function TranslatedToast({ messageKey }: { messageKey: string }) {
  const { t } = useTranslation('toast');
  return <ToastMessage title={t(messageKey)} />;
}

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
