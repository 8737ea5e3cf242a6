/** Accepted card brands, drawn inline (no third-party images). */
export function PaymentLogos({ label }: { label: string }) {
  return (
    <ul className="payment-logos" aria-label={label}>
      <li>
        <svg role="img" aria-label="Visa" viewBox="0 0 60 38" width="54" height="34">
          <rect width="60" height="38" rx="5" fill="#fff" />
          <text
            x="30"
            y="25"
            textAnchor="middle"
            fontFamily="Arial, sans-serif"
            fontWeight="700"
            fontStyle="italic"
            fontSize="16"
            fill="#1a1f71"
          >
            VISA
          </text>
        </svg>
      </li>
      <li>
        <svg role="img" aria-label="Mastercard" viewBox="0 0 60 38" width="54" height="34">
          <rect width="60" height="38" rx="5" fill="#fff" />
          <circle cx="25" cy="19" r="10" fill="#eb001b" />
          <circle cx="35" cy="19" r="10" fill="#f79e1b" />
          <path d="M30 10.3a10 10 0 0 1 0 17.4 10 10 0 0 1 0-17.4z" fill="#ff5f00" />
        </svg>
      </li>
      <li>
        <svg role="img" aria-label="CB" viewBox="0 0 60 38" width="54" height="34">
          <rect width="60" height="38" rx="5" fill="#fff" />
          <rect x="8" y="8" width="44" height="22" rx="3" fill="#0f5c99" />
          <text
            x="30"
            y="24"
            textAnchor="middle"
            fontFamily="Arial, sans-serif"
            fontWeight="700"
            fontSize="13"
            fill="#fff"
          >
            CB
          </text>
        </svg>
      </li>
      <li>
        <svg role="img" aria-label="American Express" viewBox="0 0 60 38" width="54" height="34">
          <rect width="60" height="38" rx="5" fill="#1f72cd" />
          <text
            x="30"
            y="23"
            textAnchor="middle"
            fontFamily="Arial, sans-serif"
            fontWeight="700"
            fontSize="10"
            fill="#fff"
          >
            AMEX
          </text>
        </svg>
      </li>
    </ul>
  );
}
