import { Link } from 'react-router';
import type { LinkProps } from 'react-router';
import { buttonClasses } from './button-classes';
import type { ButtonLook } from './button-classes';

type ButtonLinkProps = LinkProps & Omit<ButtonLook, 'className'>;

/** A link that looks like a `Button` (same variants and sizes); its content is not wrapped. */
export function ButtonLink({ variant, size, block, className, ...rest }: ButtonLinkProps) {
  return <Link className={buttonClasses({ variant, size, block, className })} {...rest} />;
}
