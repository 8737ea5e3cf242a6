export function ToastMessage({ title, detail }: { title: string; detail?: string | null | undefined }) {
  return (
    <div className="toast-message">
      <p className="toast-message__title">{title}</p>
      {detail && <p className="toast-message__detail">{detail}</p>}
    </div>
  );
}
