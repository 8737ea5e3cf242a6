import type { ReactNode } from 'react';

/** A term and its value in a definition list (`<dl>`), grouped so that they stay together. */
export function Fact({
  term,
  className,
  children,
}: {
  term: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div>
      <dt>{term}</dt>
      <dd className={className}>{children}</dd>
    </div>
  );
}
