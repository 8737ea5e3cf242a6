import type { ReactNode } from 'react';

type AlertProps = { tone?: 'info' | 'error' | 'success'; title?: ReactNode; children?: ReactNode };

/** Inline message; errors are announced (role=alert), other tones politely (role=status). */
export function Alert({ tone = 'info', title, children }: AlertProps) {
  return (
    <div className={`alert alert--${tone}`} role={tone === 'error' ? 'alert' : 'status'}>
      {title && <p className="alert__title">{title}</p>}
      {children && <div className="alert__body">{children}</div>}
    </div>
  );
}
