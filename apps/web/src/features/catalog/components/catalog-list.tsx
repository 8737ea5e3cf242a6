import { useEffect, useId, useOptimistic, useRef, useState, useTransition } from 'react';
import { useTranslation } from 'react-i18next';
import type { Section, SortOrder } from '@hls/contract';
import { COUNT_CAP, SEARCH_CANDIDATES } from '@hls/contract/values';
import { Button } from '@/components/ui/button';
import { ButtonLink } from '@/components/ui/button-link';
import { Dialog } from '@/components/ui/dialog';
import { Pagination } from '@/components/ui/pagination';
import { SearchBox } from '@/components/ui/search-box';
import { useListProductsQuery } from '../api/catalog-api';
import {
  effectiveSort,
  emptyListParams,
  hasActiveFilters,
  sectionFilters,
  toCatalogFilter,
  toSearchParams,
} from '../list-params';
import type { ListParams } from '../list-params';
import { FilterPanel } from './filter-panel';
import { ProductCard } from './product-card';
import { ProductCardSkeleton } from './product-card-skeleton';

type CatalogListProps = {
  section: Section;
  state: ListParams;
  /** Writes the new state to the URL; settles once it shows. */
  onChange: (next: ListParams) => Promise<void> | void;
  /** Path of the list screen, for the page links. */
  path: string;
};

const SKELETONS = 8;
const EAGER_CARDS = 4;

/** A section's list: filters, search, sort, results with their count, pagination; all held in the URL. */
export function CatalogList({ section, state: urlState, onChange: writeUrl, path }: CatalogListProps) {
  const { t } = useTranslation('catalog');
  // Controls show the new choice at once, while the router moves to the new URL.
  const [state, setOptimisticState] = useOptimistic(urlState);
  const [, startTransition] = useTransition();
  const onChange = (next: ListParams) =>
    startTransition(async () => {
      setOptimisticState(next);
      await writeUrl(next);
    });
  const ids = useId();
  const [filtersOpen, setFiltersOpen] = useState(false);
  const resultsHeading = useRef<HTMLHeadingElement>(null);
  const { currentData, isFetching, isError, refetch } = useListProductsQuery({
    section,
    filter: toCatalogFilter(state),
    page: state.page,
  });

  // Moving to another page puts the reader at the top of the new results.
  const shownPage = useRef(state.page);
  useEffect(() => {
    if (shownPage.current !== state.page) resultsHeading.current?.focus();
    shownPage.current = state.page;
  }, [state.page]);

  const filtered = hasActiveFilters(state);
  const activeCount =
    (state.category !== null ? 1 : 0) +
    state.fileTypes.length +
    (state.edition ? 1 : 0) +
    (state.minPrice !== null || state.maxPrice !== null ? 1 : 0) +
    (state.language ? 1 : 0);
  const reset = () => onChange(emptyListParams);
  const loading = isFetching && !currentData;
  const hrefFor = (page: number) => {
    const query = toSearchParams({ ...state, page }).toString();
    return query ? `${path}?${query}` : path;
  };

  // A count at the cap of its list (or of a search's ranking) means "at least that many".
  const atLeast =
    currentData !== undefined && currentData.count >= (state.search ? SEARCH_CANDIDATES : COUNT_CAP);
  let status = '';
  if (loading) status = t('list.loading');
  else if (isError) status = t('list.errorTitle');
  else if (currentData)
    status = t(atLeast ? 'list.countAtLeast' : 'list.count', { count: currentData.count });

  // "Show N results" closes the sheet onto the results; Escape or its close button, onto the filters button.
  const afterSheet = useRef<HTMLElement | null>(null);
  const showResults = () => {
    afterSheet.current = resultsHeading.current;
    setFiltersOpen(false);
  };
  const showResultsLabel = currentData
    ? t(atLeast ? 'filters.showResultsAtLeast' : 'filters.showResults', { count: currentData.count })
    : t('filters.close');
  const resetButton = filtered && (
    <Button variant="link" size={null} onClick={reset}>
      {t('filters.reset')}
    </Button>
  );

  return (
    <div className="container catalog-layout">
      <aside className="catalog-sidebar" aria-labelledby={`${ids}-filters`}>
        {/* Below the desktop breakpoint the filters open in a full-screen sheet. */}
        <Button
          variant="secondary"
          className="catalog-sidebar__toggle"
          aria-haspopup="dialog"
          aria-expanded={filtersOpen}
          onClick={() => {
            afterSheet.current = null;
            setFiltersOpen(true);
          }}
          icon={
            <svg
              aria-hidden="true"
              width="18"
              height="18"
              viewBox="0 0 24 24"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.8"
              strokeLinecap="round"
            >
              <path d="M4 6h16M7 12h10M10 18h4" />
            </svg>
          }
        >
          {activeCount > 0 ? t('filters.toggleCount', { count: activeCount }) : t('filters.toggle')}
        </Button>
        <div className="catalog-sidebar__panel">
          <div className="catalog-sidebar__head">
            <h2 id={`${ids}-filters`} className="catalog-sidebar__title">
              {t('filters.title')}
            </h2>
            {resetButton}
          </div>
          <FilterPanel section={section} state={state} onChange={onChange} />
        </div>
      </aside>
      <Dialog
        open={filtersOpen}
        onClose={() => setFiltersOpen(false)}
        title={t('filters.title')}
        closeLabel={t('filters.close')}
        variant="sheet"
        returnFocusTo={() => afterSheet.current}
        footer={
          <Button block onClick={showResults}>
            {showResultsLabel}
          </Button>
        }
      >
        {resetButton && <div className="catalog-sheet__reset">{resetButton}</div>}
        <FilterPanel section={section} state={state} onChange={onChange} />
      </Dialog>

      <div className="catalog-main">
        <div className="catalog-toolbar">
          <ListSearch
            key={state.search}
            section={section}
            value={state.search}
            onSearch={(search) => onChange({ ...state, search, page: 1 })}
          />
          <SortSelect
            section={section}
            state={state}
            onSort={(sort) => onChange({ ...state, sort, page: 1 })}
          />
        </div>
        <div className="catalog-summary">
          <p role="status" className="catalog-summary__count">
            {status}
          </p>
          {state.search && (
            <p className="catalog-summary__search">
              {t('list.searchFor', { search: state.search })}{' '}
              <Button variant="link" size={null} onClick={() => onChange({ ...state, search: '', page: 1 })}>
                {t('list.clearSearch')}
              </Button>
            </p>
          )}
        </div>
        <h2 ref={resultsHeading} tabIndex={-1} className="visually-hidden">
          {state.page > 1 ? t('list.resultsPage', { page: state.page }) : t('list.results')}
        </h2>

        {loading && (
          <ul className="product-grid" aria-hidden="true">
            {Array.from({ length: SKELETONS }, (_, index) => (
              <li key={index}>
                <ProductCardSkeleton />
              </li>
            ))}
          </ul>
        )}

        {!loading && isError && (
          <div className="catalog-state catalog-state--error" role="alert">
            <h3>{t('list.errorTitle')}</h3>
            <p>{t('list.errorBody')}</p>
            <Button onClick={() => void refetch()}>{t('list.retry')}</Button>
          </div>
        )}

        {!loading && !isError && currentData && currentData.results.length === 0 && (
          <div className="catalog-state">
            <h3>{state.page > 1 && currentData.count > 0 ? t('list.pastEndTitle') : t('list.emptyTitle')}</h3>
            <p>{filtered ? t('list.emptyFiltered') : t('list.emptyBody')}</p>
            <div className="catalog-state__actions">
              {state.page > 1 && (
                <ButtonLink variant="secondary" to={hrefFor(1)}>
                  {t('list.firstPage')}
                </ButtonLink>
              )}
              {filtered && <Button onClick={reset}>{t('filters.reset')}</Button>}
            </div>
          </div>
        )}

        {!loading && !isError && currentData && currentData.results.length > 0 && (
          <>
            <ul className={`product-grid${isFetching ? ' is-refreshing' : ''}`} aria-busy={isFetching}>
              {currentData.results.map((product, index) => (
                <li key={product.id}>
                  <ProductCard product={product} eager={index < EAGER_CARDS} />
                </li>
              ))}
            </ul>
            <Pagination
              page={state.page}
              pages={currentData.pages}
              hrefFor={hrefFor}
              labels={{
                nav: t('pagination.label'),
                previous: t('pagination.previous'),
                next: t('pagination.next'),
                page: (page) => t('pagination.page', { page }),
              }}
            />
          </>
        )}
      </div>
    </div>
  );
}

function ListSearch({
  section,
  value,
  onSearch,
}: {
  section: Section;
  value: string;
  onSearch: (text: string) => void;
}) {
  const { t } = useTranslation('catalog');
  return (
    <SearchBox
      className="catalog-search"
      inputClassName="catalog-search__input"
      buttonClassName="catalog-search__submit"
      submitText
      value={value}
      label={t(`search.label.${section}`)}
      placeholder={t(`search.placeholder.${section}`)}
      submitLabel={t('search.submit')}
      onSearch={onSearch}
    />
  );
}

function SortSelect({
  section,
  state,
  onSort,
}: {
  section: Section;
  state: ListParams;
  onSort: (sort: SortOrder) => void;
}) {
  const { t } = useTranslation('catalog');
  const id = useId();
  const orders: SortOrder[] = [
    ...(state.search ? (['relevance'] as const) : []),
    'newest',
    ...(sectionFilters(section).price ? (['price_asc', 'price_desc'] as const) : []),
    'title',
  ];
  return (
    <div className="catalog-sort">
      <label htmlFor={id} className="catalog-sort__label">
        {t('sort.label')}
      </label>
      <select
        id={id}
        className="input select catalog-sort__select"
        value={effectiveSort(state)}
        onChange={(e) => onSort(e.target.value as SortOrder)}
      >
        {orders.map((order) => (
          <option key={order} value={order}>
            {t(`sort.${order}`)}
          </option>
        ))}
      </select>
    </div>
  );
}
