import { useTranslation } from 'react-i18next';

export function ToastMessage({ title, detail }: { title: string; detail?: string | null | undefined }) {
  return (
    <div className="toast-message">
      <p className="toast-message__title">{title}</p>
      {detail && <p className="toast-message__detail">{detail}</p>}
    </div>
  );
}

/** A toast text from the `toast` namespace, translated when it shows and when the language changes. */
export function TranslatedToast({ messageKey }: { messageKey: string }) {
  const { t } = useTranslation('toast');
  return <ToastMessage title={t(messageKey)} />;
}
