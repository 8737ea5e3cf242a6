import { toast } from 'react-toastify';
import { ToastMessage, TranslatedToast } from './toast-message';

export type ToastKind = 'success' | 'error' | 'info';
export type ToastContent = { title: string; detail?: string | null | undefined } | { messageKey: string };

export function showToast(kind: ToastKind, content: ToastContent): void {
  toast[kind](
    'messageKey' in content ? (
      <TranslatedToast messageKey={content.messageKey} />
    ) : (
      <ToastMessage title={content.title} detail={content.detail} />
    ),
  );
}
