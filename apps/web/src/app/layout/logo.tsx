import { useTranslation } from 'react-i18next';

/** Brand mark; `extraLabel` is read after "HLS" by screen readers only (e.g. where the logo links home). */
export function Logo({ extraLabel }: { extraLabel?: string }) {
  const { t } = useTranslation('common');
  return (
    <span className="logo">
      <svg viewBox="0 0 40 40" width="36" height="36" aria-hidden="true" focusable="false">
        <rect width="40" height="40" rx="9" fill="#14213d" />
        <path d="M10 11h4v7.5h8V11h4v18h-4v-7h-8v7h-4z" fill="#fff" />
        <rect x="28" y="11" width="3.5" height="18" rx="1" fill="#e9a23b" />
      </svg>
      <span className="logo__text">
        HLS
        {extraLabel && <span className="visually-hidden">, {extraLabel}</span>}
        <span className="logo__tagline" aria-hidden="true">
          {t('tagline')}
        </span>
      </span>
    </span>
  );
}
