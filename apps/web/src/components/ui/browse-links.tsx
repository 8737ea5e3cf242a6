import { useTranslation } from 'react-i18next';
import { ButtonLink } from '@/components/ui/button-link';
import { paths } from '@/config/paths';

/** Links to the three sections, for empty lists. */
export function BrowseLinks() {
  const { t } = useTranslation('shop');
  return (
    <nav aria-label={t('empty.browse')} className="browse-links">
      <ButtonLink to={paths.bookshop.getHref()}>{t('empty.bookshop')}</ButtonLink>
      <ButtonLink variant="secondary" to={paths.professional.getHref()}>
        {t('empty.professional')}
      </ButtonLink>
      <ButtonLink variant="secondary" to={paths.academic.getHref()}>
        {t('empty.academic')}
      </ButtonLink>
    </nav>
  );
}
