import type { ComponentPropsWithRef } from 'react';
import { Spinner } from './spinner';

type ButtonProps = ComponentPropsWithRef<'button'> & {
  variant?: 'primary' | 'accent' | 'secondary' | 'ghost' | 'danger' | 'link';
  size?: 'sm' | 'md' | 'lg';
  block?: boolean;
  /** Shows a spinner and disables the button while a request runs; `busyLabel` is announced. */
  busy?: boolean;
  busyLabel?: string;
};

export function Button({
  variant = 'primary',
  size = 'md',
  block = false,
  busy = false,
  busyLabel,
  className,
  children,
  disabled,
  type = 'button',
  ...rest
}: ButtonProps) {
  const classes = ['btn', `btn--${variant}`, `btn--${size}`, block ? 'btn--block' : '', className ?? '']
    .filter(Boolean)
    .join(' ');
  return (
    <button
      type={type}
      className={classes}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      {...rest}
    >
      {busy && <Spinner size="sm" label={busyLabel ?? ''} />}
      <span>{children}</span>
    </button>
  );
}
