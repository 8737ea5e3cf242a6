type SpinnerProps = { label: string; size?: 'sm' | 'md' | 'lg' };

export function Spinner({ label, size = 'md' }: SpinnerProps) {
  return (
    // The ring turns: the corners of its square box pass the spinner's edges at each quarter turn, though the circle
    // drawn never does (`data-overflow`: a box measured for overflow in the screen checks, allowed here).
    <span className={`spinner spinner--${size}`} role="status" data-overflow="allowed">
      <span className="spinner__ring" aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </span>
  );
}

/** Centred spinner used while a screen, the translations or the saved state load. */
export function PageSpinner({ label }: { label: string }) {
  return (
    <div className="page-spinner">
      <Spinner label={label} size="lg" />
    </div>
  );
}
