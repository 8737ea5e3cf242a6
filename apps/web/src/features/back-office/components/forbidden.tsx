import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/ui/empty-state';
import { paths } from '@/config/paths';

/** What a logged-in user without the editor or admin role sees: the server refused them (403). */
export function BackOfficeForbidden({ text }: { text?: string }) {
  const { t } = useTranslation('backoffice');
  return (
    <EmptyState title={t('forbidden.title')} text={text ?? t('forbidden.text')}>
      <Link className="btn btn--primary btn--md" to={paths.home.getHref()}>
        {t('forbidden.home')}
      </Link>
    </EmptyState>
  );
}
