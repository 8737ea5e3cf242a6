import { useTranslation } from 'react-i18next';
import type { Section } from '@hls/contract';
import { PageHeader } from '@/components/ui/page-header';
import { sectionPages, sectionTrail } from '@/features/catalog/catalog-trail';
import { CatalogList } from '@/features/catalog/components/catalog-list';
import { useListParams } from '@/features/catalog/use-list-params';
import { Seo } from '@/features/seo/seo';

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
