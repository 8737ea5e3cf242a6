import { useId, useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import { buttonClasses } from './button-classes';
import { SearchIcon } from './icons';

/** Longest search text the lists accept. */
export const SEARCH_MAX_LENGTH = 100;

type SearchBoxProps = {
  /** Accessible name of the search field. */
  label: string;
  placeholder: string;
  /** Name of the submit button: shown beside the icon when `submitText` is set, else visually hidden. */
  submitLabel: string;
  /** Receives the trimmed text. */
  onSearch: (text: string) => void;
  value?: string;
  className?: string;
  inputClassName?: string;
  buttonClassName?: string;
  submitText?: boolean;
  autoFocus?: boolean;
};

/** A search form: a labelled search field and its submit button (Enter submits too). */
export function SearchBox({
  label,
  placeholder,
  submitLabel,
  onSearch,
  value = '',
  className,
  inputClassName,
  buttonClassName,
  submitText = false,
  autoFocus = false,
}: SearchBoxProps) {
  const id = useId();
  const [text, setText] = useState(value);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSearch(text.trim().slice(0, SEARCH_MAX_LENGTH));
  };
  const buttonText: ReactNode = submitText ? (
    <span className="search-box__submit-text">{submitLabel}</span>
  ) : (
    <span className="visually-hidden">{submitLabel}</span>
  );
  return (
    <form role="search" className={className} onSubmit={submit}>
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <input
        id={id}
        type="search"
        className={inputClassName ? `input ${inputClassName}` : 'input'}
        placeholder={placeholder}
        maxLength={SEARCH_MAX_LENGTH}
        value={text}
        autoFocus={autoFocus}
        onChange={(event) => setText(event.target.value)}
      />
      {/* Not a Button: its label keeps its own class (hidden on narrow screens) with nothing around it. */}
      <button type="submit" className={buttonClasses({ className: buttonClassName })}>
        <SearchIcon />
        {buttonText}
      </button>
    </form>
  );
}
