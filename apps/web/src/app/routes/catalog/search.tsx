import { useNavigate, useSearchParams } from 'react-router';
import type { LoaderFunctionArgs } from 'react-router';
import { useTranslation } from 'react-i18next';
import { loaderStore } from '@/app/current-store';
import { Seo } from '@/components/seo/seo';
import { SearchBox } from '@/components/ui/search-box';
import { PageHeader } from '@/components/ui/page-header';
import { paths } from '@/config/paths';
import { catalogApi } from '@/features/catalog/api/catalog-api';
import { SearchResults } from '@/features/catalog/components/search-results';
import { readSearch } from '@/features/catalog/list-params';
import { searchedSections, sectionSearchArgs } from '@/features/catalog/search-sections';

/** Starts the three sections' searches at once; on the server, the render waits for them. */
// eslint-disable-next-line react-refresh/only-export-components -- React Router reads `loader` from the route module.
export function loader({ request, context }: LoaderFunctionArgs) {
  const store = loaderStore(context);
  const search = readSearch(new URL(request.url).searchParams);
  if (store && search) {
    for (const section of searchedSections)
      void store.dispatch(catalogApi.util.prefetch('listProducts', sectionSearchArgs(section, search), {}));
    // Asked with them, so that a search finding nothing is rendered with its close spellings.
    void store.dispatch(catalogApi.util.prefetch('getSearchSuggestions', search, {}));
  }
  return null;
}

/** /search?search=…: a search from anywhere, in the bookshop, the professional files and the student files. */
export function Component() {
  const { t } = useTranslation(['catalog', 'common']);
  const [params] = useSearchParams();
  const search = readSearch(params);
  const title = t('common:titles.search');

  return (
    <>
      <Seo
        title={search ? t('catalog:searchAll.seoTitle', { search }) : title}
        description={t('catalog:searchAll.description')}
      />
      <PageHeader title={title} intro={search ? t('catalog:list.searchFor', { search }) : undefined} />
      <div className="container search-page">
        <SearchForm key={search} value={search} />
        {search ? (
          <SearchResults search={search} />
        ) : (
          <p className="search-page__prompt">{t('catalog:searchAll.prompt')}</p>
        )}
      </div>
    </>
  );
}

function SearchForm({ value }: { value: string }) {
  const { t } = useTranslation('catalog');
  const navigate = useNavigate();
  return (
    <SearchBox
      className="catalog-search search-page__form"
      inputClassName="catalog-search__input"
      buttonClassName="catalog-search__submit"
      submitText
      value={value}
      label={t('searchAll.label')}
      placeholder={t('searchAll.placeholder')}
      submitLabel={t('search.submit')}
      onSearch={(text) => void navigate(paths.search.getHref(text))}
    />
  );
}
