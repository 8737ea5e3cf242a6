import type { ComponentPropsWithRef, ReactNode } from 'react';
import { buttonClasses } from './button-classes';
import type { ButtonLook } from './button-classes';
import { Spinner } from './spinner';

type ButtonProps = ComponentPropsWithRef<'button'> &
  Omit<ButtonLook, 'className'> & {
    /** Shows a spinner and disables the button while a request runs; `busyLabel` is announced. */
    busy?: boolean;
    busyLabel?: string;
    /** An icon before the label (the spinner takes its place while the button is busy). */
    icon?: ReactNode;
  };

export function Button({
  variant,
  size,
  block,
  busy = false,
  busyLabel,
  icon,
  className,
  children,
  disabled,
  type = 'button',
  ...rest
}: ButtonProps) {
  return (
    <button
      type={type}
      className={buttonClasses({ variant, size, block, className })}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      {...rest}
    >
      {busy ? <Spinner size="sm" label={busyLabel ?? ''} /> : icon}
      <span>{children}</span>
    </button>
  );
}
