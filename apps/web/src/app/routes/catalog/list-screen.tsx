import { useTranslation } from 'react-i18next';
import type { LoaderFunctionArgs } from 'react-router';
import type { Section } from '@hls/contract';
import { loaderStore } from '@/app/current-store';
import { catalogApi } from '@/features/catalog/api/catalog-api';
import { parseListParams, toCatalogFilter } from '@/features/catalog/list-params';
import { PageHeader } from '@/components/ui/page-header';
import { sectionPages, sectionTrail } from '@/features/catalog/catalog-trail';
import { CatalogList } from '@/features/catalog/components/catalog-list';
import { useListParams } from '@/features/catalog/use-list-params';
import { Seo } from '@/components/seo/seo';

/**
 * Starts a section list's requests (the page of results the URL asks for, and the categories of the filters) as
 * soon as the screen's code is there: on the server, its render waits for them.
 */
// eslint-disable-next-line react-refresh/only-export-components -- used by the list route modules.
export function listLoader(section: Section) {
  return ({ request, context }: LoaderFunctionArgs) => {
    const store = loaderStore(context);
    if (store) {
      const state = parseListParams(new URL(request.url).searchParams, section);
      const args = { section, filter: toCatalogFilter(state), page: state.page };
      void store.dispatch(catalogApi.util.prefetch('listProducts', args, {}));
      void store.dispatch(catalogApi.util.prefetch('getCategories', { section }, {}));
    }
    return null;
  };
}

/** A section's list screen: its head (title, description, breadcrumb data), heading and the list itself. */
export function ListScreen({ section }: { section: Section }) {
  const { t } = useTranslation(['catalog', 'common']);
  const [state, setState] = useListParams(section);
  const page = sectionPages[section];
  const sectionTitle = t(`common:${page.titleKey}`);
  let title = state.search
    ? t('catalog:seo.searchTitle', { search: state.search, section: sectionTitle })
    : sectionTitle;
  if (state.page > 1) title = t('catalog:seo.pageTitle', { title, page: state.page });

  return (
    <>
      <Seo
        title={title}
        description={t(`catalog:seo.listDescription.${section}`)}
        breadcrumb={sectionTrail(section, t)}
      />
      <PageHeader title={sectionTitle} intro={t(`common:${page.introKey}`)} />
      <CatalogList section={section} state={state} onChange={setState} path={page.path} />
    </>
  );
}
