import { Link } from 'react-router';
import { skipToken } from '@reduxjs/toolkit/query';
import { useTranslation } from 'react-i18next';
import type { ProductPage, Section } from '@hls/contract';
import { SEARCH_CANDIDATES } from '@hls/contract/values';
import { BrowseLinks } from '@/components/ui/browse-links';
import { Button } from '@/components/ui/button';
import { ButtonLink } from '@/components/ui/button-link';
import { EmptyState } from '@/components/ui/empty-state';
import { SearchIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { useGetSearchSuggestionsQuery, useListProductsQuery } from '../api/catalog-api';
import { sectionPages } from '../catalog-trail';
import {
  RESULTS_PER_SECTION,
  searchedSections,
  sectionSearchArgs,
  sectionSearchHref,
} from '../search-sections';
import { ProductCard } from './product-card';
import { ProductCardSkeleton } from './product-card-skeleton';

/** A search's results in every section: per section its count, its first results and a link to all of them. */
export function SearchResults({ search }: { search: string }) {
  const { t } = useTranslation('catalog');
  // The three lists are asked for at once (the route's loader has usually started them).
  const book = useListProductsQuery(sectionSearchArgs('book', search));
  const professional = useListProductsQuery(sectionSearchArgs('professional', search));
  const academic = useListProductsQuery(sectionSearchArgs('academic', search));
  const queries = { book, professional, academic };

  const settled = searchedSections.every(
    (section) => queries[section].currentData || queries[section].isError,
  );
  const nothing = settled && searchedSections.every((section) => queries[section].currentData?.count === 0);
  // Asked at once by the route's loader; read only when nothing matches anywhere.
  const { data: suggested } = useGetSearchSuggestionsQuery(nothing ? search : skipToken);
  // A section whose words matched nothing searched for their closest title words: the results say so.
  const corrected = searchedSections
    .map((section) => queries[section].currentData)
    .find((page) => page?.correctedSearch && page.count > 0)?.correctedSearch;

  if (nothing) {
    return (
      <EmptyState
        title={t('searchAll.emptyTitle', { search })}
        text={t('searchAll.emptyBody')}
        icon={<SearchIcon size={40} />}
      >
        {suggested && suggested.suggestions.length > 0 && (
          <nav className="search-suggestions" aria-label={t('searchAll.suggestionsLabel')}>
            <p className="search-suggestions__intro">{t('searchAll.didYouMean')}</p>
            <ul className="search-suggestions__list">
              {suggested.suggestions.map((text) => (
                <li key={text}>
                  <Link to={paths.search.getHref(text)} className="search-suggestions__link">
                    {text}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        )}
        <BrowseLinks />
      </EmptyState>
    );
  }

  // Sections with results come first; the others stay below, in their usual order, saying they have none.
  const hasResults = (section: Section) => (queries[section].currentData?.count ?? 0) > 0;
  const ordered = settled
    ? [...searchedSections].sort((a, b) => Number(hasResults(b)) - Number(hasResults(a)))
    : searchedSections;

  return (
    <div className="search-results">
      {corrected && (
        <p className="search-results__corrected" role="status">
          {t('searchAll.corrected', { search, corrected })}
        </p>
      )}
      {ordered.map((section) => (
        <SectionResults key={section} section={section} search={search} query={queries[section]} />
      ))}
    </div>
  );
}

/** What a section shows of its list query. */
type SectionQuery = { currentData?: ProductPage | undefined; isError: boolean; refetch: () => unknown };

function SectionResults({
  section,
  search,
  query,
}: {
  section: Section;
  search: string;
  query: SectionQuery;
}) {
  const { t } = useTranslation(['catalog', 'common']);
  const { currentData, isError, refetch } = query;
  const sectionTitle = t(`common:${sectionPages[section].titleKey}`);
  const headingId = `search-results-${section}`;
  const count = currentData?.count ?? 0;
  const atLeast = count >= SEARCH_CANDIDATES;

  let status: string;
  if (currentData) status = t(atLeast ? 'searchAll.countAtLeast' : 'searchAll.count', { count });
  else if (isError) status = t('list.errorTitle');
  else status = t('list.loading');

  return (
    <section className="search-section" aria-labelledby={headingId}>
      <div className="search-section__head">
        <h2 id={headingId} className="search-section__title">
          {sectionTitle}
        </h2>
        <p className="search-section__count">{status}</p>
      </div>
      {!currentData && !isError && (
        <ul className="product-grid search-section__grid" aria-hidden="true">
          {Array.from({ length: RESULTS_PER_SECTION }, (_, index) => (
            <li key={index}>
              <ProductCardSkeleton />
            </li>
          ))}
        </ul>
      )}
      {!currentData && isError && (
        <div className="catalog-state catalog-state--error" role="alert">
          <p>{t('list.errorBody')}</p>
          <Button size="sm" onClick={() => void refetch()}>
            {t('list.retry')}
          </Button>
        </div>
      )}
      {currentData && count === 0 && <p className="search-section__none">{t('searchAll.noneHere')}</p>}
      {currentData && currentData.results.length > 0 && (
        <>
          <ul className="product-grid search-section__grid">
            {currentData.results.slice(0, RESULTS_PER_SECTION).map((product) => (
              <li key={product.id}>
                <ProductCard product={product} />
              </li>
            ))}
          </ul>
          <p className="search-section__more">
            <ButtonLink
              variant="secondary"
              to={sectionSearchHref(section, search)}
              aria-label={t(atLeast ? 'searchAll.seeAllAtLeastIn' : 'searchAll.seeAllIn', {
                count,
                section: sectionTitle,
              })}
            >
              {t(atLeast ? 'searchAll.seeAllAtLeast' : 'searchAll.seeAll', { count })}
            </ButtonLink>
          </p>
        </>
      )}
    </section>
  );
}
