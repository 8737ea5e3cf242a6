export type ButtonVariant = 'primary' | 'accent' | 'secondary' | 'ghost' | 'danger' | 'link' | 'on-dark';
export type ButtonSize = 'sm' | 'md' | 'lg';

export type ButtonLook = {
  variant?: ButtonVariant;
  /** `null`: no size class (a link-styled button that takes the size of the text around it). */
  size?: ButtonSize | null;
  /** The full width of its container. */
  block?: boolean;
  className?: string | undefined;
};

/**
 * The classes of a button (`btn btn--primary btn--md …`), for `Button`, `ButtonLink` and the few elements that
 * look like a button without being one of them (an external link, a download that keeps its own markup).
 */
export function buttonClasses({
  variant = 'primary',
  size = 'md',
  block = false,
  className,
}: ButtonLook = {}) {
  return ['btn', `btn--${variant}`, size ? `btn--${size}` : '', block ? 'btn--block' : '', className ?? '']
    .filter(Boolean)
    .join(' ');
}
