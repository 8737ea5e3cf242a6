import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { SearchBox } from '@/components/ui/search-box';
import { paths, SEARCH_PARAM } from '@/config/paths';

/**
 * The catalogue search of the header and the mobile menu: it looks in all three sections at once (/search). On
 * the results, it holds the text searched.
 */
export function SearchForm({
  className,
  autoFocus = false,
  onSearch,
}: {
  className: string;
  autoFocus?: boolean;
  /** Called before the navigation (closes the menu that holds the form). */
  onSearch?: () => void;
}) {
  const { t } = useTranslation('common');
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const current = pathname === paths.search.path ? (new URLSearchParams(search).get(SEARCH_PARAM) ?? '') : '';
  return (
    <SearchBox
      key={current}
      className={className}
      value={current}
      label={t('search.label')}
      placeholder={t('search.placeholder')}
      submitLabel={t('search.submit')}
      autoFocus={autoFocus}
      onSearch={(text) => {
        onSearch?.();
        void navigate(paths.search.getHref(text));
      }}
    />
  );
}
