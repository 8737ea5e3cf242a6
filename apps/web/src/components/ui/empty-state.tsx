import type { ReactNode } from 'react';

type EmptyStateProps = { title: string; text: ReactNode; icon?: ReactNode; children?: ReactNode };

/** What a screen shows when it has nothing to list, with where to go next. */
export function EmptyState({ title, text, icon, children }: EmptyStateProps) {
  return (
    <div className="empty-state">
      {icon && (
        <span className="empty-state__icon" aria-hidden="true">
          {icon}
        </span>
      )}
      <h2 className="empty-state__title">{title}</h2>
      <p className="empty-state__text">{text}</p>
      {children && <div className="empty-state__actions">{children}</div>}
    </div>
  );
}
