import type { ReactNode } from 'react';
import { FieldError } from '@/components/ui/field';

/** A required choice among a few options, as radio buttons under a legend (with a hint and an error). */
export function RadioGroup<T extends string>({
  legend,
  name,
  value,
  options,
  onChange,
  error,
  disabled,
  hint,
}: {
  legend: string;
  name: string;
  value: T | '';
  options: { value: T; label: string; description?: string }[];
  onChange: (value: T) => void;
  error?: string | undefined;
  disabled?: boolean;
  hint?: ReactNode;
}) {
  return (
    <fieldset
      className={`choice-group${error ? ' field--invalid' : ''}`}
      aria-describedby={error ? `${name}-error` : undefined}
    >
      <legend className="field__label">
        {legend}
        <span className="field__required" aria-hidden="true">
          {' '}
          *
        </span>
      </legend>
      {hint && <p className="field__hint">{hint}</p>}
      {options.map((option) => (
        <label key={option.value} className="choice">
          <input
            type="radio"
            name={name}
            value={option.value}
            checked={value === option.value}
            disabled={disabled}
            onChange={() => onChange(option.value)}
          />
          <span>
            <span className="choice__label">{option.label}</span>
            {option.description && <span className="choice__description">{option.description}</span>}
          </span>
        </label>
      ))}
      {error && <FieldError id={`${name}-error`}>{error}</FieldError>}
    </fieldset>
  );
}
