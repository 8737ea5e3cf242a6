import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';

export type Crumb = { path: string; label: string };

/** Trail of pages, the last one being the current page. */
export function Breadcrumb({ pages }: { pages: Crumb[] }) {
  const { t } = useTranslation('common');
  return (
    <nav aria-label={t('breadcrumb.label')} className="breadcrumb">
      <ol>
        {pages.map((page, index) => {
          const current = index === pages.length - 1;
          return (
            <li key={`${page.path}-${index}`}>
              {current ? (
                <span aria-current="page">{page.label}</span>
              ) : (
                <Link to={page.path}>{page.label}</Link>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
