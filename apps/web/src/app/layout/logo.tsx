export function Logo() {
  return (
    <span className="logo" aria-hidden="true">
      <svg viewBox="0 0 40 40" width="36" height="36">
        <rect width="40" height="40" rx="9" fill="#14213d" />
        <path d="M10 11h4v7.5h8V11h4v18h-4v-7h-8v7h-4z" fill="#fff" />
        <rect x="28" y="11" width="3.5" height="18" rx="1" fill="#e9a23b" />
      </svg>
      <span className="logo__text">
        HLS
        <span className="logo__tagline">Books · Pro · Campus</span>
      </span>
    </span>
  );
}
