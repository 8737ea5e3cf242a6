import type { ReactNode } from 'react';

export type FileTypeName =
  'excel' | 'word' | 'powerpoint' | 'powerbi' | 'publisher' | 'pdf' | 'package' | 'access' | 'epub';

/** Colour and mark of each file type, after the applications' own icons (readable at 16–64 px). */
const looks: Record<FileTypeName, { color: string; mark: ReactNode }> = {
  excel: { color: '#1d6f42', mark: <Letter>X</Letter> },
  word: { color: '#2b579a', mark: <Letter>W</Letter> },
  powerpoint: { color: '#c43e1c', mark: <Letter>P</Letter> },
  publisher: { color: '#077568', mark: <Letter>P</Letter> },
  access: { color: '#a4373a', mark: <Letter>A</Letter> },
  pdf: {
    color: '#b30b00',
    mark: (
      <text
        x="12"
        y="17.2"
        textAnchor="middle"
        fontSize="6.2"
        fontWeight="700"
        fill="#fff"
        fontFamily="Arial, sans-serif"
      >
        PDF
      </text>
    ),
  },
  epub: {
    color: '#5b6e1f',
    mark: (
      <text
        x="12"
        y="17.2"
        textAnchor="middle"
        fontSize="5.4"
        fontWeight="700"
        fill="#fff"
        fontFamily="Arial, sans-serif"
      >
        EPUB
      </text>
    ),
  },
  powerbi: {
    color: '#8a6a00',
    mark: (
      <g fill="#fff">
        <rect x="7.5" y="13" width="2.4" height="5" rx="0.6" />
        <rect x="10.8" y="10.5" width="2.4" height="7.5" rx="0.6" />
        <rect x="14.1" y="8" width="2.4" height="10" rx="0.6" />
      </g>
    ),
  },
  package: {
    color: '#6b4f2a',
    mark: (
      <g fill="none" stroke="#fff" strokeWidth="1.3" strokeLinejoin="round">
        <path d="M12 8.2 16.6 10.6v5L12 18l-4.6-2.4v-5z" />
        <path d="M7.4 10.6 12 13l4.6-2.4M12 13v5" />
      </g>
    ),
  },
};

function Letter({ children }: { children: string }) {
  return (
    <text
      x="12"
      y="17.6"
      textAnchor="middle"
      fontSize="8.5"
      fontWeight="700"
      fill="#fff"
      fontFamily="Arial, sans-serif"
    >
      {children}
    </text>
  );
}

type FileTypeIconProps = {
  type: FileTypeName;
  size?: number;
  /** Accessible name (e.g. "Excel file"); without it the icon is decorative. */
  label?: string;
  className?: string;
};

/** A document sheet in the colour of its application, with the application's mark. */
export function FileTypeIcon({ type, size = 24, label, className }: FileTypeIconProps) {
  const look = looks[type];
  const a11y = label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true };
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      focusable="false"
      className={`file-type-icon file-type-icon--${type}${className ? ` ${className}` : ''}`}
      {...a11y}
    >
      {label && <title>{label}</title>}
      <path d="M5 2.5h9.5L20 8v12.5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1v-17a1 1 0 0 1 1-1z" fill={look.color} />
      <path d="M14.5 2.5V7a1 1 0 0 0 1 1H20z" fill="#fff" opacity="0.45" />
      {look.mark}
    </svg>
  );
}
