import { RATING_MAX } from '@hls/contract/values';

const STAR = 'M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.5L12 17.3l-5.9 3.2 1.3-6.5-4.9-4.6 6.6-.8z';

function StarRow({ className }: { className: string }) {
  return (
    <span className={className}>
      {Array.from({ length: RATING_MAX }, (_, i) => (
        <svg key={i} viewBox="0 0 24 24" width="1em" height="1em" aria-hidden="true" focusable="false">
          <path d={STAR} />
        </svg>
      ))}
    </span>
  );
}

/**
 * Stars filled to `value` (0–5, fractions too), read by assistive technology as `label` alone ("4.5 out of 5,
 * 12 reviews"): the stars themselves are decoration.
 */
export function RatingStars({
  value,
  label,
  size = 'md',
  className,
}: {
  value: number;
  label: string;
  size?: 'sm' | 'md' | 'lg';
  className?: string;
}) {
  const filled = Math.max(0, Math.min(RATING_MAX, value)) / RATING_MAX;
  return (
    <span
      className={`rating-stars rating-stars--${size}${className ? ` ${className}` : ''}`}
      role="img"
      aria-label={label}
    >
      <StarRow className="rating-stars__empty" />
      <span className="rating-stars__filled" style={{ width: `${filled * 100}%` }}>
        <StarRow className="rating-stars__row" />
      </span>
    </span>
  );
}
