import { useEffect, useId, useRef } from 'react';
import type { KeyboardEvent, ReactNode, RefObject } from 'react';
import { createPortal } from 'react-dom';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

type DialogProps = {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  /** Visible title; when false the title is only announced. */
  showTitle?: boolean;
  description?: ReactNode;
  /** `sheet`: the whole screen, its body scrolling between a fixed header and footer (phone filters). */
  variant?: 'modal' | 'drawer' | 'sheet';
  closeLabel: string;
  /** Element focused on open (defaults to the first focusable one). */
  initialFocusRef?: RefObject<HTMLElement | null>;
  /**
   * The element to focus on close, when it gives one, instead of the opener: needed when the opener leaves the
   * page as the dialog opens (a menu item whose menu closes), or when closing leads elsewhere ("Show results").
   */
  returnFocusTo?: () => HTMLElement | null;
  children?: ReactNode;
  footer?: ReactNode;
};

/** Modal dialog: focus moves in and stays in (Tab wraps), Escape or the backdrop closes, focus returns to the opener. */
export function Dialog({
  open,
  onClose,
  title,
  showTitle = true,
  description,
  variant = 'modal',
  closeLabel,
  initialFocusRef,
  returnFocusTo,
  children,
  footer,
}: DialogProps) {
  const id = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  const returnFocusRef = useRef(returnFocusTo);

  useEffect(() => {
    onCloseRef.current = onClose;
    returnFocusRef.current = returnFocusTo;
  }, [onClose, returnFocusTo]);

  useEffect(() => {
    if (!open) return;
    const opener = document.activeElement as HTMLElement | null;
    const panel = panelRef.current;
    const target = initialFocusRef?.current ?? panel?.querySelector<HTMLElement>(FOCUSABLE) ?? panel;
    target?.focus();
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = overflow;
      const back = returnFocusRef.current?.() ?? opener;
      if (back?.isConnected) back.focus();
    };
  }, [open, initialFocusRef]);

  if (!open) return null;

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onCloseRef.current();
      return;
    }
    if (event.key !== 'Tab' || !panelRef.current) return;
    const focusable = Array.from(panelRef.current.querySelectorAll<HTMLElement>(FOCUSABLE));
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (!first || !last) {
      event.preventDefault();
      return;
    }
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return createPortal(
    <div className={`dialog-root dialog-root--${variant}`}>
      <div className="dialog-backdrop" aria-hidden="true" onClick={() => onCloseRef.current()} />
      <div
        ref={panelRef}
        className={`dialog dialog--${variant}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        aria-describedby={description ? `${id}-desc` : undefined}
        tabIndex={-1}
        onKeyDown={onKeyDown}
      >
        <div className="dialog__header">
          <h2 id={`${id}-title`} className={showTitle ? 'dialog__title' : 'visually-hidden'}>
            {title}
          </h2>
          <button type="button" className="icon-button dialog__close" onClick={() => onCloseRef.current()}>
            <svg
              aria-hidden="true"
              viewBox="0 0 24 24"
              width="20"
              height="20"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
            >
              <path d="M6 6l12 12M18 6L6 18" strokeLinecap="round" />
            </svg>
            <span className="visually-hidden">{closeLabel}</span>
          </button>
        </div>
        {description && (
          <p id={`${id}-desc`} className="dialog__description">
            {description}
          </p>
        )}
        {children && <div className="dialog__body">{children}</div>}
        {footer && <div className="dialog__footer">{footer}</div>}
      </div>
    </div>,
    document.body,
  );
}
