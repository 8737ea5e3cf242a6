import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { SearchIcon } from '@/components/ui/icons';
import { searchHref } from './search-href';

/** The catalogue search of the header and the mobile menu: on a list it filters that list, elsewhere all sections. */
export function SearchForm({
  className,
  autoFocus = false,
  onSearch,
}: {
  className: string;
  autoFocus?: boolean;
  /** Called before the navigation (closes the menu or panel that holds the form). */
  onSearch?: () => void;
}) {
  const { t } = useTranslation('common');
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const inputId = useId();
  const [query, setQuery] = useState('');

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSearch?.();
    navigate(searchHref(pathname, query.trim()));
  };

  return (
    <form role="search" className={className} onSubmit={submit}>
      <label htmlFor={inputId} className="visually-hidden">
        {t('search.label')}
      </label>
      <input
        id={inputId}
        type="search"
        className="input"
        placeholder={t('search.placeholder')}
        value={query}
        autoFocus={autoFocus}
        onChange={(event) => setQuery(event.target.value)}
      />
      <button type="submit" className="btn btn--primary btn--md">
        <SearchIcon />
        <span className="visually-hidden">{t('search.submit')}</span>
      </button>
    </form>
  );
}
