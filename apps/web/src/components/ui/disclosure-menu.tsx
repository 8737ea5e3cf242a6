import { useEffect, useId, useRef, useState } from 'react';
import type { ReactNode, RefObject } from 'react';
import { useLocation } from 'react-router';

type DisclosureMenuProps = {
  /** Accessible name of the toggle button. */
  label: string;
  /** Visible content of the toggle button (icon, badge). */
  trigger: ReactNode;
  align?: 'start' | 'end';
  className?: string;
  /** The toggle button, for a dialog opened from the menu to give the focus back to. */
  buttonRef?: RefObject<HTMLButtonElement | null>;
  children: (close: () => void) => ReactNode;
};

/** Button that shows a panel below it; Escape, a click outside or a navigation closes it. */
export function DisclosureMenu({
  label,
  trigger,
  align = 'end',
  className,
  buttonRef: givenButtonRef,
  children,
}: DisclosureMenuProps) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const ownButtonRef = useRef<HTMLButtonElement>(null);
  const buttonRef = givenButtonRef ?? ownButtonRef;
  const { pathname } = useLocation();
  const [openedAt, setOpenedAt] = useState(pathname);

  if (open && openedAt !== pathname) {
    setOpen(false);
    setOpenedAt(pathname);
  }

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (rootRef.current && !rootRef.current.contains(event.target as Node)) setOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        buttonRef.current?.focus();
      }
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open, buttonRef]);

  return (
    <div className={`disclosure${className ? ` ${className}` : ''}`} ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className="icon-button header-action"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={label}
        onClick={() => {
          setOpenedAt(pathname);
          setOpen((value) => !value);
        }}
      >
        {trigger}
      </button>
      <div id={panelId} className={`disclosure__panel disclosure__panel--${align}`} hidden={!open}>
        {open && children(() => setOpen(false))}
      </div>
    </div>
  );
}
