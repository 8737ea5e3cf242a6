import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths';

/** Links to the three sections, for empty lists. */
export function BrowseLinks() {
  const { t } = useTranslation('shop');
  return (
    <nav aria-label={t('empty.browse')} className="browse-links">
      <Link className="btn btn--primary btn--md" to={paths.bookshop.getHref()}>
        {t('empty.bookshop')}
      </Link>
      <Link className="btn btn--secondary btn--md" to={paths.professional.getHref()}>
        {t('empty.professional')}
      </Link>
      <Link className="btn btn--secondary btn--md" to={paths.academic.getHref()}>
        {t('empty.academic')}
      </Link>
    </nav>
  );
}
