import { useTranslation } from 'react-i18next';
import { ButtonLink } from '@/components/ui/button-link';
import { EmptyState } from '@/components/ui/empty-state';
import { paths } from '@/config/paths';

/** What a logged-in user without the editor or admin role sees: the server refused them (403). */
export function EditorialForbidden() {
  const { t } = useTranslation('editorial');
  return (
    <EmptyState title={t('forbidden.title')} text={t('forbidden.text')}>
      <ButtonLink to={paths.home.getHref()}>{t('forbidden.home')}</ButtonLink>
    </EmptyState>
  );
}
