import { useId } from 'react';
import type { InputHTMLAttributes, ReactNode } from 'react';

type CheckboxProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'id'> & {
  label: ReactNode;
  description?: ReactNode;
};

export function Checkbox({ label, description, ...inputProps }: CheckboxProps) {
  const id = useId();
  return (
    <div className="checkbox">
      <input
        id={id}
        type="checkbox"
        className="checkbox__input"
        aria-describedby={description ? `${id}-desc` : undefined}
        {...inputProps}
      />
      <label htmlFor={id} className="checkbox__label">
        {label}
      </label>
      {description && (
        <p id={`${id}-desc`} className="checkbox__description">
          {description}
        </p>
      )}
    </div>
  );
}
