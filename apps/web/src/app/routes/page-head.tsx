import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/ui/page-header';
import type { Crumb } from '@/components/ui/breadcrumb';
import { paths } from '@/config/paths';
import { Seo } from '@/components/seo/seo';
import type { JsonLd } from '@/components/seo/json-ld';

type PageHeadProps = {
  title: string;
  description: string;
  /** Path of this page, for the BreadcrumbList. */
  path: string;
  intro?: ReactNode;
  trail?: Crumb[];
  /** Breadcrumb label of this page when it differs from the title. */
  currentLabel?: string;
  jsonLd?: JsonLd | JsonLd[];
};

/** Document head (title, description, JSON-LD with the breadcrumb) and the heading band of a screen. */
export function PageHead({
  title,
  description,
  path,
  intro,
  trail = [],
  currentLabel,
  jsonLd,
}: PageHeadProps) {
  const { t } = useTranslation('common');
  const breadcrumb = [
    { path: paths.home.getHref(), label: t('nav.home') },
    ...trail,
    { path, label: currentLabel ?? title },
  ];
  return (
    <>
      <Seo title={title} description={description} breadcrumb={breadcrumb} {...(jsonLd ? { jsonLd } : {})} />
      <PageHeader title={title} intro={intro} trail={trail} {...(currentLabel ? { currentLabel } : {})} />
    </>
  );
}
