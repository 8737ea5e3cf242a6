import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths';
import { Breadcrumb } from './breadcrumb';
import type { Crumb } from './breadcrumb';

type PageHeaderProps = {
  title: string;
  intro?: ReactNode;
  trail?: Crumb[];
  /** Breadcrumb label of the current page when it differs from the title. */
  currentLabel?: string;
};

/** Heading band of a screen: breadcrumb Home > … > title, then the h1. */
export function PageHeader({ title, intro, trail = [], currentLabel }: PageHeaderProps) {
  const { t } = useTranslation('common');
  const pages: Crumb[] = [
    { path: paths.home.getHref(), label: t('nav.home') },
    ...trail,
    { path: '', label: currentLabel ?? title },
  ];
  return (
    <div className="page-header">
      <div className="container">
        <Breadcrumb pages={pages} />
        <h1 className="page-header__title">{title}</h1>
        {intro && <p className="page-header__intro">{intro}</p>}
      </div>
    </div>
  );
}
