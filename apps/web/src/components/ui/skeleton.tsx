import type { CSSProperties } from 'react';

/** A grey placeholder block with a soft shimmer; hidden from assistive technologies (announce loading elsewhere). */
export function Skeleton({
  width,
  height,
  className,
  style,
}: {
  width?: string;
  height?: string;
  className?: string;
  style?: CSSProperties;
}) {
  return (
    <span
      aria-hidden="true"
      className={`skeleton${className ? ` ${className}` : ''}`}
      style={{ width, height, ...style }}
    />
  );
}
