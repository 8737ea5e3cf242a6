import type { FormEvent, ReactNode } from 'react';
import { Button } from './button';

type FilterFormProps = {
  /** The search landmark's name. */
  label: string;
  /** Extra classes of the form and of its grid of fields (a screen's own column layout). */
  className?: string;
  gridClassName?: string;
  /** The grid of fields. */
  children: ReactNode;
  /** What stands before the buttons (a checkbox); without it the buttons sit at the end of their row. */
  aside?: ReactNode;
  applyLabel: string;
  resetLabel: string;
  onApply: () => void;
  onReset: () => void;
};

/** A list's filters: a search form with its fields, Apply (the submit) and Reset. */
export function FilterForm({
  label,
  className,
  gridClassName,
  children,
  aside,
  applyLabel,
  resetLabel,
  onApply,
  onReset,
}: FilterFormProps) {
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onApply();
  };
  return (
    <form
      className={`bo-filters card${className ? ` ${className}` : ''}`}
      role="search"
      aria-label={label}
      onSubmit={submit}
    >
      <div className={`bo-filters__grid${gridClassName ? ` ${gridClassName}` : ''}`}>{children}</div>
      <div className={`bo-filters__row${aside ? '' : ' bo-filters__row--end'}`}>
        {aside}
        <div className="bo-filters__actions">
          <Button type="submit">{applyLabel}</Button>
          <Button variant="ghost" onClick={onReset}>
            {resetLabel}
          </Button>
        </div>
      </div>
    </form>
  );
}
