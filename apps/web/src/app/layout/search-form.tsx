import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { SearchBox } from '@/components/ui/search-box';
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
  return (
    <SearchBox
      className={className}
      label={t('search.label')}
      placeholder={t('search.placeholder')}
      submitLabel={t('search.submit')}
      autoFocus={autoFocus}
      onSearch={(text) => {
        onSearch?.();
        void navigate(searchHref(pathname, text));
      }}
    />
  );
}
