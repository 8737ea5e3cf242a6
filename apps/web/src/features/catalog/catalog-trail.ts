import type { ProductSummary, Section } from '@hls/contract';
import type { TFunction } from 'i18next';
import { paths, productPath } from '@/config/paths';

export type TrailPage = { path: string; label: string };

/** List screen and title key of each section. */
export const sectionPages: Record<Section, { path: string; titleKey: string; introKey: string }> = {
  academic: { path: paths.academic.getHref(), titleKey: 'titles.academic', introKey: 'intros.academic' },
  professional: {
    path: paths.professional.getHref(),
    titleKey: 'titles.professional',
    introKey: 'intros.professional',
  },
  book: { path: paths.bookshop.getHref(), titleKey: 'titles.bookshop', introKey: 'intros.bookshop' },
};

/** Home > section, the breadcrumb of a list screen. */
export function sectionTrail(section: Section, t: TFunction): TrailPage[] {
  const page = sectionPages[section];
  return [
    { path: paths.home.getHref(), label: t('common:nav.home') },
    { path: page.path, label: t(`common:${page.titleKey}`) },
  ];
}

/** Home > section > category > product, the breadcrumb of a detail screen. */
export function productTrail(product: ProductSummary, t: TFunction, lang: 'fr' | 'en'): TrailPage[] {
  const list = sectionPages[product.section].path;
  return [
    ...sectionTrail(product.section, t),
    { path: `${list}?category=${product.category.id}`, label: product.category.name[lang] },
    { path: productPath(product), label: product.title },
  ];
}
